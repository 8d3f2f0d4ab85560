#pragma once
// VER for `group` fields (DESIGN.md "Repeating groups"): the value's shape and per-item checks,
// with issues naming sub-values by path ("vehicles[1].colour", 0-based).
#include <optional>
#include <string>
#include <vector>

#include "invox/form.hpp"
#include "invox/json.hpp"
#include "invox/template.hpp"
#include "invox/verify.hpp"
#include "util/text_fold.hpp"

namespace invox::verify {

// Why `value` is not a valid normalized group value: not a list of objects, or the first
// sub-value whose type, options or range is wrong (named by its path). nullopt when valid.
[[nodiscard]] std::optional<std::string> group_type_problem(const Field& group, const Json& value);

// Every issue of a non-null group value: item count outside minItems/maxItems, a required
// sub-field empty in an item (missing), a sub-value of the wrong type or out of range (invalid),
// and, for a group this run changed, each new sub-value not grounded in the transcript or below
// the review threshold (low_conf). Sub-values equal to one the group had before the run are
// exempt from grounding and confidence: they were not extracted from this transcript.
[[nodiscard]] std::vector<Issue> group_issues(const Field& group, const FilledField& filled, const VerifyInput& input,
                                              const util::FoldedText& folded, const VerifyParams& params);

}  // namespace invox::verify
