#include "invox/strategy.hpp"

namespace invox {

// S1: one call fills every field.
Expected<StrategyOutput> run_s1(const StrategyInput& input) {
  auto result = input.model_a->extract(input.base);
  if (!result) return result.error();
  StrategyOutput out;
  out.values = std::move(result->values);
  out.issues = std::move(result->issues);
  out.usage = result->usage;
  out.calls = 1;
  return out;
}

}  // namespace invox
