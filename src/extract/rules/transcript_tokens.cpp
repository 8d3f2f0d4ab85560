#include "extract/rules/transcript_tokens.hpp"

#include <cctype>

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/word_forms.hpp"

namespace invox::rules {

namespace {
bool is_alnum(unsigned char c) { return std::isalnum(c) != 0; }
bool is_word_byte(unsigned char c) { return is_alnum(c) || c >= 0x80 || c == '%' || c == '#' || c == '&'; }

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

// Length of the word starting at `i`: letters/digits, inner apostrophes, inner '.' or ','
// between digits ("37.2", "3,200"), ':' between digits ("5:45"), dotted letters ("p.m.").
size_t word_length(std::string_view s, size_t i) {
  size_t j = i;
  while (j < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[j]);
    if (is_word_byte(c)) {
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
    for (const auto& phrase : filler_phrases()) {
      if (i + phrase.size() > toks.size()) continue;
      bool match = true;
      for (size_t k = 0; k < phrase.size() && match; ++k) match = toks[i + k].norm == phrase[k];
      if (!match) continue;
      for (size_t k = 0; k < phrase.size(); ++k) toks[i + k].filler = true;
      // A filler's trailing comma should not cut the clause it interrupts.
      if (i > 0 && toks[i + phrase.size() - 1].after == Break::Comma && toks[i - 1].after == Break::Comma)
        toks[i - 1].after = Break::None;
      break;
    }
  }
  // Repeated words ("the the"), not numbers or spelled letters ("p p e", "two two").
  for (size_t i = 1; i < toks.size(); ++i) {
    if (toks[i].norm == toks[i - 1].norm && toks[i].norm.size() > 1 && !toks[i].has_digit &&
        !is_number_word(toks[i].norm) && toks[i - 1].after == Break::None) {
      toks[i].filler = true;
    }
  }
}
}  // namespace

TokenizedText tokenize(std::string_view text) {
  TokenizedText out;
  out.text = text;
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (!is_word_byte(c)) {
      ++i;
      continue;
    }
    size_t len = word_length(text, i);
    Token tok;
    tok.begin = i;
    tok.end = i + len;
    tok.raw = std::string(text.substr(i, len));
    std::string folded = fold_word(tok.raw);
    if (folded == "%") folded = "percent";
    tok.norm = folded;
    tok.stem = stem(tok.norm);
    tok.capitalized = std::isupper(static_cast<unsigned char>(tok.raw[0])) != 0;
    for (char ch : tok.raw) tok.has_digit = tok.has_digit || std::isdigit(static_cast<unsigned char>(ch));
    if (std::isupper(c)) out.cased = true;
    // Classify the gap up to the next word.
    size_t j = tok.end;
    bool sentence = false, comma = false, join = false, slash = false, space = false;
    while (j < text.size() && !is_word_byte(static_cast<unsigned char>(text[j]))) {
      char g = text[j];
      if (g == '.' || g == '?' || g == '!') sentence = true;
      else if (g == ',' || g == ';' || g == ':' || g == '(' || g == ')' || g == '"') comma = true;
      else if (g == '-' || g == '/') {
        if (space) comma = true;  // a dash between spaces is a pause
        else join = true;
        slash = slash || g == '/';
      } else if (std::isspace(static_cast<unsigned char>(g))) space = true;
      else if (static_cast<unsigned char>(g) >= 0x80) break;
      ++j;
    }
    if (sentence && is_abbreviation(tok.norm)) sentence = false;
    if (tok.norm.back() == '.') {
      // "p.m." ends a sentence only when a capitalized word follows.
      sentence = j < text.size() && std::isupper(static_cast<unsigned char>(text[j]));
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
  return out;
}

std::vector<size_t> content_indices(const TokenizedText& t) {
  std::vector<size_t> idx;
  for (size_t i = 0; i < t.tokens.size(); ++i)
    if (!t.tokens[i].filler) idx.push_back(i);
  return idx;
}

}  // namespace invox::rules
