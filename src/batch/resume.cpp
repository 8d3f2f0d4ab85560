#include "batch/resume.hpp"

#include "util/file_io.hpp"

namespace invox::batch {

namespace fs = std::filesystem;

std::optional<FormStatus> reusable_outputs(const OutputPaths& paths, const fs::path& input, const ResumeKey& key) {
  std::error_code ec;
  const auto input_time = fs::last_write_time(input, ec);
  if (ec) return std::nullopt;
  for (const auto* p : {&paths.filled, &paths.report}) {
    const auto t = fs::last_write_time(*p, ec);
    if (ec || !(t > input_time)) return std::nullopt;
  }
  // Both files are parsed: a truncated or foreign file is not a finished output.
  auto report_doc = util::read_json_file(paths.report);
  if (!report_doc) return std::nullopt;
  auto report = report_from_json(*report_doc);
  if (!report || report->status == FormStatus::Failed) return std::nullopt;
  auto filled_doc = util::read_json_file(paths.filled);
  if (!filled_doc) return std::nullopt;
  auto filled = filled_form_from_json(*filled_doc);
  if (!filled || filled->template_id != key.template_id) return std::nullopt;
  if (!key.strategy.empty() && filled->strategy != key.strategy) return std::nullopt;
  // Outputs written before the fingerprint existed have none: they cannot show they still apply.
  if (!key.settings.empty() && (report->run.settings != key.settings || filled->run.settings != key.settings)) {
    return std::nullopt;
  }
  return report->status;
}

}  // namespace invox::batch
