#pragma once
// Every prompt invox sends, built in one place (prompts.cpp holds the texts as raw strings).
// Layout: a system message with the task and field definitions; a context message (current
// values, old transcript, hints); few-shot turns; and last the new transcript alone, delimited
// as data, so that instructions spoken inside it cannot pose as ours.
#include <string>
#include <string_view>
#include <vector>

#include "invox/extractor.hpp"
#include "invox/judge.hpp"
#include "llm/chat.hpp"

namespace invox::llm {

inline constexpr size_t kMaxFewShots = 3;

[[nodiscard]] std::vector<ChatMessage> extraction_messages(const ExtractionRequest& request);
// The follow-up turn that asks once more, listing what was wrong (Instructor-style re-ask).
[[nodiscard]] ChatMessage repair_message(const std::vector<std::string>& problems);

[[nodiscard]] Json judge_schema();
[[nodiscard]] std::vector<ChatMessage> judge_messages(const JudgeRequest& request);

// "<tag>\ntext\n</tag>" with any closing tag inside `text` defused.
[[nodiscard]] std::string delimit(std::string_view tag, std::string_view text);

}  // namespace invox::llm
