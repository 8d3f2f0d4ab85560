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
  std::string field;
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
  bool set_by_run = false;
  bool flagged = false;
};

struct CaseScore {
  std::string case_id;
  std::string template_id;
  bool failed = false;  // the pipeline produced no form: every field counts as predicted null
  std::string error;
  std::vector<FieldScore> fields;  // template order

  [[nodiscard]] bool exact() const;  // every field correct (a failed case never is)
  [[nodiscard]] int lock_violations() const;
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
  std::map<FieldType, Counts> by_type;
  Usage usage;
  double total_ms = 0.0;

  void add(const CaseScore& score, const Usage& case_usage, double ms);
  [[nodiscard]] double exact_form_rate() const;
  [[nodiscard]] double ms_per_case() const;
};

}  // namespace invox::eval
