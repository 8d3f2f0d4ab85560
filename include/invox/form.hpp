#pragma once
// The two outputs of one input: `<stem>.filled.json` and `<stem>.report.json`.
#include <string>
#include <utility>
#include <vector>

#include "invox/json.hpp"
#include "invox/values.hpp"

namespace invox {

struct FilledForm {
  std::string template_id;
  std::string strategy;  // S1..S4
  std::string model;     // human-readable model description
  std::string transcript;
  // Every template field, in template order.
  std::vector<std::pair<std::string, FilledField>> filled;

  [[nodiscard]] const FilledField* find(const std::string& field_id) const;
};

enum class FormStatus { Complete, NeedsReview, Failed };
[[nodiscard]] std::string_view to_string(FormStatus s);

struct Report {
  FormStatus status = FormStatus::Failed;
  std::vector<std::pair<std::string, double>> confidence;  // template order, filled fields only
  std::vector<Issue> issues;
  std::vector<Decision> decisions;
  std::vector<StageTiming> stages;
  Usage usage;
  std::string error;  // why the input failed, when status is Failed
};

// Everything one input produces: the pair of outputs written for it.
struct FillOutcome {
  FilledForm form;
  Report report;
};

[[nodiscard]] Json to_json(const FilledForm& f);
[[nodiscard]] Json to_json(const Report& r);
[[nodiscard]] Expected<FilledForm> filled_form_from_json(const Json& doc);
[[nodiscard]] Expected<Report> report_from_json(const Json& doc);

}  // namespace invox
