#include "batch/summary.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "invox/output.hpp"
#include "util/rounding.hpp"

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
  j["ms"] = util::round_to(e.ms, util::kMillisecondsDecimals);
  return j;
}

Json to_json(const SummaryCounts& c) {
  return Json{{"inputs", c.inputs},   {"complete", c.complete}, {"needsReview", c.needs_review},
              {"failed", c.failed},   {"skipped", c.skipped},   {"notRun", c.not_run}};
}

namespace {
std::string json_text(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// An entry as it appears in the summary's "inputs" list (indented like a whole-document dump).
std::string entry_text(const SummaryEntry& e) {
  std::string text = to_json(e).dump(2, ' ', false, Json::error_handler_t::replace);
  std::string out = "    ";
  for (char ch : text) {
    out += ch;
    if (ch == '\n') out += "    ";
  }
  return out;
}
}  // namespace

SummaryWriter::SummaryWriter(std::filesystem::path path, const SummaryHeader& h) : path_(std::move(path)) {
  if (path_.empty()) return;
  tmp_ = path_.parent_path() / fmt::format(".{}.tmp-{}", path_.filename().string(), ::getpid());
  file_ = std::fopen(tmp_.c_str(), "w");
  if (!file_) {
    error_ = fmt::format("{}: cannot write ({})", path_.string(), std::strerror(errno));
    return;
  }
  std::fprintf(file_, "{\n  \"template\": %s,\n  \"strategy\": %s,\n  \"model\": %s,\n  \"outDir\": %s,\n"
               "  \"shard\": %s,\n  \"startedAt\": %s,\n  \"inputs\": [",
               json_text(h.template_id).c_str(), json_text(h.strategy).c_str(), json_text(h.model).c_str(),
               json_text(h.out_dir).c_str(), h.shard.empty() ? "null" : json_text(h.shard).c_str(),
               json_text(h.started_at).c_str());
}

SummaryWriter::~SummaryWriter() {
  if (!file_) return;
  std::fclose(file_);
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
}

void SummaryWriter::append(const SummaryEntry& e) {
  counts_.add(e);
  if (file_) std::fprintf(file_, "%s\n%s", next_ == 0 ? "" : ",", entry_text(e).c_str());
  ++next_;
}

void SummaryWriter::record(size_t index, SummaryEntry entry) {
  waiting_.emplace(index, std::move(entry));
  for (auto it = waiting_.begin(); it != waiting_.end() && it->first == next_; it = waiting_.erase(it)) append(it->second);
}

Status SummaryWriter::finish(size_t inputs, const std::function<SummaryEntry(size_t)>& not_run,
                             const SummaryHeader& h) {
  while (next_ < inputs) {
    auto it = waiting_.find(next_);
    if (it != waiting_.end()) {
      append(it->second);
      waiting_.erase(it);
    } else {
      append(not_run(next_));
    }
  }
  if (path_.empty()) return ok();
  if (!file_) return Error::input(error_);
  std::fprintf(file_, "%s],\n  \"finishedAt\": %s,\n  \"interrupted\": %s,\n  \"counts\": %s\n}\n",
               next_ == 0 ? "" : "\n  ", json_text(h.finished_at).c_str(), h.interrupted ? "true" : "false",
               json_text(to_json(counts_)).c_str());
  const bool written = std::fflush(file_) == 0 && std::ferror(file_) == 0 && ::fsync(::fileno(file_)) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  std::error_code ec;
  if (!written || !closed) {
    std::filesystem::remove(tmp_, ec);
    return Error::input(fmt::format("{}: write failed (disk full?)", path_.string()));
  }
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) {
    std::filesystem::remove(tmp_, ec);
    return Error::input(fmt::format("{}: cannot replace (check the folder's permissions)", path_.string()));
  }
  return ok();
}

std::string summary_file_name(int shard_index, int shard_count) {
  if (shard_count <= 1) return "summary.json";
  return fmt::format("summary-{}-of-{}.json", shard_index, shard_count);
}

}  // namespace invox::batch
