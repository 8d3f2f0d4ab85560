#pragma once
// A reviewer's decision on one value (accept / edit / clear) applied to a form in memory:
// the value is checked by CF like any extracted value, marked `source: "manual"`,
// `"reviewed": true`, the issues it settles leave the report, constraints it touches are
// checked again, and the status is recomputed the way VER computes it.
#include <string>
#include <string_view>
#include <vector>

#include "invox/normalize.hpp"
#include "review/review_form.hpp"
#include "review/value_path.hpp"

namespace invox::review {

enum class Action { Accept, Edit, Clear };
[[nodiscard]] std::string_view to_string(Action action);

struct ReviewDecision {
  ValuePath path;
  Action action = Action::Accept;
  Json input;  // Edit: what the reviewer typed (a string) or a script sent (any JSON scalar)
};

// One applied decision, as the report's `review.changes` and review-log.jsonl record it.
struct Change {
  std::string path;
  Action action = Action::Accept;
  Json from;
  Json to;
};

// The normalized value of `input` for `field`, or why it is refused: CF's reason, or VER's
// (out of range), with the options listed for an enum. A reviewer may type an enum option's
// number as shown (1-based) instead of its text.
[[nodiscard]] Expected<Json> check_value(const Field& field, const Json& input, const NormalizeContext& context);

// Applies `decision` to `form` (documents and views). On error the form is unchanged and the
// message names the path and the reason. An edit to the value already there counts as accept.
[[nodiscard]] Expected<Change> apply_decision(ReviewForm& form, const ReviewDecision& decision, const NormalizeContext& context);

// Settles a form-level issue (one with no field): acknowledging it removes it.
[[nodiscard]] Expected<Change> acknowledge_issue(ReviewForm& form, const Issue& issue);

// Adds `changes` to the report's `review` record ({"by", "at", "changes": [...]}).
void record_review(ReviewForm& form, const std::vector<Change>& changes, const std::string& by, const std::string& at);

}  // namespace invox::review
