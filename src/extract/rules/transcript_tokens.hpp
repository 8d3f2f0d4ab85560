#pragma once
// Transcript tokenization with byte offsets: words (hyphenated words split into parts),
// the punctuation break after each word, fillers and repeated words marked so that cue
// matching and value reading skip them while offsets still point into the original text.
#include <string>
#include <string_view>
#include <vector>

namespace invox::rules {

enum class Break {
  None,      // plain whitespace
  Join,      // hyphen or slash without spaces ("e-stop", "132/84")
  Comma,     // , ; : ( ) and dashes: a clause boundary
  Sentence,  // . ? ! (not after abbreviations such as "Dr.")
};

struct Token {
  std::string raw;   // the token as written
  std::string norm;  // folded (lowercase, plain apostrophe)
  std::string stem;  // stem(norm)
  size_t begin = 0;  // byte offsets into the transcript text
  size_t end = 0;
  Break after = Break::None;
  bool slash_after = false;  // the Join is a '/' ("132/84")
  bool filler = false;       // "uh", "let me see", the second of a repeated word
  bool capitalized = false;  // first character is an uppercase ASCII letter
  bool has_digit = false;
  bool colon_after = false;  // a ':' follows ("Nurse:")
  bool question = false;     // a '?' follows: this token ends a question
  bool speaker = false;      // part of a speaker label ("Tenant 2:"); also a filler
};

struct TokenizedText {
  std::string_view text;
  std::vector<Token> tokens;
  bool cased = false;  // the transcript uses uppercase letters (Whisper style) at all
  bool breaks_inferred = false;  // written without punctuation: its breaks were inferred (spoken_breaks)
};

// Speaker labels ("Nurse:", "Tenant 2:") are marked as speaker tokens and fillers, and the
// turn before them ends a sentence, so values never run across a change of speaker.
[[nodiscard]] TokenizedText tokenize(std::string_view text);

// The token is a number written ("12", "LX74") or a spoken number word ("twelve", "oh").
[[nodiscard]] bool says_number(const Token& t);

// The token is one letter, as said after a unit's number ("apartment three B"): a capital, or in
// lower case when `lowercase_ok` and it is not the word "a" or "i".
[[nodiscard]] bool one_letter(const Token& t, bool lowercase_ok);

// Words of the first of `phrases` that starts at token i, word for word; 0 when none does.
[[nodiscard]] size_t phrase_length_at(const std::vector<Token>& toks, size_t i,
                                      const std::vector<std::vector<std::string>>& phrases);

// Indices of the tokens that are not fillers, in order.
[[nodiscard]] std::vector<size_t> content_indices(const TokenizedText& t);

}  // namespace invox::rules
