#pragma once
// Scoring per DESIGN.md "Scoring a field", with the CF comparison (values_match) so scoring
// and normalization agree on what "the same value" means.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "invox/form.hpp"
#include "invox/json.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox::eval {

// A field's outcome is CF's classify_match (invox/normalize.hpp): correct (equal, both null
// included), hallucination, omission or wrong. Scoring has no classifier of its own.
using Outcome = MatchOutcome;

struct FieldScore {
  std::string field;  // field id; for a group's sub-value its path (below)
  FieldType type = FieldType::Text;
  Json expected;
  Json predicted;
  Outcome outcome = Outcome::Correct;
  bool lock_violation = false;  // the field was locked and the prediction differs from the lock
  std::optional<Evidence> evidence;
  // Confidence of a non-null predicted value (DESIGN.md "Scoring confidence"): a sample when
  // this run set the value (`set_by_run`, source "ai"); `flagged` when the report raises an
  // issue on the field, so the value is not accepted without review.
  double confidence = 0.0;
  std::optional<double> raw_confidence;  // before calibration, when a calibration was applied
  std::map<std::string, double> extractor_signals;  // FilledField::extractor_signals
  bool set_by_run = false;
  // This run replaced the field's value (`changed`): a carried value, even one an earlier run set
  // (source "ai"), was not estimated by this run, so `invox calibrate` fits no map on it.
  bool changed = false;
  // A field this run did not set (src/verify/kept_signals.hpp): its raw kept score, the sample
  // `invox calibrate` fits the kept maps on, whatever the outcome.
  std::optional<double> kept_raw;
  bool flagged = false;
  // Group fields (DESIGN.md "Scoring a group"): one score per sub-field of each pair of the item
  // matching, scored like a scalar field. `field` is then the path "vehicles[1].colour", the index
  // being the predicted item's ("vehicles[-].colour": an expected item nothing was paired with;
  // "vehicles[+2].colour": predicted item 2 paired with nothing), and `sub_field` names the
  // sub-field whatever the item ("vehicles.colour"). The group's own outcome is Correct only when
  // every sub-value is; the counts add the sub-values, never the group itself. Confidence samples
  // are the sub-values, never the group.
  std::string sub_field;
  std::vector<FieldScore> sub_values;
};

// The scored values a confidence sample can come from: a group's sub-values, else the field itself.
template <class Fn>
void for_each_scored_value(const FieldScore& f, Fn&& fn) {
  if (f.type == FieldType::Group) {
    for (const auto& s : f.sub_values) fn(s);
  } else {
    fn(f);
  }
}

struct CaseScore {
  std::string case_id;
  std::string template_id;
  bool failed = false;  // the pipeline produced no form: every field counts as predicted null
  std::string error;
  std::vector<FieldScore> fields;  // template order

  [[nodiscard]] bool exact() const;  // every field correct (a failed case never is)
  [[nodiscard]] int lock_violations() const;
  // Group fields: whether each has as many predicted items as expected (null counts as 0); nullopt
  // for a template without groups.
  [[nodiscard]] std::optional<bool> item_counts_exact() const;
};

// `form` is null for a failed case. `expected` holds every template field. `issues` (the
// report's, may be null) mark the fields a person is asked to review.
[[nodiscard]] CaseScore score_case(const std::string& case_id, const Template& tmpl, const Json& expected,
                                   const FilledForm* form, const CurrentValues& current,
                                   const std::vector<Issue>* issues = nullptr);

// Outcome counts with the DESIGN.md ratios.
struct Counts {
  long correct = 0;          // all correct fields, both-null included
  long correct_non_null = 0;
  long hallucinations = 0;
  long omissions = 0;
  long wrong = 0;

  void add(Outcome o, bool expected_non_null);
  Counts& operator+=(const Counts& other);
  [[nodiscard]] long predicted_non_null() const { return correct_non_null + hallucinations + wrong; }
  [[nodiscard]] long expected_non_null() const { return correct_non_null + omissions + wrong; }
  // precision = correct non-null / predicted non-null; recall = correct non-null / expected
  // non-null; 0 when the denominator is 0.
  [[nodiscard]] double precision() const;
  [[nodiscard]] double recall() const;
  [[nodiscard]] double f1() const;
};

// Everything one strategy's run adds up to.
struct StrategyMetrics {
  std::string strategy;
  std::string model;
  long cases = 0;
  long failed_cases = 0;
  long exact_forms = 0;
  long lock_violations = 0;
  Counts counts;
  std::map<FieldType, Counts> by_type;  // a group's sub-values count under `group`
  std::map<std::string, Counts> by_group_field;  // "vehicles.colour" -> that sub-field's counts
  long group_cases = 0;       // cases whose template has a group
  long item_count_exact = 0;  // ... and every group of the case has the expected number of items
  Usage usage;
  double total_ms = 0.0;

  void add(const CaseScore& score, const Usage& case_usage, double ms);
  [[nodiscard]] double exact_form_rate() const;
  [[nodiscard]] std::optional<double> item_count_exact_rate() const;  // nullopt without group cases
  [[nodiscard]] double ms_per_case() const;
};

}  // namespace invox::eval
