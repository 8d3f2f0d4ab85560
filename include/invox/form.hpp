#pragma once
// The two outputs of one input: `<stem>.filled.json` and `<stem>.report.json`.
#include <string>
#include <utility>
#include <vector>

#include "invox/json.hpp"
#include "invox/values.hpp"

namespace invox {

// Where an output came from, so a form can be traced months later and resume can tell whether
// earlier outputs still answer this run (DESIGN.md "Outputs": the `run` object of both files).
struct RunContext {
  std::string invox_version;
  std::string input;           // the input as named on the command line ("-" for stdin)
  std::string reference_date;  // the date "today" meant, YYYY-MM-DD (resolved when not given)
  std::string timezone;
  std::string locale;
  std::string created_at;      // UTC, ISO 8601
  std::string settings;        // fingerprint of everything besides the input that decides the output

  [[nodiscard]] bool empty() const { return created_at.empty() && input.empty(); }
};

struct FilledForm {
  std::string template_id;
  std::string strategy;  // S1..S4
  std::string model;     // human-readable model description
  std::string transcript;
  // Every template field, in template order.
  std::vector<std::pair<std::string, FilledField>> filled;
  RunContext run;  // written as "run" when set (fill runs; eval does not write outputs)

  [[nodiscard]] const FilledField* find(const std::string& field_id) const;
  [[nodiscard]] FilledField* find(const std::string& field_id);
};

enum class FormStatus { Complete, NeedsReview, Failed };
[[nodiscard]] std::string_view to_string(FormStatus s);

struct Report {
  std::string template_id;  // written as "template" when set
  FormStatus status = FormStatus::Failed;
  std::vector<std::pair<std::string, double>> confidence;  // template order, filled fields only
  // Template order: fields this run did not set that have a `keptConfidence` (invox/values.hpp);
  // written as "keptConfidence" when there is any.
  std::vector<std::pair<std::string, double>> kept_confidence;
  std::vector<Issue> issues;
  std::vector<Decision> decisions;
  std::vector<StageTiming> stages;
  Usage usage;
  std::string error;  // why the input failed, when status is Failed
  RunContext run;
};

// Everything one input produces: the pair of outputs written for it.
struct FillOutcome {
  FilledForm form;
  Report report;
};

[[nodiscard]] Json to_json(const RunContext& r);
[[nodiscard]] RunContext run_context_from_json(const Json& doc);  // missing members stay empty
[[nodiscard]] Json to_json(const FilledForm& f);
[[nodiscard]] Json to_json(const Report& r);
[[nodiscard]] Expected<FilledForm> filled_form_from_json(const Json& doc);
[[nodiscard]] Expected<Report> report_from_json(const Json& doc);

}  // namespace invox
