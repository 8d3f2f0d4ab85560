#include "batch/summary.hpp"

#include <cmath>

#include <fmt/format.h>

#include "invox/output.hpp"

namespace invox::batch {

void SummaryCounts::add(const SummaryEntry& e) {
  ++inputs;
  if (e.skipped) ++skipped;
  if (!e.status) {
    ++not_run;
    return;
  }
  switch (*e.status) {
    case FormStatus::Complete: ++complete; break;
    case FormStatus::NeedsReview: ++needs_review; break;
    case FormStatus::Failed: ++failed; break;
  }
}

std::string_view status_name(const SummaryEntry& e) { return e.status ? to_string(*e.status) : "not_run"; }

Json to_json(const SummaryEntry& e) {
  Json j;
  j["input"] = e.input;
  j["stem"] = e.stem;
  j["status"] = status_name(e);
  j["skipped"] = e.skipped;
  j["filled"] = e.filled.empty() ? Json(nullptr) : Json(e.filled);
  j["report"] = e.report.empty() ? Json(nullptr) : Json(e.report);
  if (!e.error.empty()) j["error"] = e.error;
  j["ms"] = std::round(e.ms * 10.0) / 10.0;
  return j;
}

Json to_json(const SummaryCounts& c) {
  return Json{{"inputs", c.inputs},   {"complete", c.complete}, {"needsReview", c.needs_review},
              {"failed", c.failed},   {"skipped", c.skipped},   {"notRun", c.not_run}};
}

Json summary_json(const SummaryHeader& h, const std::vector<SummaryEntry>& entries) {
  SummaryCounts counts;
  Json list = Json::array();
  for (const auto& e : entries) {
    counts.add(e);
    list.push_back(to_json(e));
  }
  Json j;
  j["template"] = h.template_id;
  j["strategy"] = h.strategy;
  j["model"] = h.model;
  j["outDir"] = h.out_dir;
  j["shard"] = h.shard.empty() ? Json(nullptr) : Json(h.shard);
  j["startedAt"] = h.started_at;
  j["finishedAt"] = h.finished_at;
  j["interrupted"] = h.interrupted;
  j["counts"] = to_json(counts);
  j["inputs"] = std::move(list);
  return j;
}

Status write_summary(const std::filesystem::path& path, const SummaryHeader& header,
                     const std::vector<SummaryEntry>& entries) {
  const std::string text = summary_json(header, entries).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
  return write_file_atomically(path, text);
}

std::string summary_file_name(int shard_index, int shard_count) {
  if (shard_count <= 1) return "summary.json";
  return fmt::format("summary-{}-of-{}.json", shard_index, shard_count);
}

}  // namespace invox::batch
