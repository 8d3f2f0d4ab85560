#pragma once
// The raw confidence of a value one chat model gave, from signals about how it was given
// (docs/PIPELINE.md "LLM confidence signals"); the one place they are combined. S3/S4 then
// combine two models' scores by agreement (extract/agreement_confidence.hpp), and a calibration
// (invox/calibration.hpp) turns the raw score into a probability.
#include <optional>

namespace invox::llm {

struct LlmValueSignals {
  bool grounded = false;                     // the transcript states it (evidence found)
  std::optional<double> token_probability;  // from the answer's token log probabilities; none = no signal
  bool reasked = false;                     // the first answer for it failed the checks
};

// Grounding sets the base (kGroundedConfidence / kUngroundedConfidence), the token probability
// scales it, a re-ask costs kReaskFactor; clamped to [0.05, 0.99].
[[nodiscard]] double combine_llm_signals(const LlmValueSignals& signals);

// Confidence of a value a model gave: higher when the transcript states it literally or CF can
// derive it from a span (evidence found), lower otherwise so VER's threshold flags it.
inline constexpr double kGroundedConfidence = 0.9;
inline constexpr double kUngroundedConfidence = 0.7;
// A value the model got right only when told what was wrong with its first answer.
inline constexpr double kReaskFactor = 0.8;

}  // namespace invox::llm
