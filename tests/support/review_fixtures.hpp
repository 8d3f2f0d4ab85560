#pragma once
// Fill outputs for review and read-back tests: the demo template (support/pipeline_fixtures)
// written as a file, and `needs_review` form pairs with chosen values and issues.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "invox/form.hpp"

namespace invox::test {

// The transcript every fixture form carries; values' evidence points into it.
inline constexpr const char* kReviewTranscript =
    "Patient seen on March fourteenth. Temperature thirty eight point five. He is male. "
    "Blood pressure eighty over ninety. Smoker, no.";

// Writes the demo template to dir/demo.json and returns its path.
std::filesystem::path write_demo_template(const std::filesystem::path& dir);

// A form of the demo template: every field null except `values` (set by the run, source ai,
// confidence 0.6, evidence found by searching each value's `evidence` words in the transcript).
[[nodiscard]] FilledForm demo_form(const std::map<std::string, Json>& values,
                                   const std::map<std::string, std::string>& evidence = {});

// Writes `<stem>.filled.json` / `<stem>.report.json` with `issues` (status from them).
void write_form_pair(const std::filesystem::path& dir, const std::string& stem, const FilledForm& form,
                     const std::vector<Issue>& issues);

// The standard review fixture: name missing (clarify), temp low confidence, sys/dia conflict.
void write_review_fixture(const std::filesystem::path& dir, const std::string& stem);

}  // namespace invox::test
