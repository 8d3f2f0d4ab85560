#pragma once
// A small template and helpers for orchestrator, strategy and verification tests.
#include <memory>
#include <string>

#include "invox/orchestrator.hpp"

namespace invox::testing {

// Fields: name (text, required), temp (number 30..45), sex (enum), visit (date), allergies
// (textarea), smoker (boolean), sys/dia (numbers, sys > dia), arrive/leave (times, leave >= arrive),
// admit/discharge (dates, discharge >= admit).
[[nodiscard]] const Template& demo_template();

// A field of demo_template() by id (it must exist).
[[nodiscard]] const Field& demo_field(const std::string& id);

[[nodiscard]] FillRequest text_request(const std::string& text, CurrentValues current = {});
[[nodiscard]] Transcript transcript_of(const std::string& text);

[[nodiscard]] Orchestrator make_orchestrator(std::shared_ptr<Extractor> model, PipelineOptions options = {},
                                             std::shared_ptr<HistoryStore> history = nullptr);

[[nodiscard]] const StageTiming* find_stage(const Report& report, const std::string& stage);
// Issues of `type` on `field` in the report.
[[nodiscard]] int count_issues(const Report& report, const std::string& field, IssueType type);
[[nodiscard]] const Issue* find_issue(const Report& report, const std::string& field, IssueType type);
[[nodiscard]] const Issue* find_issue(const std::vector<Issue>& issues, const std::string& field, IssueType type);

}  // namespace invox::testing
