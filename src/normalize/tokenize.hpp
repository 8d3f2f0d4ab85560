#pragma once
// Splits dictation text into words, digit groups and punctuation with byte spans, so phrase
// parsers can work on "thirty-eight", "March 3rd, 1992", "2:30 p.m." and "$2,150" alike and
// report exactly which bytes of the original text a value came from.
#include <string>
#include <string_view>
#include <vector>

namespace invox::normalize {

enum class TokenKind { Word, Number, Punct };

struct Token {
  TokenKind kind = TokenKind::Word;
  std::string text;  // words case- and accent-folded; numbers verbatim ("1,250.5", "3rd", "'92")
  size_t begin = 0;  // byte span in the original text
  size_t end = 0;
  bool space_before = false;  // whitespace (or text start) precedes the token

  [[nodiscard]] bool is_word(std::string_view w) const { return kind == TokenKind::Word && text == w; }
  [[nodiscard]] bool is_punct(std::string_view p) const { return kind == TokenKind::Punct && text == p; }
};

using Tokens = std::vector<Token>;

// True when token i exists and is the word w (a bounds-checked Token::is_word).
[[nodiscard]] inline bool word_is(const Tokens& t, size_t i, std::string_view w) {
  return i < t.size() && t[i].is_word(w);
}

[[nodiscard]] Tokens tokenize(std::string_view text);

// True for punctuation that ends a clause (. , ; : ! ? and dashes/brackets), which number
// phrases never cross.
[[nodiscard]] bool is_clause_break(const Token& t);

}  // namespace invox::normalize
