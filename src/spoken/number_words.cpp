#include "spoken/number_words.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <string_view>

#include <fmt/format.h>

namespace invox::spoken {

namespace {

// The speller's whole vocabulary. normalize/lexicon.cpp holds the (larger) reading side.
constexpr std::array<std::string_view, 20> kSmall = {
    "zero",    "one",     "two",       "three",    "four",     "five",    "six",
    "seven",   "eight",   "nine",      "ten",      "eleven",   "twelve",  "thirteen",
    "fourteen", "fifteen", "sixteen",  "seventeen", "eighteen", "nineteen"};
constexpr std::array<std::string_view, 10> kTens = {"", "", "twenty", "thirty", "forty",
                                                    "fifty", "sixty", "seventy", "eighty", "ninety"};
struct Scale {
  long long value;
  std::string_view name;
};
constexpr std::array<Scale, 4> kScales = {{{1'000'000'000'000LL, "trillion"},
                                           {1'000'000'000LL, "billion"},
                                           {1'000'000LL, "million"},
                                           {1'000LL, "thousand"}}};
// Ordinals whose cardinal does not just take "th" (the "y" -> "ieth" rule covers the tens).
struct Irregular {
  std::string_view cardinal;
  std::string_view ordinal;
};
constexpr std::array<Irregular, 6> kIrregular = {{{"one", "first"},
                                                  {"two", "second"},
                                                  {"three", "third"},
                                                  {"five", "fifth"},
                                                  {"eight", "eighth"},
                                                  {"nine", "ninth"}}};
constexpr std::string_view kTwelve = "twelve";

std::string below_hundred(int n) {
  if (n < 20) return std::string(kSmall[static_cast<size_t>(n)]);
  std::string s(kTens[static_cast<size_t>(n / 10)]);
  if (n % 10) s += "-" + std::string(kSmall[static_cast<size_t>(n % 10)]);
  return s;
}

std::string below_thousand(int n) {
  std::string s;
  if (n >= 100) {
    s = std::string(kSmall[static_cast<size_t>(n / 100)]) + " hundred";
    n %= 100;
    if (n == 0) return s;
    s += " ";
  }
  return s + below_hundred(n);
}

std::string digits_of(std::string_view digits) {
  std::string s;
  for (char c : digits) {
    if (c < '0' || c > '9') continue;
    if (!s.empty()) s += ' ';
    s += kSmall[static_cast<size_t>(c - '0')];
  }
  return s;
}

}  // namespace

std::string digit_word(int digit) {
  return digit >= 0 && digit <= 9 ? std::string(kSmall[static_cast<size_t>(digit)]) : std::string();
}

std::string cardinal_words(long long n) {
  if (n < 0) {
    // -n overflows for the smallest value; such a number is read digit by digit anyway.
    if (n == std::numeric_limits<long long>::min()) return "minus " + digits_of(std::to_string(n));
    return "minus " + cardinal_words(-n);
  }
  if (n < 1000) return below_thousand(static_cast<int>(n));
  if (n >= 1000 * kScales[0].value) return digits_of(std::to_string(n));
  std::string s;
  for (const auto& scale : kScales) {
    if (n < scale.value) continue;
    if (!s.empty()) s += ' ';
    s += below_thousand(static_cast<int>(n / scale.value)) + " " + std::string(scale.name);
    n %= scale.value;
  }
  if (n > 0) s += " " + below_thousand(static_cast<int>(n));
  return s;
}

std::string ordinal_words(long long n) {
  std::string words = cardinal_words(n);
  // Only the last word changes: "twenty-one" -> "twenty-first", "one hundred" -> "one hundredth".
  const size_t cut = words.find_last_of(" -");
  const size_t start = cut == std::string::npos ? 0 : cut + 1;
  const std::string last = words.substr(start);
  std::string ordinal;
  for (const auto& irr : kIrregular) {
    if (last == irr.cardinal) ordinal = irr.ordinal;
  }
  if (ordinal.empty() && last == kTwelve) ordinal = "twelfth";
  if (ordinal.empty() && !last.empty() && last.back() == 'y') ordinal = last.substr(0, last.size() - 1) + "ieth";
  if (ordinal.empty()) ordinal = last + "th";
  return words.substr(0, start) + ordinal;
}

std::string year_words(int year) {
  if (year < 1000 || year > 9999) return cardinal_words(year);
  const int high = year / 100;
  const int low = year % 100;
  // 2000-2009 are said as cardinals ("two thousand five"); so is any x00x of another thousand.
  if (low < 10 && high % 10 == 0) return cardinal_words(year);
  if (low == 0) return below_hundred(high) + " hundred";
  if (low < 10) return below_hundred(high) + " oh " + std::string(kSmall[static_cast<size_t>(low)]);
  return below_hundred(high) + " " + below_hundred(low);
}

std::string decimal_words(double value) {
  if (!std::isfinite(value)) return "not a number";
  std::string text = fmt::format("{:.6f}", std::fabs(value));
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  const size_t dot = text.find('.');
  const std::string whole = text.substr(0, dot);
  std::string s = value < 0 && text != "0" ? "minus " : "";
  // Integral part above the long long range: digit by digit.
  if (whole.size() > 18) s += digits_of(whole);
  else s += cardinal_words(std::stoll(whole));
  if (dot != std::string::npos) s += " point " + digits_of(text.substr(dot + 1));
  return s;
}

}  // namespace invox::spoken
