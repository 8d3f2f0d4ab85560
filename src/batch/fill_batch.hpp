#pragma once
// `invox fill` over any number of inputs: discovery, sharding, resume, parallel workers,
// progress and summary.json around the single-input work of app/fill_command.
#include <cstdio>
#include <istream>
#include <string>

#include "app/fill_command.hpp"
#include "batch/runner.hpp"

namespace invox::batch {

struct FillBatchOptions {
  int jobs = 0;            // 0 = number of cores
  std::string shard;       // "K/N" or empty
  bool force = false;      // redo complete outputs (and replace files that are not invox outputs)
  bool quiet = false;      // no progress, no per-input lines (failures are still reported)
  bool json_lines = false; // one JSON line per finished input on stdout
  ProgressMode progress = ProgressMode::Auto;
};

// Config errors (bad shard, no inputs, invalid template, missing key, ...) come back as errors
// before any input runs; afterwards everything is per input and the result carries the exit code.
[[nodiscard]] Expected<BatchResult> run_fill_batch(app::FillCommandOptions& command, const FillBatchOptions& options,
                                                   std::istream& stdin_stream, std::FILE* out, std::FILE* err);

}  // namespace invox::batch
