#pragma once
// The candidate a model's group answer becomes: per item, per sub-value, the confidence and
// evidence the extractor gives any value it reads (DESIGN.md "Repeating groups").
#include <functional>
#include <string>

#include "invox/extractor.hpp"

namespace invox::llm {

// How confident the extractor is in the sub-value at `path` ("meds[1].dose_mg"), given whether
// it is grounded (llm/value_confidence.hpp).
using SubValueConfidence = std::function<double(const std::string& path, bool grounded)>;

// `value` is the checked list. A sub-value the new transcript states gets evidence and counts as
// grounded; an item carried unchanged from the current list counts as grounded too (it was said
// before); the group's own confidence is the lowest of `base` and its items'.
[[nodiscard]] Candidate group_candidate(const Json& value, const Field& group, const ExtractionRequest& request,
                                        double base, const SubValueConfidence& confidence);

}  // namespace invox::llm
