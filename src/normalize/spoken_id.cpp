#include "normalize/spoken_id.hpp"

#include <string>

#include "core/lexicon_data.hpp"
#include "invox/normalize.hpp"
#include "normalize/lexicon.hpp"
#include "normalize/spoken_number.hpp"

namespace invox::normalize {

namespace {

bool pair_word(const Token& t) {
  const auto& words = lexicon::lexicon_data();
  return t.kind == TokenKind::Word && (words.teen_words.index_of(t.text) || words.tens_words.index_of(t.text));
}

// Digits said in pairs may open a code ("twenty oh six" -> 2006, "fourteen twelve" -> 1412) when
// another pair, or "oh" and a digit, follows: "twenty two" alone stays a number.
// A compound pair counts as one ("twenty-two oh seven" -> 2207, "twenty one fifteen" -> 2115).
bool opens_pairs(const Tokens& t, size_t i) {
  if (!pair_word(t[i]) || i + 1 >= t.size()) return false;
  size_t n = i + 1;
  if (lexicon::lexicon_data().tens_words.index_of(t[i].text)) {
    const size_t u = t[n].is_punct("-") && !t[n].space_before ? n + 1 : n;
    if (u < t.size() && t[u].kind == TokenKind::Word && digit_word(t[u].text).value_or(0) > 0) n = u + 1;
  }
  if (n >= t.size()) return false;
  const Token& next = t[n];
  if (pair_word(next)) return true;
  return next.kind == TokenKind::Word && spoken_zero(next.text) && n + 1 < t.size() &&
         t[n + 1].kind == TokenKind::Word && digit_word(t[n + 1].text);
}

// One piece: a letter or digits, appended to `out`; returns tokens consumed (0 = none).
size_t piece_at(const Tokens& t, size_t i, std::string& out, int& letters, int& digits) {
  const Token& tok = t[i];
  if (tok.kind == TokenKind::Number) {
    for (char c : tok.text)
      if (c < '0' || c > '9') return 0;
    out += tok.text;
    digits += static_cast<int>(tok.text.size());
    return 1;
  }
  if (tok.kind != TokenKind::Word) return 0;
  const auto& words = lexicon::lexicon_data();
  const bool after_digit = !out.empty() && out.back() >= '0' && out.back() <= '9';
  if (tok.text.size() == 1 && tok.text[0] >= 'a' && tok.text[0] <= 'z' && !(after_digit && spoken_zero(tok.text))) {
    // "o" after a digit is a zero ("six o two"), elsewhere the letter O.
    out += static_cast<char>(tok.text[0] - 'a' + 'A');
    ++letters;
    return 1;
  }
  // "S W dash five hundred" is SW-500: inside a code a scale word multiplies, as in any number.
  if (!out.empty() && i + 1 < t.size() && words.scale_words.find(t[i + 1].text) != words.scale_words.end()) {
    NumberOptions plain;
    plain.digit_runs = plain.group_pairs = plain.fractions = plain.ordinals = plain.signs = false;
    if (auto n = parse_number_at(t, i, plain); n && n->last > i + 1 && n->is_integer() && n->value > 0) {
      const std::string number = std::to_string(static_cast<long long>(n->value));
      out += number;
      digits += static_cast<int>(number.size());
      return n->last - i;
    }
  }
  if (auto d = digit_word(tok.text)) {
    out += static_cast<char>('0' + *d);
    ++digits;
    return 1;
  }
  // Digits said in pairs after the code has begun ("b r twenty two ninety one" -> BR2291).
  if (!out.empty() || opens_pairs(t, i)) {
    if (auto teen = words.teen_words.index_of(tok.text)) {
      out += std::to_string(10 + *teen);
      digits += 2;
      return 1;
    }
    if (auto tens = words.tens_words.index_of(tok.text)) {
      const int value = 10 * (2 + static_cast<int>(*tens));
      // "twenty two", "twenty-seven": the unit digit said after the tens, if any.
      const bool hyphen = i + 2 < t.size() && t[i + 1].is_punct("-") && !t[i + 1].space_before;
      const size_t u = hyphen ? i + 2 : i + 1;
      int unit = 0;
      if (u < t.size() && t[u].kind == TokenKind::Word) unit = digit_word(t[u].text).value_or(0);
      out += std::to_string(value + unit);
      digits += 2;
      return unit > 0 ? u - i + 1 : 1;
    }
  }
  const bool digit_follows = i + 1 < t.size() && (t[i + 1].kind == TokenKind::Number || digit_word(t[i + 1].text));
  if (spoken_zero(tok.text) && (digits > 0 || digit_follows)) {
    out += '0';
    ++digits;
    return 1;
  }
  if (auto rep = words.repeat_words.find(tok.text); rep != words.repeat_words.end() && i + 1 < t.size()) {
    std::string one;
    int l = 0, d = 0;
    if (piece_at(t, i + 1, one, l, d) == 1 && one.size() == 1) {
      const int times = static_cast<int>(rep->second);
      for (int n = 0; n < times; ++n) out += one;
      letters += times * l;
      digits += times * d;
      return 2;
    }
  }
  if (auto k = words.spelling_alphabet.index_of(tok.text)) {
    out += static_cast<char>('A' + *k);
    ++letters;
    return 1;
  }
  return 0;
}

// A digit, or "double"/"triple" before one ("double four two").
bool digit_piece(const Token& t) {
  return t.kind == TokenKind::Number ||
         (t.kind == TokenKind::Word && (digit_word(t.text) || spoken_zero(t.text) ||
                                        lexicon::lexicon_data().repeat_words.contains(t.text)));
}

}  // namespace

std::optional<SpokenId> parse_spoken_id_at(const Tokens& t, size_t i) {
  SpokenId id;
  id.first = i;
  size_t k = i;
  int pieces = 0;
  while (k < t.size()) {
    if (pieces > 0 && t[k].is_punct("-") && k + 1 < t.size()) {
      std::string probe;
      int l = 0, d = 0;
      if (piece_at(t, k + 1, probe, l, d)) {
        ++k;  // a dash inside a spoken code ("k t - nine") is dropped
        continue;
      }
    }
    if (pieces > 0 && k + 1 < t.size() && t[k].kind == TokenKind::Word &&
        lexicon::lexicon_data().spoken_dashes.contains(t[k].text) && id.value.back() != '-') {
      std::string probe;
      int l = 0, d = 0;
      if (piece_at(t, k + 1, probe, l, d)) {
        id.value += '-';  // "N B dash three": the hyphen is written where it is said
        ++k;
        continue;
      }
    }
    // Digits read in groups ("six one seven, five five five, oh one nine three").
    if (pieces > 0 && t[k].is_punct(",") && k + 2 < t.size() && !id.value.empty() && id.value.back() >= '0' &&
        id.value.back() <= '9' && digit_piece(t[k + 1]) && digit_piece(t[k + 2])) {
      ++k;  // the next group has two digits or more: not a count said after a code
      continue;
    }
    const size_t n = piece_at(t, k, id.value, id.letters, id.digits);
    if (!n) break;
    k += n;
    ++pieces;
  }
  if (pieces < 2) return std::nullopt;
  id.last = k;
  return id;
}

}  // namespace invox::normalize

namespace invox {

std::optional<SpokenIdPrefix> parse_spoken_id_prefix(std::string_view text) {
  const normalize::Tokens t = normalize::tokenize(text);
  if (t.empty()) return std::nullopt;
  auto id = normalize::parse_spoken_id_at(t, 0);
  if (!id) return std::nullopt;
  return SpokenIdPrefix{id->value, id->letters, id->digits, t[id->last - 1].end};
}

}  // namespace invox
