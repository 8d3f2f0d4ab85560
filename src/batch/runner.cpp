#include "batch/runner.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <optional>

#include <fmt/format.h>

#include "batch/interrupt.hpp"
#include "batch/resume.hpp"
#include "invox/failure.hpp"
#include "invox/log.hpp"
#include "invox/output.hpp"
#include "util/time_format.hpp"
#include "util/worker_pool.hpp"

namespace invox::batch {

namespace fs = std::filesystem;

namespace {

std::string dump_line(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// Both outputs say where they came from: the run's context with this input and the time.
void stamp_outputs(FillOutcome& outcome, const BatchInput& input, const std::string& template_id, RunContext run) {
  std::error_code ec;
  const fs::path absolute = input.from_stdin ? fs::path() : fs::absolute(input.path, ec);
  run.input = input.from_stdin || ec ? input.display() : absolute.lexically_normal().string();
  run.created_at = util::utc_now_iso8601();
  if (outcome.form.template_id.empty()) outcome.form.template_id = template_id;
  outcome.report.template_id = outcome.form.template_id;
  outcome.form.run = run;
  outcome.report.run = std::move(run);
}

// Runs one input end to end and describes the result; the outcome itself dies here.
SummaryEntry process_one(const BatchInput& input, const ProcessInput& process, const BatchOptions& options,
                         const ResumeKey& key) {
  SummaryEntry e;
  e.input = input.display();
  e.stem = std::string(input.stem);
  const OutputPaths paths = output_paths_for(options.out_dir, e.stem);
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  };

  if (!options.force && !input.from_stdin) {
    if (auto status = reusable_outputs(paths, input.path, key)) {
      e.status = *status;
      e.skipped = true;
      e.filled = paths.filled.string();
      e.report = paths.report.string();
      return e;
    }
  }

  FillOutcome outcome;
  try {
    outcome = process(input);
  } catch (const std::exception& ex) {
    outcome.report.status = FormStatus::Failed;
    outcome.report.error = fmt::format("internal error: {}", ex.what());
  }
  e.status = outcome.report.status;
  e.config_error = is_config_failure(outcome.report.error);
  if (outcome.report.status == FormStatus::Failed && outcome.report.error.empty()) {
    outcome.report.error = "processing failed";
  }
  e.error = outcome.report.error;
  stamp_outputs(outcome, input, key.template_id, options.run);
  // A failed input gets its report only (the reason); a filled form would be an empty one.
  if (auto s = write_outputs(paths, outcome, options.write); s) {
    if (outcome.report.status != FormStatus::Failed) e.filled = paths.filled.string();
    e.report = paths.report.string();
  } else {
    e.status = FormStatus::Failed;
    e.error = e.error.empty() ? s.error().message : e.error + "; " + s.error().message;
  }
  e.ms = elapsed_ms();
  return e;
}

}  // namespace

int BatchResult::exit_code() const {
  if (signal != 0) return 128 + signal;
  if (!config_error.empty()) return 2;
  return counts.failed > 0 || !summary_error.empty() ? 1 : 0;
}

Expected<BatchResult> run_batch(const InputList& inputs, const ProcessInput& process,
                                const BatchOptions& options) {
  if (auto s = prepare_output_dir(options.out_dir); !s) return s.error();

  SummaryHeader header = options.header;
  header.out_dir = options.out_dir.string();
  header.started_at = util::utc_now_iso8601();
  const ResumeKey key{header.template_id, header.strategy, options.run.settings};

  // The summary is written as inputs finish (only those in flight are held), so memory stays
  // flat however many inputs there are; inputs that never ran are listed "not run" at the end.
  SummaryWriter summary(options.summary_name.empty() ? fs::path() : options.out_dir / options.summary_name, header);

  Progress progress(inputs.size(), options.progress);
  // An outcome that ends after a stop request may have been cut short (transfers aborted,
  // fields skipped): it is not written, and its input stays "not run" for the next run.
  const ProcessInput process_unless_stopped = [&process](const BatchInput& input) {
    FillOutcome outcome = process(input);
    if (stop_requested()) throw util::StopRequested{};
    return outcome;
  };
  std::mutex out_mutex;
  std::atomic<bool> config_failed{false};
  std::string first_config_error;  // guarded by out_mutex
  auto run_input = [&](size_t i) {
    // After a configuration error every input would fail alike: the rest stay "not run" for
    // the next run, once the configuration is fixed.
    if (config_failed.load()) return;
    std::optional<SummaryEntry> e;
    log::set_correlation_id(std::string(inputs[i].stem));
    try {
      e = process_one(inputs[i], process_unless_stopped, options, key);
    } catch (const util::StopRequested&) {
    }
    log::set_correlation_id("");
    if (!e) return;  // cut short by a stop: stays "not run"
    if (e->config_error) config_failed.store(true);
    if (options.json_lines) {
      std::lock_guard lock(out_mutex);
      std::fprintf(options.json_lines, "%s\n", dump_line(to_json(*e)).c_str());
      // `invox fill --json-lines | head`: a reader that went away ends the run like Ctrl-C.
      stop_if_reader_gone(options.json_lines);
    }
    progress.record(*e);
    std::lock_guard lock(out_mutex);
    if (options.on_finished) options.on_finished(*e, progress);
    if (e->config_error && first_config_error.empty()) first_config_error = e->error;
    summary.record(i, std::move(*e));
  };

  const int jobs = util::jobs_at_once(options.jobs, inputs.size());
  // The calling thread works too: `jobs` inputs at once on jobs - 1 threads of this run's pool.
  util::WorkerPool pool(jobs - 1);
  try {
    pool.for_each(inputs.size(), jobs, run_input);
  } catch (const util::StopRequested&) {
    // The inputs that did not start stay "not run" in the summary.
  }
  progress.finish();

  BatchResult result;
  result.signal = stop_signal();
  header.interrupted = result.signal != 0;
  header.finished_at = util::utc_now_iso8601();
  result.config_error = std::move(first_config_error);
  // Outputs were written without a per-file fsync (WriteOptions::defer_sync): one flush of the
  // folder makes the finished run durable, before the summary that describes it.
  if (options.write.defer_sync) {
    if (auto s = sync_folder(options.out_dir); !s) log::warn(s.error().message);
  }
  const auto not_run = [&inputs](size_t i) {
    SummaryEntry e;
    e.input = inputs[i].display();
    e.stem = std::string(inputs[i].stem);
    return e;
  };
  if (auto s = summary.finish(inputs.size(), not_run, header); !s) result.summary_error = s.error().message;
  result.counts = summary.counts();
  if (!options.summary_name.empty()) result.summary_path = options.out_dir / options.summary_name;
  return result;
}

}  // namespace invox::batch
