#pragma once
// One fill output pair (`<stem>.filled.json` + `<stem>.report.json`) as review reads and
// rewrites it. The JSON documents are kept whole so keys this version does not know survive a
// rewrite; `form` and `report` are typed views of them, refreshed after every change.
#include <filesystem>
#include <string>
#include <vector>

#include "invox/template_set.hpp"
#include "invox/form.hpp"
#include "invox/output.hpp"

namespace invox::review {

struct ReviewForm {
  std::string stem;
  OutputPaths paths;
  // The bytes as read: a writer that changed either file since is detected before a rewrite.
  std::string filled_text;
  std::string report_text;
  Json filled_doc;
  Json report_doc;
  FilledForm form;
  Report report;
  const Template* tmpl = nullptr;
};

// Stems of every `<stem>.report.json` in `dir` whose status is `status`, sorted.
[[nodiscard]] std::vector<std::string> stems_with_status(const std::filesystem::path& dir, FormStatus status);

// Reads both outputs of `stem` and finds their template. Errors name the file.
[[nodiscard]] Expected<ReviewForm> load_review_form(const std::filesystem::path& dir, const std::string& stem,
                                                    const TemplateSet& templates);

// Re-derives `form` and `report` from the documents after they were edited.
[[nodiscard]] Status refresh_views(ReviewForm& form);

// The text an output is written as (the layout `invox fill` writes).
[[nodiscard]] std::string document_text(const Json& doc);

}  // namespace invox::review
