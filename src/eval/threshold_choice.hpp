#pragma once
// The review threshold a calibration file carries (DESIGN.md "Calibration"). A calibrated
// probability of 0.8 means 80 % right, so accepting every value at or above 0.8 gives a
// precision somewhere between 0.8 and 1 that depends on how the probabilities spread. A batch
// user asks the reverse question: from which threshold up are the accepted values right at least
// P of the time? `invox calibrate` answers it on held-out values and writes the answer down.
#include <optional>
#include <vector>

#include "eval/confidence_metrics.hpp"

namespace invox::eval {

// The candidate thresholds: 0.50 to 0.99 in steps of 0.01 (a threshold a person can read, and
// fewer candidates to over-fit).
inline constexpr int kThresholdGridLow = 50, kThresholdGridHigh = 99;
// A threshold that accepts fewer samples than this says nothing about precision either way.
inline constexpr long kMinAcceptedForThreshold = 30;
// Precision counts as reaching the target when it does to three decimals.
inline constexpr double kPrecisionRounding = 0.0005;

// The lowest grid threshold t such that at t and at every higher grid threshold that accepts at
// least kMinAcceptedForThreshold samples, the accepted samples are right at least
// `target_precision` of the time (to three decimals); raised to the weakest confidence it
// accepts (rounded down to the grid). None when even the highest such threshold falls short.
[[nodiscard]] std::optional<double> lowest_threshold_reaching(const std::vector<ConfidenceSample>& samples,
                                                              double target_precision);

struct ThresholdChoice {
  double target_precision = 0.0;
  std::optional<double> threshold;  // lowest_threshold_reaching over every held-out sample
  // The same choice made without each fold (on the other folds' held-out samples; the default
  // threshold where they reach no threshold) and measured on that fold: what the chosen threshold
  // is likely to give on cases it was not chosen on.
  std::optional<double> held_out_precision, held_out_coverage;
};

// `folds` are the held-out samples of each cross-validation fold (CrossValidation::held_out_folds).
[[nodiscard]] ThresholdChoice choose_review_threshold(const std::vector<std::vector<ConfidenceSample>>& folds,
                                                      double target_precision, double fallback_threshold);

}  // namespace invox::eval
