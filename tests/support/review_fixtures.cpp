#include "support/review_fixtures.hpp"

#include <fstream>

#include "invox/output.hpp"
#include "support/pipeline_fixtures.hpp"
#include "invox/verify.hpp"

namespace invox::test {

namespace fs = std::filesystem;

fs::path write_demo_template(const fs::path& dir) {
  const fs::path p = dir / "demo.json";
  std::ofstream(p) << to_json(testing::demo_template()).dump(2);
  return p;
}

FilledForm demo_form(const std::map<std::string, Json>& values, const std::map<std::string, std::string>& evidence) {
  FilledForm f;
  f.template_id = "demo";
  f.strategy = "S1";
  f.model = "rules";
  f.transcript = kReviewTranscript;
  for (const Field& field : testing::demo_template().fields) {
    FilledField ff;
    if (auto it = values.find(field.id); it != values.end()) {
      ff.value = it->second;
      ff.changed = true;
      ff.source = "ai";
      ff.confidence = 0.6;
    }
    if (auto it = evidence.find(field.id); it != evidence.end()) {
      const std::string text = f.transcript;
      const size_t at = text.find(it->second);
      Evidence e;
      e.snippet = it->second;
      if (at != std::string::npos) {
        e.char_begin = at;
        e.char_end = at + it->second.size();
      }
      e.start = 1.5;
      e.end = 2.3;
      ff.evidence = e;
    }
    f.filled.emplace_back(field.id, ff);
  }
  return f;
}

void write_form_pair(const fs::path& dir, const std::string& stem, const FilledForm& form, const std::vector<Issue>& issues) {
  FillOutcome out;
  out.form = form;
  out.report.issues = issues;
  out.report.status = verify::status_for(issues);
  for (const auto& [id, f] : form.filled) {
    if (!f.value.is_null()) out.report.confidence.emplace_back(id, f.confidence);
  }
  out.report.stages.push_back({"ie", 1.0, true, 1, "", ""});
  if (auto s = write_outputs(output_paths_for(dir, stem), out); !s) throw std::runtime_error(s.error().message);
}

void write_review_fixture(const fs::path& dir, const std::string& stem) {
  const FilledForm form = demo_form({{"temp", 38.5}, {"sex", "male"}, {"sys", 80}, {"dia", 90}, {"smoker", false}},
                                    {{"temp", "thirty eight point five"}, {"sex", "male"}, {"sys", "eighty"},
                                     {"dia", "ninety"}, {"smoker", "Smoker, no"}});
  std::vector<Issue> issues;
  Issue missing{"name", IssueType::Missing, "required field 'Patient name' is empty: the transcript does not give it",
                IssueAction::Clarify};
  missing.question = "What is the patient name?";
  issues.push_back(missing);
  issues.push_back({"temp", IssueType::LowConf, "confidence 0.6 is below the review threshold 0.8", IssueAction::ManualReview});
  const auto conflict = verify::constraint_problem(testing::demo_template(), testing::demo_template().constraints[0], form);
  issues.push_back({"sys", IssueType::Conflict, conflict.value_or("?"), IssueAction::ManualReview});
  write_form_pair(dir, stem, form, issues);
}

}  // namespace invox::test
