#pragma once
// The rule-based verification agent (VER): completeness, type validity, cross-field
// constraints, grounding and confidence checks over an assembled form. See docs/PIPELINE.md
// for every issue type, its action and which issues need a person.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "invox/form.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"
#include "invox/values.hpp"

namespace invox::verify {

struct VerifyParams {
  double review_threshold = 0.8;  // confidence below this -> low_conf
};

struct VerifyInput {
  const Template* tmpl = nullptr;
  const FilledForm* form = nullptr;
  const Transcript* transcript = nullptr;
  NormalizeContext context;
};

// Checks the form. Values set by this run (`changed`) are checked for grounding and
// confidence; values carried over from the current values are exempt from both, since
// they were not extracted from this transcript. A field this run did not set is flagged when its
// `kept_confidence` is below the threshold; without one (no kept maps), an empty optional field
// is flagged only when the transcript names it.
[[nodiscard]] std::vector<Issue> verify_form(const VerifyInput& input, const VerifyParams& params = {});

// The raw kept score (src/verify/kept_signals.hpp) of every field this run did not set that a
// person could be asked about: empty and optional, or carried unchanged from the current values;
// never a locked field. Keyed by field id. A calibration's kept maps make these probabilities
// (FilledField::kept_confidence), which verify_form compares with the review threshold.
[[nodiscard]] std::map<std::string, double> kept_raw_scores(const VerifyInput& input);

// Why `value` is not a valid normalized value of `field` (type, options, range), or nullopt.
[[nodiscard]] std::optional<std::string> type_problem(const Field& field, const Json& value);

// Evaluates one template constraint on the form; nullopt when it holds or cannot be checked
// (a side is empty or not comparable), else the problem.
[[nodiscard]] std::optional<std::string> constraint_problem(const Template& tmpl, const Constraint& c,
                                                           const FilledForm& form);

// Every issue in a final report needs a person (or another model pass): see docs/PIPELINE.md.
[[nodiscard]] bool needs_person(const Issue& issue);
[[nodiscard]] FormStatus status_for(const std::vector<Issue>& issues);

// Keeps the first issue of each (field, type) pair, preserving order; drops `missing` for a
// field that also has an `invalid` or `ambiguous` issue (that issue says why it is empty).
[[nodiscard]] std::vector<Issue> dedupe_issues(std::vector<Issue> issues);

}  // namespace invox::verify
