#pragma once
// Isotonic regression by pool-adjacent-violators: the non-decreasing step function closest (least
// squares) to observed 0/1 outcomes ordered by raw score, as a MonotoneMap.
#include <utility>
#include <vector>

#include "invox/calibration.hpp"

namespace invox::eval {

struct IsotonicParams {
  // Each block's accuracy is shrunk toward `prior` as if `prior_weight` extra samples at the
  // prior had been seen, so a block of three right answers reads 0.9, not a certain 1.0.
  double prior = 0.5;
  double prior_weight = 2.0;
};

// `points`: (raw score, outcome 0 or 1). Samples with equal raw scores share one value. The map's
// knots are each block's lowest and highest raw score, so it interpolates between blocks.
[[nodiscard]] MonotoneMap fit_isotonic(std::vector<std::pair<double, double>> points, const IsotonicParams& params);

}  // namespace invox::eval
