#include "extract/rules/spoken_codes.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace invox::rules {

namespace {
bool is_single_letter(const Token& t) {
  return t.norm.size() == 1 && std::isalpha(static_cast<unsigned char>(t.norm[0]));
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

bool is_upper_word(const Token& t) {
  return t.raw.size() >= 2 && t.raw.size() <= 4 &&
         std::all_of(t.raw.begin(), t.raw.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Written code: tokens joined by '-' where at least one has a digit ("CV-04", "E-20417").
std::optional<CodeRead> written_code(const Scan& s, size_t i, size_t end) {
  size_t j = i;
  bool digit = false;
  std::string text;
  while (j < end) {
    const Token& t = s.tok(j);
    digit = digit || t.has_digit;
    if (t.after != Break::Join || t.slash_after) break;
    ++j;
  }
  if (!digit) return std::nullopt;
  CodeRead r;
  r.first = i;
  r.last = j + 1;
  r.code = std::string(s.span_text(i, j + 1));
  return r;
}

// Spelled code: single letters then digit words/numerals ("h o seven seven", "p r two").
std::optional<CodeRead> spelled_code(const Scan& s, size_t i, size_t end) {
  std::string letters, digits;
  size_t j = i;
  while (j < end && !s.tok(j).filler && is_single_letter(s.tok(j)) && digits.empty()) {
    letters += s.tok(j).norm;
    if (s.tok(j).after == Break::Sentence || s.tok(j).after == Break::Comma) {
      ++j;
      break;
    }
    ++j;
  }
  size_t last = j;
  while (j < end) {
    const Token& t = s.tok(j);
    if (t.filler) {
      ++j;
      continue;
    }
    int d = spoken_digit(t.norm);
    if (d >= 0 && !(t.norm == "o" && digits.empty())) digits += static_cast<char>('0' + d);
    else if (all_digits(t.raw)) digits += t.raw;
    else break;
    last = ++j;
    if (t.after == Break::Sentence || t.after == Break::Comma) break;
  }
  if (digits.empty() || (letters.empty() && digits.size() < 2)) return std::nullopt;
  CodeRead r;
  r.first = i;
  r.last = last;
  r.code = letters.empty() ? digits : upper(letters) + "-" + digits;
  return r;
}
}  // namespace

int spoken_digit(const std::string& w) {
  static const std::array<const char*, 10> kDigits = {"zero", "one", "two", "three", "four",
                                                      "five", "six", "seven", "eight", "nine"};
  for (int d = 0; d < 10; ++d)
    if (w == kDigits[static_cast<size_t>(d)]) return d;
  if (w == "oh" || w == "o") return 0;
  return -1;
}

std::optional<CodeRead> read_code(const Scan& s, size_t from, size_t end, size_t lookahead, const std::string& prefix) {
  size_t seen = 0;
  for (size_t i = from; i < end && seen < lookahead; ++i) {
    if (s.tok(i).filler) continue;
    ++seen;
    const Token& t = s.tok(i);
    std::optional<CodeRead> r;
    bool upper_prefix = (is_upper_word(t) || (t.raw.size() == 1 && std::isupper(static_cast<unsigned char>(t.raw[0])))) &&
                        t.after == Break::Join && i + 1 < end && s.tok(i + 1).has_digit;
    if (t.has_digit || upper_prefix) r = written_code(s, i, end);
    if (!r && (is_single_letter(t) || spoken_digit(t.norm) >= 0)) r = spelled_code(s, i, end);
    if (!r) continue;
    if (!prefix.empty() && all_digits(r->code)) r->code = prefix + r->code;
    return r;
  }
  return std::nullopt;
}

}  // namespace invox::rules
