#pragma once
// Numbers as people dictate them: digits with locale separators ("1,250.5", "1.250,5"),
// spoken cardinals and decimals ("one hundred and twenty", "thirty eight point five"),
// fractions ("two and a half", "half a dozen"), digit runs ("one oh two" -> 102), paired
// groups ("one twenty" -> 120, "nineteen ninety two" -> 1992), ordinals ("third", "21st")
// and signs ("minus five", "-5").
#include <optional>
#include <string_view>
#include <vector>

#include "normalize/tokenize.hpp"

namespace invox::normalize {

struct NumberOptions {
  bool decimal_comma = false;  // "1.250,5" = 1250.5 (set from the locale)
  bool digit_runs = true;      // three or more digit words read as one numeral: "four four seven" -> 447
  bool group_pairs = true;     // "one twenty" -> 120, "nineteen ninety two" -> 1992
  bool fractions = true;       // "and a half", "a dozen", "half"
  bool ordinals = true;        // "third", "twenty first", "3rd"
  bool signs = true;           // "minus", "negative", leading '-'
};

struct NumberMatch {
  double value = 0.0;
  size_t first = 0;  // token range [first, last)
  size_t last = 0;
  bool ordinal = false;
  bool from_digits = false;  // the value came from a written numeral
  [[nodiscard]] bool is_integer() const;
};

// A number phrase with byte offsets into the text it was found in.
struct NumberPhrase {
  double value = 0.0;
  size_t begin = 0;
  size_t end = 0;
  bool ordinal = false;
  bool from_digits = false;
};

// True for locales that write "1.250,5" (de, fr, es, it, nl, pt, ru, pl, sv, ...).
[[nodiscard]] bool locale_uses_decimal_comma(std::string_view locale);
[[nodiscard]] NumberOptions number_options_for_locale(std::string_view locale);

// Parses one written numeral token ("1,250.5", "-3", "21st", ".5"); nullopt when the token is
// not a plain number (dates, times, codes such as "2026-1187").
[[nodiscard]] std::optional<double> parse_numeral(std::string_view token, bool decimal_comma, bool* ordinal = nullptr);

// The longest number phrase starting exactly at token `i`.
[[nodiscard]] std::optional<NumberMatch> parse_number_at(const Tokens& tokens, size_t i, const NumberOptions& opts);

// Every number phrase in `text`, left to right, non-overlapping, with byte spans.
[[nodiscard]] std::vector<NumberPhrase> find_number_phrases(std::string_view text, const NumberOptions& opts = {});
[[nodiscard]] std::vector<NumberMatch> find_number_matches(const Tokens& tokens, const NumberOptions& opts = {});

// Helpers shared with the date and time parsers.
// A two-digit spoken group: "oh five" -> 5, "fifteen", "forty five"; sets `last`.
[[nodiscard]] std::optional<int> parse_two_digit_group(const Tokens& tokens, size_t i, size_t& last, bool allow_oh);
// Skips a hyphen glued between two words ("thirty-eight"); returns i unchanged otherwise.
[[nodiscard]] size_t skip_number_joiner(const Tokens& tokens, size_t i);
// A cardinal 0..99 in words ("seven", "twenty one", "twenty-one"); sets `last`.
[[nodiscard]] std::optional<int> parse_small_cardinal(const Tokens& tokens, size_t i, size_t& last);

}  // namespace invox::normalize
