#include "eval/threshold_choice.hpp"

#include <algorithm>
#include <cmath>

namespace invox::eval {

namespace {

// The samples a threshold accepts: how many, how many of them are right, and the weakest.
struct AcceptedTally {
  long accepted = 0, correct = 0;
  double weakest = 1.0;
};

AcceptedTally accepted_at(const std::vector<ConfidenceSample>& samples, double threshold) {
  AcceptedTally t;
  for (const auto& s : samples) {
    if (s.confidence < threshold) continue;
    ++t.accepted;
    t.correct += s.correct ? 1 : 0;
    t.weakest = std::min(t.weakest, s.confidence);
  }
  return t;
}

}  // namespace

std::optional<double> lowest_threshold_reaching(const std::vector<ConfidenceSample>& samples,
                                                double target_precision) {
  std::optional<double> lowest;
  double weakest_accepted = 1.0;
  // From the top down, so a threshold is taken only when every higher one (with enough samples
  // to tell) reached the target too: precision need not fall steadily as the threshold falls.
  for (int step = kThresholdGridHigh; step >= kThresholdGridLow; --step) {
    const double t = step / 100.0;
    const AcceptedTally at = accepted_at(samples, t);
    if (at.accepted < kMinAcceptedForThreshold) continue;
    // To the three decimals precision is reported with: 0.9497 of 1 388 values is 0.950, and one
    // value either way would not tell it apart from 0.950 anyway.
    if (static_cast<double>(at.correct) < (target_precision - kPrecisionRounding) * static_cast<double>(at.accepted))
      break;
    lowest = t;
    weakest_accepted = at.weakest;
  }
  // Calibrated probabilities bunch on the maps' plateaus, so the lowest threshold that accepts
  // the same samples may sit far below the weakest of them, in a gap the fitting data never
  // filled. New values land in such gaps (between knots); the threshold goes just under the
  // weakest accepted sample instead, which accepts exactly the same samples.
  if (lowest) lowest = std::max(*lowest, std::floor(weakest_accepted * 100.0 + 1e-9) / 100.0);
  return lowest;
}

ThresholdChoice choose_review_threshold(const std::vector<std::vector<ConfidenceSample>>& folds,
                                        double target_precision, double fallback_threshold) {
  ThresholdChoice choice;
  choice.target_precision = target_precision;
  std::vector<ConfidenceSample> all;
  for (const auto& fold : folds) all.insert(all.end(), fold.begin(), fold.end());
  choice.threshold = lowest_threshold_reaching(all, target_precision);

  long samples = 0, accepted = 0, correct = 0;
  for (size_t k = 0; k < folds.size(); ++k) {
    std::vector<ConfidenceSample> others;
    for (size_t j = 0; j < folds.size(); ++j)
      if (j != k) others.insert(others.end(), folds[j].begin(), folds[j].end());
    const double t = lowest_threshold_reaching(others, target_precision).value_or(fallback_threshold);
    const AcceptedTally at = accepted_at(folds[k], t);
    samples += static_cast<long>(folds[k].size());
    accepted += at.accepted;
    correct += at.correct;
  }
  if (samples > 0) choice.held_out_coverage = static_cast<double>(accepted) / static_cast<double>(samples);
  if (accepted > 0) choice.held_out_precision = static_cast<double>(correct) / static_cast<double>(accepted);
  return choice;
}

}  // namespace invox::eval
