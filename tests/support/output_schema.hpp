#pragma once
// The output shapes of DESIGN.md ("Outputs") written as code: each check returns every
// violation it finds ("filled.visit_date.confidence: expected a number"), empty when the
// document has the documented shape. Used by any test that produces outputs.
#include <string>
#include <vector>

#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox::test {

// `<stem>.filled.json`. With a template, also checks that `filled` holds exactly its fields, in
// template order, with values of the field's normalized type.
[[nodiscard]] std::vector<std::string> check_filled_shape(const Json& doc, const Template* tmpl = nullptr);
// `<stem>.report.json`.
[[nodiscard]] std::vector<std::string> check_report_shape(const Json& doc);
// The STT output shape (`*.transcript.json`).
[[nodiscard]] std::vector<std::string> check_transcript_shape(const Json& doc);

}  // namespace invox::test
