#pragma once
// An Extractor backed by a chat model: prompt, structured answer, robust parsing, type checks,
// one re-ask with the problems listed, then per-field issues for what still fails.
#include <memory>

#include "invox/extractor.hpp"
#include "llm/chat.hpp"

namespace invox::llm {

[[nodiscard]] std::shared_ptr<Extractor> make_llm_extractor(std::shared_ptr<ChatClient> chat);

// Confidence of a value a model gave: higher when the transcript states it literally or CF can
// derive it from a span (evidence found), lower otherwise so VER's threshold flags it.
inline constexpr double kGroundedConfidence = 0.9;
inline constexpr double kUngroundedConfidence = 0.7;

}  // namespace invox::llm
