#include "extract/rules/transcript_tokens.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <unordered_map>

#include <utf8proc.h>

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/spoken_breaks.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/cancel.hpp"

namespace invox::rules {

namespace {
bool is_alnum(unsigned char c) { return std::isalnum(c) != 0; }

// "Łukasik", "Ólafsson": a capital outside ASCII starts a name as well.
bool starts_upper(std::string_view s) {
  utf8proc_int32_t cp = 0;
  const auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),
                                  static_cast<utf8proc_ssize_t>(s.size()), &cp);
  return n > 0 && utf8proc_isupper(cp);
}
bool is_word_byte(unsigned char c) { return is_alnum(c) || c >= 0x80 || c == '%' || c == '#' || c == '&'; }

// Bytes of an en or em dash (U+2013, U+2014) at `i`, or 0. Such a dash is punctuation, never
// part of a word: "shots? — Yes" turns to another speaker, "ten — no, eleven" pauses.
size_t long_dash_at(std::string_view s, size_t i) {
  if (i + 2 >= s.size() || static_cast<unsigned char>(s[i]) != 0xE2 || static_cast<unsigned char>(s[i + 1]) != 0x80)
    return 0;
  const auto third = static_cast<unsigned char>(s[i + 2]);
  return third == 0x93 || third == 0x94 ? 3 : 0;
}

bool is_apostrophe_at(std::string_view s, size_t i, size_t* width) {
  if (s[i] == '\'') {
    *width = 1;
    return true;
  }
  if (static_cast<unsigned char>(s[i]) == 0xE2 && i + 2 < s.size() &&
      static_cast<unsigned char>(s[i + 1]) == 0x80 && static_cast<unsigned char>(s[i + 2]) == 0x99) {
    *width = 3;
    return true;
  }
  return false;
}

bool is_abbreviation(std::string_view norm) { return words().abbreviations.contains(norm); }

// "im", "didnt": a contraction typed without its apostrophe is read as the contraction.
std::string with_apostrophe(std::string folded) {
  static const auto contractions = [] {
    std::unordered_map<std::string, std::string> out;
    for (const auto& group : words().unmarked_contractions)
      for (size_t k = 1; k < group.size(); ++k) out.emplace(group[k], group.front());
    return out;
  }();
  auto it = contractions.find(folded);
  return it == contractions.end() ? folded : it->second;
}

// Length of a written e-mail address at `i` ("jane.doe@example.com"), or 0: its dots are not
// sentence ends and its parts are not words of their own.
size_t email_length(std::string_view s, size_t i) {
  auto local = [](unsigned char c) { return std::isalnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'; };
  size_t at = i;
  while (at < s.size() && local(static_cast<unsigned char>(s[at]))) ++at;
  if (at == i || at >= s.size() || s[at] != '@') return 0;
  size_t j = at + 1;
  while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '-' || s[j] == '.')) ++j;
  while (j > at + 1 && s[j - 1] == '.') --j;  // the full stop after the address
  const size_t last_dot = s.substr(0, j).rfind('.');
  // A domain has a dot with a name before it and two letters or more after it.
  if (last_dot == std::string_view::npos || last_dot <= at + 1 || j - last_dot - 1 < 2) return 0;
  return j - i;
}

// Length of the word starting at `i`: letters/digits, inner apostrophes, inner '.' or ','
// between digits ("37.2", "3,200"), ':' between digits ("5:45"), dotted letters ("p.m."), a
// written e-mail address.
size_t word_length(std::string_view s, size_t i) {
  if (size_t email = email_length(s, i)) return email;
  size_t j = i;
  while (j < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[j]);
    if (is_word_byte(c) && long_dash_at(s, j) == 0) {
      ++j;
      continue;
    }
    size_t w = 0;
    if (j > i && j + 1 < s.size() && is_apostrophe_at(s, j, &w) && j + w < s.size() &&
        std::isalpha(static_cast<unsigned char>(s[j + w]))) {
      j += w;
      continue;
    }
    bool prev_digit = j > i && std::isdigit(static_cast<unsigned char>(s[j - 1]));
    bool next_digit = j + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[j + 1]));
    if ((c == '.' || c == ',' || c == ':') && prev_digit && next_digit) {
      ++j;
      continue;
    }
    // dotted single letters: "p.m.", "a.m.", "e.g."
    bool prev_single_letter = j > i && std::isalpha(static_cast<unsigned char>(s[j - 1])) &&
                              (j - 1 == i || s[j - 2] == '.');
    if (c == '.' && prev_single_letter && j + 1 < s.size() && std::isalpha(static_cast<unsigned char>(s[j + 1])) &&
        (j + 2 >= s.size() || s[j + 2] == '.')) {
      ++j;
      continue;
    }
    if (c == '.' && prev_single_letter && j >= i + 3 && s[j - 2] == '.') {
      ++j;  // trailing dot of "p.m."
      continue;
    }
    break;
  }
  return j - i;
}

void mark_fillers(TokenizedText& t) {
  auto& toks = t.tokens;
  for (size_t i = 0; i < toks.size(); ++i) {
    const size_t n = phrase_length_at(toks, i, filler_phrases());
    if (n == 0) continue;
    for (size_t k = 0; k < n; ++k) toks[i + k].filler = true;
    // A filler's trailing comma should not cut the clause it interrupts.
    if (i > 0 && toks[i + n - 1].after == Break::Comma && toks[i - 1].after == Break::Comma)
      toks[i - 1].after = Break::None;
  }
  // Repeated words ("the the"), not numbers or spelled letters ("p p e", "two two").
  for (size_t i = 1; i < toks.size(); ++i) {
    if (toks[i].norm == toks[i - 1].norm && toks[i].norm.size() > 1 && !toks[i].has_digit &&
        !is_number_word(toks[i].norm) && toks[i - 1].after == Break::None) {
      toks[i].filler = true;
    }
  }
}
// Length of a speaker label candidate at turn start i: one to three capitalized words (or a
// number: "Tenant 2") joined by spaces and ended by ':'; 0 when there is none.
size_t label_length(const std::vector<Token>& toks, size_t i) {
  constexpr size_t kMaxLabelWords = 3;
  if (!toks[i].capitalized) return 0;
  for (size_t n = 0; n < kMaxLabelWords && i + n < toks.size(); ++n) {
    const Token& t = toks[i + n];
    if (!t.capitalized && !t.has_digit) return 0;
    if (t.colon_after) return n + 1;
    if (t.after != Break::None) return 0;
  }
  return 0;
}

std::string label_key(const std::vector<Token>& toks, size_t i, size_t n) {
  std::string key;
  for (size_t k = i; k < i + n; ++k) key += toks[k].norm + " ";
  return key;
}

// A label is a speaker label when it recurs (each speaker talks more than once), or when the
// transcript already has two recurring labels (a third voice may speak once). A label-style
// cue said once in dictation ("Discrepancies: ...") is left alone.
void mark_speaker_labels(TokenizedText& t) {
  auto& toks = t.tokens;
  std::vector<std::pair<size_t, size_t>> found;
  std::map<std::string, int> count;
  for (size_t i = 0; i < toks.size(); ++i) {
    if (i > 0 && toks[i - 1].after != Break::Sentence) continue;
    if (size_t n = label_length(toks, i)) {
      found.emplace_back(i, n);
      ++count[label_key(toks, i, n)];
    }
  }
  int recurring = 0;
  for (const auto& [key, c] : count) recurring += c >= 2 ? 1 : 0;
  for (const auto& [i, n] : found) {
    if (count[label_key(toks, i, n)] < 2 && (recurring < 2 || n > 2)) continue;
    for (size_t k = i; k < i + n; ++k) {
      toks[k].speaker = true;
      toks[k].filler = true;
    }
    toks[i + n - 1].after = Break::Sentence;
  }
}
}  // namespace

TokenizedText tokenize(std::string_view text) {
  TokenizedText out;
  out.text = text;
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (!is_word_byte(c) || long_dash_at(text, i) > 0) {
      i += std::max<size_t>(1, long_dash_at(text, i));
      continue;
    }
    // A megabyte takes a while to tokenize (seconds under a sanitizer): a stop request ends it.
    if (out.tokens.size() % 4096 == 0 && util::stop_requested()) throw util::StopRequested{};
    size_t len = word_length(text, i);
    Token tok;
    tok.begin = i;
    tok.end = i + len;
    tok.raw = std::string(text.substr(i, len));
    std::string folded = fold_word(tok.raw);
    if (folded == "%") folded = "percent";
    tok.norm = with_apostrophe(std::move(folded));
    tok.stem = stem(tok.norm);
    tok.capitalized = starts_upper(tok.raw);
    for (char ch : tok.raw) tok.has_digit = tok.has_digit || std::isdigit(static_cast<unsigned char>(ch));
    if (tok.capitalized) out.cased = true;
    // Classify the gap up to the next word.
    size_t j = tok.end;
    bool sentence = false, comma = false, join = false, slash = false, space = false;
    while (j < text.size() && (!is_word_byte(static_cast<unsigned char>(text[j])) || long_dash_at(text, j) > 0)) {
      if (size_t dash = long_dash_at(text, j)) {
        comma = true;
        j += dash;
        continue;
      }
      char g = text[j];
      if (g == '.' || g == '?' || g == '!') sentence = true;
      else if (g == ',' || g == ';' || g == ':' || g == '(' || g == ')' || g == '"') comma = true;
      if (g == '?') tok.question = true;
      if (g == ':') tok.colon_after = true;
      else if (g == '-' || g == '/') {
        if (space) comma = true;  // a dash between spaces is a pause
        else join = true;
        slash = slash || g == '/';
      } else if (std::isspace(static_cast<unsigned char>(g))) space = true;
      else if (static_cast<unsigned char>(g) >= 0x80) break;
      ++j;
    }
    // "Mrs." goes on to a name; "And you're Mrs...?" ends its question.
    if (sentence && !tok.question && is_abbreviation(tok.norm)) {
      const bool numeral_follows = j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]));
      sentence = words().numeral_abbreviations.contains(tok.norm) && !numeral_follows;
    }
    if (tok.norm.back() == '.') {
      // "p.m." ends a sentence only when a capitalized word follows.
      sentence = j < text.size() && starts_upper(text.substr(j));
    }
    if (sentence) tok.after = Break::Sentence;
    else if (comma) tok.after = Break::Comma;
    else if (join && !space) {
      tok.after = Break::Join;
      tok.slash_after = slash;
    }
    out.tokens.push_back(std::move(tok));
    i = j;
  }
  mark_fillers(out);
  mark_speaker_labels(out);
  infer_spoken_breaks(out);
  return out;
}

std::vector<size_t> content_indices(const TokenizedText& t) {
  std::vector<size_t> idx;
  for (size_t i = 0; i < t.tokens.size(); ++i)
    if (!t.tokens[i].filler) idx.push_back(i);
  return idx;
}

bool says_number(const Token& t) { return t.has_digit || is_number_word(t.norm); }

bool one_letter(const Token& t, bool lowercase_ok) {
  return t.raw.size() == 1 && std::isalpha(static_cast<unsigned char>(t.raw[0])) &&
         (t.capitalized || (lowercase_ok && t.norm != "a" && t.norm != "i"));
}

size_t phrase_length_at(const std::vector<Token>& toks, size_t i, const std::vector<std::vector<std::string>>& phrases) {
  for (const auto& phrase : phrases) {
    if (i + phrase.size() > toks.size()) continue;
    bool match = true;
    for (size_t k = 0; k < phrase.size() && match; ++k) match = toks[i + k].norm == phrase[k];
    if (match) return phrase.size();
  }
  return 0;
}

}  // namespace invox::rules
