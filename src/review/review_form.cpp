#include "review/review_form.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/file_io.hpp"

namespace invox::review {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kReportSuffix = ".report.json";

Expected<Json> parse(const std::string& text, const fs::path& path) { return util::parse_json_text(text, path.string()); }

}  // namespace

std::vector<std::string> stems_with_status(const fs::path& dir, FormStatus status) {
  std::vector<std::string> stems;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || name.size() <= kReportSuffix.size() || name.front() == '.' ||
        name.compare(name.size() - kReportSuffix.size(), kReportSuffix.size(), kReportSuffix) != 0) {
      continue;
    }
    auto doc = util::read_json_file(entry.path());
    if (!doc || !doc->is_object() || !doc->contains("status") || (*doc)["status"] != to_string(status)) continue;
    stems.push_back(name.substr(0, name.size() - kReportSuffix.size()));
  }
  std::sort(stems.begin(), stems.end());
  return stems;
}

Status refresh_views(ReviewForm& f) {
  auto form = filled_form_from_json(f.filled_doc);
  if (!form) return Error::input(fmt::format("{}: {}", f.paths.filled.string(), form.error().message));
  auto report = report_from_json(f.report_doc);
  if (!report) return Error::input(fmt::format("{}: {}", f.paths.report.string(), report.error().message));
  f.form = std::move(*form);
  f.report = std::move(*report);
  return ok();
}

Expected<ReviewForm> load_review_form(const fs::path& dir, const std::string& stem, const TemplateSet& templates) {
  ReviewForm f;
  f.stem = stem;
  f.paths = output_paths_for(dir, stem);
  auto filled_text = util::read_file(f.paths.filled);
  if (!filled_text) return Error::input(filled_text.error().message);
  auto report_text = util::read_file(f.paths.report);
  if (!report_text) return Error::input(report_text.error().message);
  auto filled_doc = parse(*filled_text, f.paths.filled);
  if (!filled_doc) return filled_doc.error();
  auto report_doc = parse(*report_text, f.paths.report);
  if (!report_doc) return report_doc.error();
  f.filled_text = std::move(*filled_text);
  f.report_text = std::move(*report_text);
  f.filled_doc = std::move(*filled_doc);
  f.report_doc = std::move(*report_doc);
  if (auto s = refresh_views(f); !s) return s.error();
  if (f.report.status == FormStatus::Failed) {
    return Error::input(fmt::format("{}: the input failed ({}); there is nothing to review, run fill again",
                                    f.paths.report.string(), f.report.error));
  }
  f.tmpl = templates.find(f.form.template_id);
  if (!f.tmpl) return unknown_template(f.paths.filled.string(), f.form.template_id, templates);
  return f;
}

std::string document_text(const Json& doc) {
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace invox::review
