#pragma once
// The candidate a model's group answer becomes: per item, per sub-value, the confidence and
// evidence the extractor gives any value it reads (DESIGN.md "Repeating groups").
#include "invox/extractor.hpp"

namespace invox::llm {

// `value` is the checked list. A sub-value the new transcript states gets evidence and the
// grounded confidence; an item carried unchanged from the current list keeps the grounded
// confidence (it was said before); the group's own confidence is the lowest of its items'.
[[nodiscard]] Candidate group_candidate(const Json& value, const Field& group, const ExtractionRequest& request,
                                        double grounded, double ungrounded);

}  // namespace invox::llm
