#pragma once
// A conservative token count for budgeting prompts without a tokenizer: about 3.5 bytes per
// token (English prose runs near 4; numbers, JSON and non-Latin text run denser), rounded up.
#include <cmath>
#include <string_view>

namespace invox::util {

inline constexpr double kBytesPerToken = 3.5;

[[nodiscard]] inline int estimate_tokens(std::string_view text) {
  return static_cast<int>(std::ceil(static_cast<double>(text.size()) / kBytesPerToken));
}

}  // namespace invox::util
