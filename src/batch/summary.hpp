#pragma once
// DIR/summary.json: every input of a batch run with its status and output paths.
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/form.hpp"
#include "invox/json.hpp"

namespace invox::batch {

// One input's line in the summary (and in --json-lines). Small on purpose: the forms
// themselves are on disk, never held for the whole run.
struct SummaryEntry {
  std::string input;  // as named on the command line, or "-"
  std::string stem;
  std::optional<FormStatus> status;  // nullopt: not run (the run was interrupted first)
  bool skipped = false;              // earlier outputs reused (resume)
  std::string filled;                // output paths, "" when not written
  std::string report;
  std::string error;  // why it failed
  double ms = 0.0;    // wall time of this input
  bool config_error = false;  // failed because of the run's configuration (is_config_failure)
};

struct SummaryCounts {
  size_t inputs = 0;
  size_t complete = 0;      // final status of every input, skipped ones included
  size_t needs_review = 0;
  size_t failed = 0;
  size_t skipped = 0;       // of those, how many reused earlier outputs
  size_t not_run = 0;

  void add(const SummaryEntry& e);
};

struct SummaryHeader {
  std::string template_id;
  std::string strategy;
  std::string model;
  std::string out_dir;
  std::string shard;  // "K/N" or ""
  std::string started_at;
  std::string finished_at;
  bool interrupted = false;
};

[[nodiscard]] std::string_view status_name(const SummaryEntry& e);  // complete | needs_review | failed | not_run
[[nodiscard]] Json to_json(const SummaryEntry& e);
[[nodiscard]] Json to_json(const SummaryCounts& c);
// The summary written while the run goes, so a run of any size holds only the entries of the
// inputs in flight: each entry is appended in input order once every earlier input has been
// recorded (later ones wait in a small buffer), into a temporary file beside `path` that
// finish() completes and renames into place (the summary is never seen half-written).
// Not thread-safe: the runner records under its lock.
class SummaryWriter {
 public:
  // `path` empty: nothing is written, entries are only counted.
  SummaryWriter(std::filesystem::path path, const SummaryHeader& header);
  ~SummaryWriter();  // removes the temporary file of a summary that was not finished
  SummaryWriter(const SummaryWriter&) = delete;
  SummaryWriter& operator=(const SummaryWriter&) = delete;

  void record(size_t index, SummaryEntry entry);
  // Appends every input of [0, inputs) not recorded, as given by `not_run(index)` (an entry
  // without status), then the end of the run and the counts; renames the file into place.
  [[nodiscard]] Status finish(size_t inputs, const std::function<SummaryEntry(size_t)>& not_run,
                              const SummaryHeader& header);
  [[nodiscard]] const SummaryCounts& counts() const { return counts_; }

 private:
  void append(const SummaryEntry& e);

  std::filesystem::path path_;
  std::filesystem::path tmp_;
  std::FILE* file_ = nullptr;
  std::string error_;  // the first write failure, reported by finish()
  std::map<size_t, SummaryEntry> waiting_;
  size_t next_ = 0;
  SummaryCounts counts_;
};

// The summary file name: summary.json, or summary-K-of-N.json for a shard, so shards that share
// one output folder do not overwrite each other's summary.
[[nodiscard]] std::string summary_file_name(int shard_index, int shard_count);

}  // namespace invox::batch
