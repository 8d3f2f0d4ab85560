#include "normalize/tokenize.hpp"

#include <utf8proc.h>

#include "normalize/fold.hpp"

namespace invox::normalize {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Decodes the code point at `i`; returns its byte length (1 for invalid bytes).
size_t decode(std::string_view s, size_t i, utf8proc_int32_t& cp) {
  auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i),
                            static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
  if (n <= 0) {
    cp = 0xFFFD;
    return 1;
  }
  return static_cast<size_t>(n);
}

bool is_letter_at(std::string_view s, size_t i) {
  if (i >= s.size()) return false;
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return is_ascii_letter(static_cast<char>(c));
  utf8proc_int32_t cp = 0;
  decode(s, i, cp);
  const auto cat = utf8proc_category(cp);
  return (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO) ||
         (cat >= UTF8PROC_CATEGORY_MN && cat <= UTF8PROC_CATEGORY_ME);
}

bool is_space_at(std::string_view s, size_t i, size_t& len) {
  const auto c = static_cast<unsigned char>(s[i]);
  len = 1;
  if (c < 0x80) return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  utf8proc_int32_t cp = 0;
  len = decode(s, i, cp);
  const auto cat = utf8proc_category(cp);
  return cat == UTF8PROC_CATEGORY_ZS || cat == UTF8PROC_CATEGORY_ZL || cat == UTF8PROC_CATEGORY_ZP;
}

// Length of an apostrophe (' or U+2019) at i, or 0.
size_t apostrophe_at(std::string_view s, size_t i) {
  if (i < s.size() && s[i] == '\'') return 1;
  if (s.substr(i, 3) == "\xE2\x80\x99") return 3;
  return 0;
}

bool is_number_separator(char c) { return c == '.' || c == ',' || c == ':' || c == '/' || c == '-'; }

size_t scan_number(std::string_view s, size_t i) {
  size_t j = i;
  if (s[j] == '-' || s[j] == '+' || s[j] == '.') ++j;
  while (j < s.size()) {
    if (is_digit(s[j])) {
      ++j;
    } else if (is_number_separator(s[j]) && j + 1 < s.size() && is_digit(s[j + 1])) {
      ++j;
    } else {
      break;
    }
  }
  // "19h30": a European 24-hour time is one token, read by the time parser.
  if (j - i <= 2 && j + 3 <= s.size() && (s[j] == 'h' || s[j] == 'H') && is_digit(s[j + 1]) && is_digit(s[j + 2]) &&
      (j + 3 == s.size() || !is_digit(s[j + 3])) && !is_letter_at(s, j + 3))
    return j + 3;
  // Ordinal suffix glued to digits ("3rd", "21st") belongs to the number.
  if (j + 2 <= s.size() && !is_letter_at(s, j + 2)) {
    char a = static_cast<char>(s[j] | 0x20), b = static_cast<char>(j + 1 < s.size() ? s[j + 1] | 0x20 : 0);
    if ((a == 's' && b == 't') || (a == 'n' && b == 'd') || (a == 'r' && b == 'd') || (a == 't' && b == 'h')) j += 2;
  }
  return j;
}

}  // namespace

bool is_clause_break(const Token& t) {
  if (t.kind != TokenKind::Punct) return false;
  static constexpr std::string_view kBreaks[] = {".", ",", ";", ":", "!", "?", "(", ")", "[", "]",
                                                 "\xE2\x80\x94", "\xE2\x80\x93", "\"", "\n"};
  for (auto b : kBreaks)
    if (t.text == b) return true;
  return false;
}

Tokens tokenize(std::string_view s) {
  Tokens out;
  size_t i = 0;
  bool space = true;
  while (i < s.size()) {
    size_t len = 1;
    if (is_space_at(s, i, len)) {
      i += len;
      space = true;
      continue;
    }
    Token t;
    t.begin = i;
    t.space_before = space;
    space = false;
    const char c = s[i];
    const bool signed_number = (c == '-' || c == '+' || c == '.') && t.space_before && i + 1 < s.size() &&
                               is_digit(s[i + 1]);
    const size_t apos = apostrophe_at(s, i);
    if (is_digit(c) || signed_number) {
      t.kind = TokenKind::Number;
      t.end = scan_number(s, i);
      t.text = std::string(s.substr(i, t.end - i));
      for (char& ch : t.text) ch = static_cast<char>(is_ascii_letter(ch) ? (ch | 0x20) : ch);
    } else if (apos && i + apos + 1 < s.size() && is_digit(s[i + apos]) && is_digit(s[i + apos + 1]) &&
               (i + apos + 2 >= s.size() || !is_digit(s[i + apos + 2]))) {
      // '92: an abbreviated year.
      t.kind = TokenKind::Number;
      t.end = i + apos + 2;
      t.text = "'" + std::string(s.substr(i + apos, 2));
    } else if (is_letter_at(s, i)) {
      t.kind = TokenKind::Word;
      size_t j = i;
      while (j < s.size()) {
        if (is_letter_at(s, j)) {
          utf8proc_int32_t cp = 0;
          j += static_cast<unsigned char>(s[j]) < 0x80 ? 1 : decode(s, j, cp);
        } else if (size_t a = apostrophe_at(s, j); a && is_letter_at(s, j + a)) {
          j += a;
        } else {
          break;
        }
      }
      t.end = j;
      std::string raw(s.substr(i, j - i));
      // Curly apostrophes become straight ones so "won’t" and "won't" are one word.
      for (size_t p = raw.find("\xE2\x80\x99"); p != std::string::npos; p = raw.find("\xE2\x80\x99", p))
        raw.replace(p, 3, "'");
      t.text = fold_case_accents(raw);
    } else {
      t.kind = TokenKind::Punct;
      utf8proc_int32_t cp = 0;
      t.end = i + (static_cast<unsigned char>(c) < 0x80 ? 1 : decode(s, i, cp));
      t.text = std::string(s.substr(i, t.end - i));
    }
    i = t.end;
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace invox::normalize
