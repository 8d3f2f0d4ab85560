#pragma once
// An Extractor backed by a chat model: prompt, structured answer, robust parsing, type checks,
// one re-ask with the problems listed, then per-field issues for what still fails.
#include <memory>

#include "invox/extractor.hpp"
#include "llm/chat.hpp"
#include "llm/value_confidence.hpp"

namespace invox::llm {

[[nodiscard]] std::shared_ptr<Extractor> make_llm_extractor(std::shared_ptr<ChatClient> chat);

}  // namespace invox::llm
