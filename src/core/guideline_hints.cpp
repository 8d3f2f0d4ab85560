#include "core/guideline_hints.hpp"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <unordered_map>

#include "core/lexicon_data.hpp"
#include "util/strings.hpp"

namespace invox {

namespace {

constexpr std::string_view kLeftSingle = "\xE2\x80\x98", kRightSingle = "\xE2\x80\x99";
constexpr std::string_view kLeftDouble = "\xE2\x80\x9C", kRightDouble = "\xE2\x80\x9D";

bool alnum_at(std::string_view s, size_t i) { return i < s.size() && std::isalnum(static_cast<unsigned char>(s[i])); }

struct Quoted {
  size_t begin = 0, end = 0;  // including the quote marks
  std::string text;
};

// Length of an opening quote at i ('x', "x", ‘x’, “x”) and the closing mark it needs, or 0.
size_t open_quote(std::string_view s, size_t i, std::string_view* close) {
  if (s.substr(i, 3) == kLeftSingle) return *close = kRightSingle, 3;
  if (s.substr(i, 3) == kLeftDouble) return *close = kRightDouble, 3;
  if (s[i] != '\'' && s[i] != '"') return 0;
  // A straight quote opens at a word start ("'SNF'", not "driver's") before a non-space.
  if (i > 0 && alnum_at(s, i - 1)) return 0;
  if (i + 1 >= s.size() || std::isspace(static_cast<unsigned char>(s[i + 1]))) return 0;
  *close = s.substr(i, 1);
  return 1;
}

// Quoted phrases of s, in order. A straight apostrophe closes only at a word end, so
// "'driver's seat'" keeps its inner one.
std::vector<Quoted> find_quotes(std::string_view s) {
  std::vector<Quoted> out;
  for (size_t i = 0; i < s.size(); ++i) {
    std::string_view close;
    const size_t len = open_quote(s, i, &close);
    if (!len) continue;
    for (size_t j = i + len; j < s.size(); ++j) {
      if (s.substr(j, close.size()) != close) continue;
      if (close == "'" && alnum_at(s, j + 1)) continue;
      out.push_back({i, j + close.size(), util::trim(s.substr(i + len, j - i - len))});
      i = j + close.size() - 1;
      break;
    }
  }
  return out;
}

// Splits at ';', new lines and sentence ends (". " + uppercase, not after "Dr."), never inside quotes.
std::vector<std::string> split_clauses(std::string_view s) {
  std::vector<std::string> out;
  const auto quotes = find_quotes(s);
  auto in_quote = [&](size_t i) {
    return std::any_of(quotes.begin(), quotes.end(), [&](const Quoted& q) { return i > q.begin && i + 1 < q.end; });
  };
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    bool cut = (s[i] == ';' || s[i] == '\n') && !in_quote(i);
    if (s[i] == '.' && !in_quote(i) && i + 2 < s.size() && s[i + 1] == ' ' &&
        std::isupper(static_cast<unsigned char>(s[i + 2]))) {
      size_t w = i;
      while (w > start && std::isalpha(static_cast<unsigned char>(s[w - 1]))) --w;
      cut = !lexicon::lexicon_data().abbreviations.contains(util::to_lower_ascii(s.substr(w, i - w)));
    }
    if (cut) {
      out.emplace_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  if (start < s.size()) out.emplace_back(s.substr(start));
  return out;
}

// A mapping side without its punctuation and quotes: " room air." -> "room air".
std::string clean_side(std::string_view s) {
  std::string t = util::trim(s);
  while (!t.empty() && (t.back() == '.' || t.back() == ',' || t.back() == ';' || t.back() == ')')) t.pop_back();
  while (!t.empty() && t.front() == '(') t.erase(0, 1);
  t = util::trim(t);
  auto quotes = find_quotes(t);
  if (quotes.size() == 1 && quotes[0].begin == 0 && quotes[0].end == t.size()) return quotes[0].text;
  return t;
}

size_t find_arrow(std::string_view s, size_t from, size_t* width) {
  size_t best = std::string_view::npos;
  for (std::string_view a : {"->", "=>", "\xE2\x86\x92"}) {
    size_t p = s.find(a, from);
    if (p < best) best = p, *width = a.size();
  }
  return best;
}

// "falls and collisions" -> "falls", "collisions": the joiner before a list's last item.
void add_list_piece(std::string piece, bool last, bool example, const std::string& target, GuidelineHints& out) {
  if (!find_quotes(piece).empty()) return;  // quoted phrases are aliases
  piece = clean_side(piece);
  if (piece.empty()) return;
  if (last) {
    for (std::string_view joiner : {" and ", " or "}) {
      size_t at = piece.rfind(joiner);
      if (at == std::string::npos) continue;
      add_list_piece(piece.substr(0, at), false, example, target, out);
      piece = clean_side(piece.substr(at + joiner.size()));
      break;
    }
  }
  if (!piece.empty()) out.items.push_back({piece, target, example});
}

// Items of the comma list in `text` (none unless it has a comma).
void add_list_items(std::string_view text, bool example, const std::string& target, GuidelineHints& out) {
  if (text.find(',') == std::string_view::npos) return;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    bool last = comma == std::string_view::npos;
    add_list_piece(std::string(text.substr(start, last ? std::string_view::npos : comma - start)), last, example,
                   target, out);
    if (last) break;
    start = comma + 1;
  }
}

// "A breed implies the species: labrador, collie, terrier -> dog", "the animal is unwell
// (vomiting, not eating, itchy) -> illness": a left side that lists a category's members (after
// any introduction up to a colon) or gives examples in parentheses.
void parse_items(std::string_view lhs, const std::string& target, GuidelineHints& out) {
  if (size_t colon = lhs.rfind(':'); colon != std::string_view::npos) lhs = lhs.substr(colon + 1);
  std::string outside;
  size_t pos = 0;
  for (size_t open = lhs.find('('); open != std::string_view::npos; open = lhs.find('(', pos)) {
    size_t close = lhs.find(')', open);
    if (close == std::string_view::npos) break;
    outside += lhs.substr(pos, open - pos);
    add_list_items(lhs.substr(open + 1, close - open - 1), true, target, out);
    pos = close + 1;
  }
  outside += lhs.substr(std::min(pos, lhs.size()));
  add_list_items(outside, false, target, out);
}

// "'a' or 'b' -> x, 'c' -> y": each arrow maps the quoted phrases (or a short unquoted phrase)
// on its left to the text on its right, up to the next mapping.
void parse_mappings(std::string_view clause, GuidelineHints& out) {
  size_t pos = 0, width = 0;
  size_t arrow = find_arrow(clause, pos, &width);
  while (arrow != std::string_view::npos) {
    std::string_view lhs = clause.substr(pos, arrow - pos);
    // "without lead-ins such as 'this covers' or a leading 'the' ('This one covers X' -> 'X')": an
    // arrow inside parentheses maps what the parentheses hold, not the quoted words around them.
    const size_t open = lhs.rfind('(');
    if (open != std::string_view::npos && lhs.find(')', open) == std::string_view::npos) lhs = lhs.substr(open + 1);
    const size_t rhs_begin = arrow + width;
    size_t next_width = 0;
    const size_t next_arrow = find_arrow(clause, rhs_begin, &next_width);
    size_t rhs_end = clause.size();
    if (next_arrow != std::string_view::npos) {
      // The next mapping's left side starts after the last comma (or at the first quote) before its arrow.
      const size_t comma = clause.rfind(',', next_arrow);
      const size_t quote = clause.find_first_of("'\"", rhs_begin);
      rhs_end = comma != std::string_view::npos && comma > rhs_begin ? comma : next_arrow;
      if (quote != std::string_view::npos && quote < rhs_end) rhs_end = quote;
    } else if (const size_t comma = clause.find(',', rhs_begin); comma != std::string_view::npos) {
      rhs_end = comma;
    }
    const std::string target = clean_side(clause.substr(rhs_begin, rhs_end - rhs_begin));
    std::vector<std::string> phrases;
    for (auto& q : find_quotes(lhs)) phrases.push_back(q.text);
    if (phrases.empty()) {
      const std::string plain = clean_side(lhs);  // "Walk-in only -> true"
      if (std::count(plain.begin(), plain.end(), ' ') < 5) phrases.push_back(plain);
    }
    if (!target.empty())
      for (auto& p : phrases)
        if (!p.empty()) out.aliases.push_back({p, target});
    if (!target.empty()) parse_items(lhs, target, out);
    pos = rhs_end;
    arrow = next_arrow;
  }
}

// The offset after `key` where it starts a word in `lower`, or npos.
size_t after_key(const std::string& lower, std::string_view key) {
  for (size_t pos = lower.find(key); pos != std::string::npos; pos = lower.find(key, pos + 1))
    if (pos == 0 || !std::isalpha(static_cast<unsigned char>(lower[pos - 1]))) return pos + key.size();
  return std::string::npos;
}

// "rounded to a whole cm" -> 0, "Kilograms, one decimal" -> 1, "2 decimal places" -> 2.
std::optional<int> asked_decimals(const std::string& lower) {
  const auto& words = lexicon::lexicon_data();
  for (const auto& phrase : words.whole_number_phrases)
    if (size_t at = after_key(lower, util::join(phrase, " "));
        at != std::string::npos && (at == lower.size() || !std::isalpha(static_cast<unsigned char>(lower[at]))))
      return 0;
  std::string previous, word;
  for (size_t i = 0; i <= lower.size(); ++i) {
    const unsigned char ch = i < lower.size() ? static_cast<unsigned char>(lower[i]) : ' ';
    if (std::isalnum(ch)) {
      word += static_cast<char>(ch);
      continue;
    }
    if (word.empty()) continue;
    if (words.decimal_words.contains(word)) {
      if (auto d = words.digit_words.index_of(previous)) return static_cast<int>(*d);
      if (previous.size() == 1 && std::isdigit(static_cast<unsigned char>(previous[0]))) return previous[0] - '0';
    }
    previous = std::move(word);
    word.clear();
  }
  return std::nullopt;
}

// "Letters and digits", "the letter before the number": not "letterbox".
bool says_letters(std::string_view lower) {
  auto alpha = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
  for (size_t at = lower.find("letter"); at != std::string_view::npos; at = lower.find("letter", at + 1)) {
    size_t end = at + 6;
    if (end < lower.size() && lower[end] == 's') ++end;
    if ((at == 0 || !alpha(lower[at - 1])) && (end == lower.size() || !alpha(lower[end]))) return true;
  }
  return false;
}

}  // namespace

// "not the standing pressure", "an earlier weight is not today's": what a clause says the field
// is not. With a copula before "not" the thing excluded is said before it; otherwise after it.
// A condition ("Empty when medicines are not discussed") excludes nothing.
void parse_exclusions(const std::string& lower_clause, GuidelineHints& hints) {
  const auto& words = lexicon::lexicon_data();
  const std::string c = " " + lower_clause + " ";
  for (size_t at = c.find(" not "); at != std::string::npos; at = c.find(" not ", at + 1)) {
    const std::string before = c.substr(0, at);
    bool condition = false;
    for (const auto& w : util::split(before, ' ')) condition = condition || words.guideline_conditions.contains(w);
    if (condition) continue;
    const size_t space = before.find_last_of(' ');
    std::string excluded;
    if (space != std::string::npos && words.copulas.contains(before.substr(space + 1))) {
      const std::string subject = before.substr(0, space);
      const size_t open = subject.find_last_of(",(");
      excluded = open == std::string::npos ? subject : subject.substr(open + 1);
    } else {
      const size_t end = c.find_first_of(",()", at + 5);
      excluded = c.substr(at + 5, end == std::string::npos ? std::string::npos : end - at - 5);
    }
    excluded = util::trim(excluded);
    if (!excluded.empty()) hints.exclusions.push_back(excluded);
  }
}

GuidelineHints parse_guideline_hints(std::string_view text) {
  GuidelineHints hints;
  const std::string lower_all = util::to_lower_ascii(text);
  hints.decimals = asked_decimals(lower_all);
  // "When only a month and year are given, the last day of that month".
  if (lower_all.find("month") != std::string::npos) {
    if (lower_all.find("last day of") != std::string::npos) hints.month_only_last_day = true;
    else if (lower_all.find("first day of") != std::string::npos || lower_all.find("1st of") != std::string::npos ||
             lower_all.find("first of th") != std::string::npos)
      hints.month_only_last_day = false;  // "the 1st of that month", "the first of the month"
  }
  // "A year alone as 1 January", "only a year: January 1st".
  if (lower_all.find("year") != std::string::npos)
    for (const char* day : {"1 january", "january 1", "first of january", "1st of january", "1st january"})
      if (lower_all.find(day) != std::string::npos) hints.year_only_first_day = true;
  // "Letters and digits", "digits as numerals", "berth number in digits": the value is a code.
  // "Street address with the number as digits" only says how an address's house number is written.
  const bool address = lower_all.find("address") != std::string::npos;
  for (size_t at = lower_all.find("digits"); at != std::string::npos; at = lower_all.find("digits", at + 1)) {
    const std::string_view before = std::string_view(lower_all).substr(0, at);
    if (!address || (!before.ends_with("number as ") && !before.ends_with("number in "))) hints.mentions_digits = true;
  }
  hints.mentions_letters = says_letters(lower_all);
  // "Digits as numerals", "house number as digits": spoken numbers are written as numerals.
  hints.wants_numerals = lower_all.find("numerals") != std::string::npos ||
                         lower_all.find("as digits") != std::string::npos ||
                         lower_all.find("in digits") != std::string::npos;
  const auto& words = lexicon::lexicon_data();
  for (const auto& clause : split_clauses(text)) {
    size_t width = 0;
    if (find_arrow(clause, 0, &width) != std::string::npos) {
      parse_mappings(clause, hints);
      continue;
    }
    const std::string lc = util::to_lower_ascii(util::trim(clause));
    const std::string body = util::trim(clause);
    parse_exclusions(lc, hints);
    const auto quotes = find_quotes(body);
    // "false for 'borrowed', 'rented'", "True when 'x'": a polarity and its phrases. The
    // four words are how templates write a yes/no field's values, not dictated English.
    std::string polarity;
    size_t from = 0;
    for (const char* p : {"true", "false", "yes", "no"}) {
      if (size_t at = after_key(lc, std::string(p) + " for "); at != std::string::npos) polarity = p, from = at;
    }
    if (polarity.empty() && (lc.starts_with("true ") || lc.starts_with("false "))) polarity = lc.substr(0, lc.find(' '));
    if (!polarity.empty()) {
      const std::string target = words.yes_words.contains(polarity) ? "true" : "false";
      for (const auto& q : quotes)
        if (q.begin >= from) hints.aliases.push_back({q.text, target});
      continue;
    }
    // "Leave empty for 'no known faults'": the clause's phrases mean no value.
    bool empty_rule = false;
    for (const auto& marker : words.guideline_empty_markers)
      empty_rule = empty_rule || after_key(lc, util::join(marker, " ")) != std::string::npos;
    const bool follows_prefix = lc.find("followed by") != std::string::npos;
    for (const auto& q : quotes) {
      if (follows_prefix && q.text.size() >= 2 && q.text.back() == '-') hints.code_prefix = q.text;
      else if (empty_rule) hints.empty_phrases.push_back(q.text);
      else hints.quoted_examples.push_back(q.text);
    }
  }
  return hints;
}

std::shared_ptr<const GuidelineHints> guideline_hints(const std::string& guidelines) {
  // A small process-wide cache: cleared rather than grown without bound.
  static std::mutex mu;
  static std::unordered_map<std::string, std::shared_ptr<const GuidelineHints>> cache;
  std::lock_guard<std::mutex> lock(mu);
  if (auto it = cache.find(guidelines); it != cache.end()) return it->second;
  if (cache.size() > 4096) cache.clear();
  auto hints = std::make_shared<const GuidelineHints>(parse_guideline_hints(guidelines));
  cache.emplace(guidelines, hints);
  return hints;
}

}  // namespace invox
