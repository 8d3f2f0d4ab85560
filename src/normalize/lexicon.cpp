#include "normalize/lexicon.hpp"

#include <array>
#include <string_view>

namespace invox::normalize {

namespace {

template <size_t N>
std::optional<int> index_of(const std::array<std::string_view, N>& words, std::string_view w) {
  for (size_t i = 0; i < N; ++i)
    if (words[i] == w) return static_cast<int>(i);
  return std::nullopt;
}

constexpr std::array<std::string_view, 10> kDigits = {"zero", "one", "two", "three", "four",
                                                      "five", "six", "seven", "eight", "nine"};
constexpr std::array<std::string_view, 10> kTeens = {"ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                                     "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
constexpr std::array<std::string_view, 8> kTens = {"twenty", "thirty",  "forty",  "fifty",
                                                   "sixty",  "seventy", "eighty", "ninety"};
constexpr std::array<std::string_view, 10> kDigitOrdinals = {"zeroth", "first", "second",  "third",  "fourth",
                                                             "fifth",  "sixth", "seventh", "eighth", "ninth"};
constexpr std::array<std::string_view, 10> kTeenOrdinals = {
    "tenth",      "eleventh",    "twelfth",      "thirteenth",   "fourteenth",
    "fifteenth",  "sixteenth",   "seventeenth",  "eighteenth",   "nineteenth"};
constexpr std::array<std::string_view, 8> kTensOrdinals = {"twentieth", "thirtieth",  "fortieth",  "fiftieth",
                                                           "sixtieth",  "seventieth", "eightieth", "ninetieth"};
constexpr std::array<std::string_view, 12> kMonths = {"january", "february", "march",     "april",
                                                      "may",     "june",     "july",      "august",
                                                      "september", "october", "november", "december"};
constexpr std::array<std::string_view, 12> kMonthAbbrev = {"jan", "feb", "mar", "apr", "may", "jun",
                                                           "jul", "aug", "sep", "oct", "nov", "dec"};
constexpr std::array<std::string_view, 7> kWeekdays = {"monday", "tuesday",  "wednesday", "thursday",
                                                       "friday", "saturday", "sunday"};
constexpr std::array<std::string_view, 7> kWeekdayAbbrev = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};

}  // namespace

std::optional<int> digit_word(std::string_view w) { return index_of(kDigits, w); }

std::optional<int> teen_word(std::string_view w) {
  if (auto i = index_of(kTeens, w)) return 10 + *i;
  return std::nullopt;
}

std::optional<int> tens_word(std::string_view w) {
  if (auto i = index_of(kTens, w)) return 20 + 10 * *i;
  if (w == "fourty") return 40;  // a common misspelling in typed notes
  return std::nullopt;
}

std::optional<int> ordinal_word(std::string_view w) {
  if (auto i = index_of(kDigitOrdinals, w); i && *i > 0) return *i;
  if (auto i = index_of(kTeenOrdinals, w)) return 10 + *i;
  if (auto i = index_of(kTensOrdinals, w)) return 20 + 10 * *i;
  if (w == "hundredth") return 100;
  if (w == "thousandth") return 1000;
  return std::nullopt;
}

std::optional<double> scale_word(std::string_view w) {
  if (w == "hundred") return 100.0;
  if (w == "thousand") return 1e3;
  if (w == "million") return 1e6;
  if (w == "billion") return 1e9;
  return std::nullopt;
}

std::optional<unsigned> month_word(std::string_view w) {
  if (auto i = index_of(kMonths, w)) return static_cast<unsigned>(*i + 1);
  if (auto i = index_of(kMonthAbbrev, w)) return static_cast<unsigned>(*i + 1);
  if (w == "sept") return 9u;
  return std::nullopt;
}

std::optional<unsigned> weekday_word(std::string_view w) {
  if (auto i = index_of(kWeekdays, w)) return static_cast<unsigned>(*i + 1);
  if (auto i = index_of(kWeekdayAbbrev, w)) return static_cast<unsigned>(*i + 1);
  if (w == "tues") return 2u;
  if (w == "weds") return 3u;
  if (w == "thur" || w == "thurs") return 4u;
  return std::nullopt;
}

}  // namespace invox::normalize
