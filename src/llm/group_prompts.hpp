#pragma once
// The prompt parts for `group` fields (DESIGN.md "Repeating groups"): the item and update rules
// of the extraction prompt, few-shot answers in the schema's shape, and the aligned pair of
// items the S3/S4 judge sees.
#include <string>
#include <vector>

#include "invox/judge.hpp"
#include "invox/template.hpp"

namespace invox::llm {

// The rules for lists of items; "" when none of `fields` is a group (scalar prompts unchanged).
[[nodiscard]] std::string group_rules(const std::vector<const Field*>& fields);

// A group value in the answer's shape: every item an object naming every sub-field in template
// order (null where unsaid), other keys dropped. Anything but a list is returned as it is.
[[nodiscard]] Json complete_items(const Json& value, const Field& group);

// What the judge is told about an item path (JudgeRequest::path): which item of which group,
// and the two models' aligned items. "" for a whole-field request.
[[nodiscard]] std::string judge_item_context(const JudgeRequest& request);

}  // namespace invox::llm
