#pragma once
// The question a `clarify` issue carries (DESIGN.md "Review"): for an ambiguous value, the
// readings CF finds for the words; for a missing one, the field's label, type and options.
#include <vector>

#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox {

// The distinct values `raw` can mean for `field`: each element of a list, both day/month
// orders of a date, each option an enum phrase matches. Fewer than two: no useful readings.
[[nodiscard]] std::vector<Json> ambiguous_readings(const Json& raw, const Field& field, const NormalizeContext& context);

// Sets `issue.question` when the issue asks the speaker (action clarify); `raw` is what the
// extractor read (null when nothing was said).
void attach_question(Issue& issue, const Field& field, const Json& raw, const NormalizeContext& context);

}  // namespace invox
