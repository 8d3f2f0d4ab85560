#pragma once
// The batch runner: N workers take inputs one at a time, skip finished ones (resume), process,
// write each input's outputs atomically, and append a small entry to the summary as it goes.
// Only the inputs in flight are held, so memory stays flat however many inputs there are.
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "batch/inputs.hpp"
#include "batch/progress.hpp"
#include "batch/summary.hpp"
#include "invox/expected.hpp"
#include "invox/form.hpp"
#include "invox/output.hpp"

namespace invox::batch {

struct BatchOptions {
  std::filesystem::path out_dir = ".";
  int jobs = 0;  // inputs in parallel; 0 = the number of cores
  bool force = false;  // redo inputs whose outputs are already complete
  WriteOptions write;  // whether files that are not invox outputs may be replaced
  std::FILE* json_lines = nullptr;  // when set: one JSON line per finished input (stdout)
  ProgressOptions progress;
  std::string summary_name = "summary.json";  // empty: no summary (a single named input)
  SummaryHeader header;  // template/strategy/model/shard: written to the summary, used by resume
  // The run's context (run_context_for): written into each input's outputs with the input's path
  // and the time; its settings fingerprint decides whether earlier outputs can be reused.
  RunContext run;
  // Called once per finished input, serialized, with the progress display paused (`note`
  // prints a message line without tearing the bar).
  std::function<void(const SummaryEntry&, Progress&)> on_finished;
};

// Processes one input. Must not throw for bad input: a failure is an outcome with status
// `failed` and `report.error` set. (An exception is still caught and fails only that input.)
using ProcessInput = std::function<FillOutcome(const BatchInput&)>;

struct BatchResult {
  SummaryCounts counts;
  int signal = 0;  // the signal that stopped the run, 0 when it ran to the end
  std::filesystem::path summary_path;
  std::string summary_error;  // non-empty when summary.json could not be written
  // An input failed because of the run's configuration (a rejected key, a model the provider
  // stopped serving): the inputs not yet started were left "not run", and the exit code is 2.
  std::string config_error;

  // DESIGN.md exit codes: 0 all processed, 1 any input failed (or the summary could not be
  // written), 2 a configuration error stopped the run; an interrupted run exits 128 + signal
  // like a shell would report it.
  [[nodiscard]] int exit_code() const;
};

// Config error when the output folder cannot be created.
[[nodiscard]] Expected<BatchResult> run_batch(const InputList& inputs, const ProcessInput& process,
                                              const BatchOptions& options);

}  // namespace invox::batch
