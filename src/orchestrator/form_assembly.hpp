#pragma once
// CF over extractor candidates and the shared rules of DESIGN.md that turn candidates and
// current values into the filled form (locks, unmentioned fields, changed/previousValue).
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "invox/extractor.hpp"
#include "invox/form.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"

namespace invox {

// A candidate after CF normalization. `value` is null when CF rejected it; `issue` carries
// CF's invalid/ambiguous finding (field and action already set).
struct CfCandidate {
  Json value;
  double confidence = 0.0;
  std::optional<Evidence> evidence;
  std::optional<Issue> issue;
  std::vector<ItemDetails> items;  // group fields: parallel to `value`
  std::map<std::string, double> signals;  // the extractor's (Candidate::signals)
};
using CfCandidates = std::map<std::string, CfCandidate>;

// True when `field` may receive a new value in this run (it is in the template and not locked).
[[nodiscard]] bool is_writable(const Template& tmpl, const CurrentValues& current, const std::string& field_id);

// Normalizes each candidate of a writable field. Candidates for unknown or locked fields and
// null candidates ("not mentioned") are dropped here, so no model can overwrite a lock.
[[nodiscard]] CfCandidates normalize_candidates(const std::map<std::string, Candidate>& candidates,
                                                const Template& tmpl, const CurrentValues& current,
                                                const NormalizeContext& context);

// Every template field in template order:
// - locked: the current value, unchanged;
// - a usable candidate equal to the current value (CF comparison): the current value, unchanged;
// - a usable candidate that differs: the candidate, source "ai", changed, previousValue;
// - otherwise: the current value with its source (null and source "" when none).
// Carried non-null values have confidence 1 (this run did not estimate them). A group is one
// value: a locked group is never touched, an unlocked one takes the candidate's complete list.
[[nodiscard]] std::vector<std::pair<std::string, FilledField>> assemble_fields(const Template& tmpl,
                                                                               const CurrentValues& current,
                                                                               const CfCandidates& candidates);

}  // namespace invox
