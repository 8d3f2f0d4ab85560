#pragma once
// Numbers in outputs carry what they mean, not binary noise: 0.665, not 0.6649999999999999.
// The JSON writer prints the shortest text that reads back as the same double, so rounding the
// value is enough.
#include <cmath>

namespace invox::util {

// `v` rounded to `decimals` places (half away from zero).
[[nodiscard]] inline double round_to(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

// Confidences and probabilities: 3 decimals. Seconds in audio: milliseconds. Durations in ms: 0.1. Cost: micro-dollars.
inline constexpr int kConfidenceDecimals = 3;
inline constexpr int kSecondsDecimals = 3;
inline constexpr int kMillisecondsDecimals = 1;
inline constexpr int kUsdDecimals = 6;  // prices are quoted per million tokens

// A confidence as the outputs write it: what a review threshold is compared with, so a value
// shown as 0.8 is never "below the threshold 0.8".
[[nodiscard]] inline double shown_confidence(double c) { return round_to(c, kConfidenceDecimals); }

}  // namespace invox::util
