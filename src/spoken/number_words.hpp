#pragma once
// Numbers as English words for the ear: the inverse of normalize's spoken-number reader
// ("thirty-eight point five", "twenty twenty-six", "fourteenth"). Only the few words a speller
// needs live in number_words.cpp; the reader's vocabulary stays with normalize.
#include <string>

namespace invox::spoken {

// 0 -> "zero", 132 -> "one hundred thirty-two", -5 -> "minus five", 2150 -> "two thousand one
// hundred fifty". Magnitudes up to the trillions; larger values are spoken digit by digit.
[[nodiscard]] std::string cardinal_words(long long n);
// 1 -> "first", 14 -> "fourteenth", 21 -> "twenty-first", 100 -> "one hundredth".
[[nodiscard]] std::string ordinal_words(long long n);
// Years as people say them: 2026 -> "twenty twenty-six", 1992 -> "nineteen ninety-two",
// 2005 -> "two thousand five", 1900 -> "nineteen hundred", 1905 -> "nineteen oh five".
[[nodiscard]] std::string year_words(int year);
// A decimal number: 38.5 -> "thirty-eight point five", 0.25 -> "zero point two five"
// (at most six decimals, trailing zeros dropped).
[[nodiscard]] std::string decimal_words(double value);
// One digit 0..9 -> "zero".."nine".
[[nodiscard]] std::string digit_word(int digit);

}  // namespace invox::spoken
