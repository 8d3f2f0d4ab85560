#pragma once
// English number, ordinal, month and weekday words: the vocabulary the phrase parsers share,
// read from the built-in lexicon (src/core/lexicon.json, groups digit_words .. weekday_names).
#include <optional>
#include <string_view>

#include "core/lexicon_data.hpp"

namespace invox::normalize {

// The whole built-in lexicon, for the groups the normalizers read directly.
[[nodiscard]] inline const lexicon::LexiconData& words() { return lexicon::lexicon_data(); }

// "one".."nine" -> 1..9 and "zero" -> 0 ("oh" is spoken_zero: a digit only inside digit runs
// such as "one oh two").
[[nodiscard]] std::optional<int> digit_word(std::string_view w);
// "ten".."nineteen" -> 10..19.
[[nodiscard]] std::optional<int> teen_word(std::string_view w);
// "twenty".."ninety" -> 20..90.
[[nodiscard]] std::optional<int> tens_word(std::string_view w);
// "first".."ninth" -> 1..9, "tenth".."nineteenth" -> 10..19, "twentieth".."ninetieth" -> 20..90,
// "hundredth" -> 100, "thousandth" -> 1000.
[[nodiscard]] std::optional<int> ordinal_word(std::string_view w);
// "hundred" -> 100, "thousand" -> 1000, "million", "billion".
[[nodiscard]] std::optional<double> scale_word(std::string_view w);
// "once" -> 1, "twice" -> 2 when a rate word follows ("once a day"); `next` is that word.
[[nodiscard]] std::optional<double> frequency_word(std::string_view w, std::string_view next);
// "full" -> 100, "empty" -> 0: how full something is, as a percentage.
[[nodiscard]] std::optional<double> level_word(std::string_view w);
// "january"/"jan"/"sept" -> 1..12.
[[nodiscard]] std::optional<unsigned> month_word(std::string_view w);
// "monday"/"mon" -> 1 .. "sunday"/"sun" -> 7 (ISO weekday numbering).
[[nodiscard]] std::optional<unsigned> weekday_word(std::string_view w);
// "oh"/"o" -> 0: the letters said for zero inside a run of digits.
[[nodiscard]] std::optional<int> spoken_zero(std::string_view w);

}  // namespace invox::normalize
