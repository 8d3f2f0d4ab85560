#pragma once
#include <memory>

#include "invox/judge.hpp"
#include "llm/chat.hpp"

namespace invox::llm {

[[nodiscard]] std::shared_ptr<Judge> make_llm_judge(std::shared_ptr<ChatClient> chat);

}  // namespace invox::llm
