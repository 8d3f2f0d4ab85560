#include "normalize/spoken_number.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include "normalize/fold.hpp"
#include "normalize/lexicon.hpp"

namespace invox::normalize {

namespace {

const Token* word_at(const Tokens& t, size_t i) {
  return i < t.size() && t[i].kind == TokenKind::Word ? &t[i] : nullptr;
}

// "thirty-eight": a hyphen glued on both sides joins two number words.
size_t skip_joiner(const Tokens& t, size_t j) {
  if (j + 1 < t.size() && t[j].is_punct("-") && !t[j].space_before && !t[j + 1].space_before &&
      t[j + 1].kind == TokenKind::Word)
    return j + 1;
  return j;
}

// A digit word including the spoken zero "oh"/"o".
std::optional<int> digit_or_oh(std::string_view w) {
  if (auto z = spoken_zero(w)) return z;
  return digit_word(w);
}

enum class Last { None, Digit, Teen, Tens, Hundred, Big, And };

struct WordParse {
  double value = 0.0;
  size_t end = 0;
  bool ordinal = false;
  bool used_scale = false;
  Last last = Last::None;
};

// Plain cardinal (and ordinal) words: "one hundred and twenty", "twenty first", "a thousand".
std::optional<WordParse> parse_cardinal_words(const Tokens& t, size_t i) {
  double total = 0, current = 0, big_limit = std::numeric_limits<double>::infinity();
  Last last = Last::None;
  bool a_prefix = false, ordinal = false, used_scale = false;
  size_t j = i, end = i;
  if ((word_is(t, i, "a") || word_is(t, i, "an")) && i + 1 < t.size() && scale_word(t[i + 1].text)) {
    a_prefix = true;
    j = i + 1;
  }
  while (true) {
    const size_t k = last == Last::None ? j : skip_joiner(t, j);
    const Token* tok = word_at(t, k);
    if (!tok) break;
    const std::string& w = tok->text;
    const bool after_scale = last == Last::None || last == Last::Hundred || last == Last::Big || last == Last::And;
    if (auto d = digit_word(w)) {
      if (*d == 0) {
        if (last != Last::None) break;
        end = k + 1;
        last = Last::Digit;
        break;  // "zero" stands alone (a following "point" is handled by the caller)
      }
      if (!(after_scale || last == Last::Tens)) break;
      current += *d;
      last = Last::Digit;
    } else if (auto teen = teen_word(w)) {
      if (!after_scale) break;
      current += *teen;
      last = Last::Teen;
    } else if (auto tens = tens_word(w)) {
      if (!after_scale) break;
      current += *tens;
      last = Last::Tens;
    } else if (w == "hundred") {
      const bool ok = last == Last::Digit || last == Last::Teen || last == Last::Tens || (last == Last::None && a_prefix);
      if (!ok || current >= 100) break;
      current = (current == 0 ? 1 : current) * 100;
      last = Last::Hundred;
      used_scale = true;
    } else if (auto scale = scale_word(w)) {
      const bool ok = (last != Last::None || a_prefix) && last != Last::And && *scale < big_limit;
      if (!ok) break;
      total += (current == 0 ? 1 : current) * *scale;
      current = 0;
      big_limit = *scale;
      last = Last::Big;
      used_scale = true;
    } else if (w == "and") {
      const Token* next = word_at(t, k + 1);
      if (!(last == Last::Hundred || last == Last::Big) || !next ||
          !(digit_word(next->text) || teen_word(next->text) || tens_word(next->text) || ordinal_word(next->text)))
        break;
      j = k + 1;
      last = Last::And;
      continue;  // "and" alone never ends a number
    } else if (auto o = ordinal_word(w)) {
      bool ok = false;
      if (*o < 10) ok = after_scale || last == Last::Tens;
      else if (*o < 100) ok = after_scale;
      else if (*o == 100) ok = last == Last::Digit || last == Last::Teen || last == Last::Tens || last == Last::None;
      if (!ok) break;
      if (*o == 100) current = (current == 0 ? 1 : current) * 100;
      else if (*o == 1000) { total += (current == 0 ? 1 : current) * 1000; current = 0; }
      else current += *o;
      ordinal = true;
      end = k + 1;
      last = Last::Digit;
      break;
    } else {
      break;
    }
    j = end = k + 1;
  }
  if (end == i || (a_prefix && end == i + 1)) return std::nullopt;
  return WordParse{total + current, end, ordinal, used_scale, last};
}

// "point five", "point oh two", "point twenty five" after an integer part; returns the fraction.
std::optional<double> parse_point_fraction(const Tokens& t, size_t i, size_t& end) {
  if (!word_is(t, i, "point")) return std::nullopt;
  std::string digits;
  size_t j = i + 1;
  while (const Token* w = word_at(t, j)) {
    auto d = digit_or_oh(w->text);
    if (!d) break;
    digits += static_cast<char>('0' + *d);
    ++j;
  }
  if (digits.empty()) {
    size_t last = 0;
    if (auto g = parse_two_digit_group(t, i + 1, last, false); g && *g >= 10) {
      digits = std::to_string(*g);
      j = last;
    }
  }
  if (digits.empty()) return std::nullopt;
  end = j;
  return std::stod("0." + digits);
}

// The denominator a word after a count of `count` parts names: "quarters" and "halves", or an
// ordinal from third to tenth in the plural ("eighths"), or in the singular after one ("one
// third"); nullopt when the parts would make more than a whole ("five quarters" is no share).
std::optional<double> fraction_denominator(const Token* w, double count) {
  constexpr int kMinOrdinal = 3;
  constexpr int kMaxOrdinal = 10;
  if (!w || count < 1 || std::floor(count) != count) return std::nullopt;
  std::optional<double> den;
  if (w->text == "quarters" || (count == 1 && w->text == "quarter")) den = 4;
  if (w->text == "halves") den = 2;
  std::string_view word = w->text;
  const bool plural = word.ends_with("s");
  if (plural) word.remove_suffix(1);
  if (!den && (plural || count == 1)) {
    if (auto o = ordinal_word(word); o && *o >= kMinOrdinal && *o <= kMaxOrdinal) den = *o;
  }
  if (!den || count >= *den) return std::nullopt;
  return den;
}

// "and a half", "and a quarter", "and three quarters".
std::optional<double> parse_and_fraction(const Tokens& t, size_t i, size_t& end) {
  if (!word_is(t, i, "and")) return std::nullopt;
  if ((word_is(t, i + 1, "a") || word_is(t, i + 1, "one")) && word_is(t, i + 2, "half")) return end = i + 3, 0.5;
  if ((word_is(t, i + 1, "a") || word_is(t, i + 1, "one")) && word_is(t, i + 2, "quarter")) return end = i + 3, 0.25;
  if (word_is(t, i + 1, "three") && word_is(t, i + 2, "quarters")) return end = i + 3, 0.75;
  return std::nullopt;
}

// Three or more digit words read as a numeral ("four four seven one", "one oh two").
std::optional<NumberMatch> parse_digit_run(const Tokens& t, size_t i) {
  if (i < t.size() && t[i].kind == TokenKind::Word && spoken_zero(t[i].text)) return std::nullopt;
  std::string digits;
  size_t j = i;
  while (const Token* w = word_at(t, j)) {
    auto d = digit_or_oh(w->text);
    if (!d) break;
    digits += static_cast<char>('0' + *d);
    ++j;
  }
  if (digits.size() < 3) return std::nullopt;
  NumberMatch m;
  m.value = std::stod(digits);
  m.first = i;
  m.last = j;
  return m;
}

std::optional<NumberMatch> parse_unsigned_at(const Tokens& t, size_t i, const NumberOptions& opts) {
  if (i >= t.size()) return std::nullopt;
  NumberMatch m;
  m.first = i;
  bool can_pair = false;
  if (t[i].kind == TokenKind::Number) {
    bool ord = false;
    auto v = parse_numeral(t[i].text, opts.decimal_comma, &ord);
    if (!v || (ord && !opts.ordinals)) return std::nullopt;
    m.value = *v;
    m.ordinal = ord;
    m.from_digits = true;
    m.last = i + 1;
    // "2.5 million", "3 hundred"
    if (!ord && m.last < t.size() && t[m.last].kind == TokenKind::Word) {
      if (auto s = scale_word(t[m.last].text)) {
        m.value *= *s;
        ++m.last;
      }
    }
  } else if (auto run = opts.digit_runs ? parse_digit_run(t, i) : std::nullopt) {
    m = *run;
  } else if (auto w = parse_cardinal_words(t, i)) {
    if (w->ordinal && !opts.ordinals) return std::nullopt;
    m.value = w->value;
    m.last = w->end;
    m.ordinal = w->ordinal;
    can_pair = opts.group_pairs && !w->ordinal && !w->used_scale && m.value >= 1 && m.value < 100;
  } else if (const Token* w = word_at(t, i), *next = word_at(t, i + 1);
             w && next && frequency_word(w->text, next->text)) {
    return NumberMatch{*frequency_word(w->text, next->text), i, i + 1, false, false};  // "once a day"
  } else if (opts.fractions) {
    // Standalone fractions: "half", "a half", "half a dozen", "a dozen".
    size_t j = i;
    if (word_is(t, j, "a") || word_is(t, j, "an")) ++j;
    if (word_is(t, j, "half")) {
      if (word_is(t, j + 1, "a") && word_is(t, j + 2, "dozen")) return NumberMatch{6, i, j + 3, false, false};
      return NumberMatch{0.5, i, j + 1, false, false};
    }
    if (j > i && word_is(t, j, "dozen")) return NumberMatch{12, i, j + 1, false, false};
    if (j > i && word_is(t, j, "quarter")) return NumberMatch{0.25, i, j + 1, false, false};
    if (word_is(t, i, "point")) {
      size_t end = 0;
      if (auto f = parse_point_fraction(t, i, end)) return NumberMatch{*f, i, end, false, false};
    }
    return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (m.ordinal) return m;
  if (can_pair) {
    size_t last = 0;
    const size_t at = skip_joiner(t, m.last);  // "one-ten", written with a hyphen
    const Token* next = word_at(t, at);
    if (next && !digit_word(next->text)) {
      if (auto g = parse_two_digit_group(t, at, last, true)) {
        m.value = m.value * 100 + *g;
        m.last = last;
      }
    }
  }
  size_t end = 0;
  // "one point eight six million", "two and a half thousand": a scale word after the fraction
  // multiplies the whole number, as after "2.5" written.
  // Six decimals are more than anyone dictates; they drop the binary noise of "point eight six".
  const auto without_noise = [](double v) { return std::round(v * 1e6) / 1e6; };
  const auto scaled_after_fraction = [&](size_t at) {
    if (const Token* w = word_at(t, at); w && !m.from_digits)
      if (auto s = scale_word(w->text); s && *s >= 1000) {
        m.value = without_noise(m.value * *s);
        m.last = at + 1;
      }
  };
  if (auto f = parse_point_fraction(t, m.last, end); f && std::floor(m.value) == m.value) {
    m.value = without_noise(m.value + *f);
    m.last = end;
    scaled_after_fraction(end);
  } else if (opts.fractions) {
    if (auto f2 = parse_and_fraction(t, m.last, end)) {
      m.value += *f2;
      m.last = end;
      scaled_after_fraction(end);
    } else if (word_is(t, m.last, "dozen")) {
      m.value *= 12;
      ++m.last;
    } else if (auto den = fraction_denominator(word_at(t, m.last), m.value); den && !m.from_digits) {
      m.value /= *den;  // "three quarters", "seven eighths", "one third"
      ++m.last;
    }
  }
  return m;
}

bool language_is(std::string_view locale, std::string_view lang) {
  return locale.size() >= lang.size() && fold_case_accents(locale.substr(0, lang.size())) == lang &&
         (locale.size() == lang.size() || locale[lang.size()] == '-' || locale[lang.size()] == '_');
}

}  // namespace

bool NumberMatch::is_integer() const { return std::floor(value) == value; }

bool locale_uses_decimal_comma(std::string_view locale) {
  static constexpr std::string_view kCommaLanguages[] = {"de", "fr", "es", "it", "nl", "pt", "ru", "pl", "sv",
                                                         "da", "nb", "nn", "no", "fi", "cs", "sk", "tr", "ro",
                                                         "hu", "el", "uk", "bg", "hr", "sl", "sr", "lt", "lv",
                                                         "et", "id", "is", "ca"};
  for (auto lang : kCommaLanguages)
    if (language_is(locale, lang)) return true;
  return false;
}

NumberOptions number_options_for_locale(std::string_view locale) {
  NumberOptions o;
  o.decimal_comma = locale_uses_decimal_comma(locale);
  return o;
}

std::optional<double> parse_numeral(std::string_view s, bool decimal_comma, bool* ordinal) {
  if (ordinal) *ordinal = false;
  if (s.empty() || s.front() == '\'') return std::nullopt;
  std::string body(s);
  bool negative = false;
  if (body.front() == '-' || body.front() == '+') {
    negative = body.front() == '-';
    body.erase(0, 1);
  }
  if (body.size() > 2) {
    const std::string suffix = body.substr(body.size() - 2);
    if (suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th") {
      body.resize(body.size() - 2);
      for (char c : body)
        if (c < '0' || c > '9') return std::nullopt;
      if (ordinal) *ordinal = true;
    }
  }
  if (body.empty()) return std::nullopt;
  if (body.front() == '.' || body.front() == ',') body.insert(0, "0");
  for (char c : body)
    if (!((c >= '0' && c <= '9') || c == '.' || c == ',')) return std::nullopt;  // ':' '/' '-' are not numbers
  const char dec = decimal_comma ? ',' : '.';
  const char grp = decimal_comma ? '.' : ',';
  const size_t n_dec = static_cast<size_t>(std::count(body.begin(), body.end(), dec));
  const size_t n_grp = static_cast<size_t>(std::count(body.begin(), body.end(), grp));
  std::string plain;
  auto grouped_ok = [](std::string_view int_part, char sep) {
    size_t pos = int_part.find(sep);
    if (pos == std::string_view::npos) return true;
    if (pos == 0 || pos > 3) return false;
    while (pos != std::string_view::npos) {
      const size_t next = int_part.find(sep, pos + 1);
      const size_t len = (next == std::string_view::npos ? int_part.size() : next) - pos - 1;
      if (len != 3) return false;
      pos = next;
    }
    return true;
  };
  if (n_dec <= 1) {
    const size_t dpos = body.find(dec);
    std::string_view int_part = std::string_view(body).substr(0, dpos);
    if (grouped_ok(int_part, grp)) {
      for (char c : int_part)
        if (c != grp) plain += c;
      if (dpos != std::string::npos) plain += "." + body.substr(dpos + 1);
    }
  }
  if (plain.empty() && n_dec == 0 && n_grp == 1) {
    // A lone separator not followed by exactly three digits can only be a decimal point,
    // whatever the locale says ("38.5" in a German-locale transcript).
    const size_t pos = body.find(grp);
    if (body.size() - pos - 1 != 3) plain = body.substr(0, pos) + "." + body.substr(pos + 1);
  }
  if (plain.empty() || plain.back() == '.') return std::nullopt;
  double v = 0;
  auto [ptr, ec] = std::from_chars(plain.data(), plain.data() + plain.size(), v);
  if (ec != std::errc() || ptr != plain.data() + plain.size()) return std::nullopt;
  return negative ? -v : v;
}

std::optional<int> parse_two_digit_group(const Tokens& t, size_t i, size_t& last, bool allow_oh) {
  const Token* w = word_at(t, i);
  if (!w) return std::nullopt;
  if (allow_oh && digit_or_oh(w->text) == 0) {
    const size_t k = skip_joiner(t, i + 1);
    if (const Token* d = word_at(t, k)) {
      if (auto v = digit_word(d->text); v && *v > 0) return last = k + 1, *v;
    }
    return std::nullopt;
  }
  if (auto teen = teen_word(w->text)) return last = i + 1, *teen;
  if (auto tens = tens_word(w->text)) {
    const size_t k = skip_joiner(t, i + 1);
    if (const Token* d = word_at(t, k)) {
      if (auto v = digit_word(d->text); v && *v > 0) return last = k + 1, *tens + *v;
    }
    return last = i + 1, *tens;
  }
  return std::nullopt;
}

size_t skip_number_joiner(const Tokens& t, size_t i) { return skip_joiner(t, i); }

std::optional<int> parse_small_cardinal(const Tokens& t, size_t i, size_t& last) {
  const Token* w = word_at(t, i);
  if (!w) return std::nullopt;
  if (auto d = digit_word(w->text)) return last = i + 1, *d;
  return parse_two_digit_group(t, i, last, false);
}

std::optional<NumberMatch> parse_number_at(const Tokens& t, size_t i, const NumberOptions& opts) {
  if (i >= t.size()) return std::nullopt;
  if (opts.signs && (word_is(t, i, "minus") || word_is(t, i, "negative"))) {
    auto m = parse_unsigned_at(t, i + 1, opts);
    if (!m || m->ordinal) return std::nullopt;
    m->value = -m->value;
    m->first = i;
    return m;
  }
  auto m = parse_unsigned_at(t, i, opts);
  if (m && !opts.signs && m->value < 0) return std::nullopt;
  return m;
}

std::vector<NumberMatch> find_number_matches(const Tokens& tokens, const NumberOptions& opts) {
  std::vector<NumberMatch> out;
  for (size_t i = 0; i < tokens.size();) {
    if (auto m = parse_number_at(tokens, i, opts)) {
      out.push_back(*m);
      i = m->last;
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<NumberPhrase> find_number_phrases(std::string_view text, const NumberOptions& opts) {
  const Tokens tokens = tokenize(text);
  std::vector<NumberPhrase> out;
  for (const auto& m : find_number_matches(tokens, opts))
    out.push_back(NumberPhrase{m.value, tokens[m.first].begin, tokens[m.last - 1].end, m.ordinal, m.from_digits});
  return out;
}

}  // namespace invox::normalize
