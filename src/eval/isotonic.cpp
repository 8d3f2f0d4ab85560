#include "eval/isotonic.hpp"

#include <algorithm>

namespace invox::eval {

namespace {

struct Block {
  double lo = 0.0, hi = 0.0;  // raw score range
  double sum = 0.0;           // weighted sum of values
  double weight = 0.0;
  [[nodiscard]] double mean() const { return weight > 0.0 ? sum / weight : 0.0; }
};

// Pool adjacent violators: merges neighbours until the block means are non-decreasing.
std::vector<Block> pool(const std::vector<Block>& blocks) {
  std::vector<Block> out;
  for (const Block& b : blocks) {
    out.push_back(b);
    while (out.size() > 1 && out[out.size() - 2].mean() > out.back().mean()) {
      Block last = out.back();
      out.pop_back();
      Block& prev = out.back();
      prev.hi = last.hi;
      prev.sum += last.sum;
      prev.weight += last.weight;
    }
  }
  return out;
}

}  // namespace

MonotoneMap fit_isotonic(std::vector<std::pair<double, double>> points, const IsotonicParams& params) {
  MonotoneMap map;
  map.samples = static_cast<long>(points.size());
  if (points.empty()) return map;
  std::sort(points.begin(), points.end());
  std::vector<Block> blocks;
  for (const auto& [x, y] : points) {
    if (!blocks.empty() && blocks.back().hi == x) {
      blocks.back().sum += y;
      blocks.back().weight += 1.0;
    } else {
      blocks.push_back({x, x, y, 1.0});
    }
  }
  blocks = pool(blocks);
  // Shrinking can make a small block overtake a larger neighbour: pool once more afterwards.
  for (Block& b : blocks) {
    b.sum += params.prior * params.prior_weight;
    b.weight += params.prior_weight;
  }
  blocks = pool(blocks);
  for (const Block& b : blocks) {
    const double p = std::clamp(b.mean(), 0.0, 1.0);
    if (!map.knots.empty() && p < map.knots.back().second) continue;  // guarded by pool; keeps the map monotone
    map.knots.emplace_back(b.lo, p);
    if (b.hi > b.lo) map.knots.emplace_back(b.hi, p);
  }
  return map;
}

}  // namespace invox::eval
