#include "llm/value_confidence.hpp"

#include <algorithm>

namespace invox::llm {

double combine_llm_signals(const LlmValueSignals& signals) {
  // Factors, not sums: each signal can only lower the base, so a value without log
  // probabilities (most reasoning models) is never ranked below one whose tokens were doubtful.
  double score = signals.grounded ? kGroundedConfidence : kUngroundedConfidence;
  if (signals.token_probability) score *= std::clamp(*signals.token_probability, 0.0, 1.0);
  if (signals.reasked) score *= kReaskFactor;
  return std::clamp(score, 0.05, 0.99);
}

}  // namespace invox::llm
