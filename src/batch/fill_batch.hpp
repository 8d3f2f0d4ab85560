#pragma once
// `invox fill` over any number of inputs: discovery, sharding, the session built once, parallel
// workers (resume, outputs, progress) and summary.json. Each input's work is Session::fill.
#include <cstdio>
#include <filesystem>
#include <istream>
#include <string>
#include <vector>

#include "batch/runner.hpp"
#include "invox/session.hpp"

namespace invox::batch {

struct FillBatchOptions {
  std::vector<std::string> inputs;      // files, folders, glob patterns, "-" (a transcript on stdin)
  std::filesystem::path out_dir = ".";  // outputs never go anywhere else
  int jobs = 0;            // 0 = number of cores
  std::string shard;       // "K/N" or empty
  bool force = false;      // redo complete outputs (and replace files that are not invox outputs)
  bool quiet = false;      // no progress, no per-input lines (failures are still reported)
  bool json_lines = false; // one JSON line per finished input on stdout
  ProgressMode progress = ProgressMode::Auto;
};

// Config errors (bad shard, no inputs, invalid template, missing key, ...) come back as errors
// before any input runs; afterwards everything is per input and the result carries the exit code.
[[nodiscard]] Expected<BatchResult> run_fill_batch(SessionOptions session, const FillBatchOptions& options,
                                                   std::istream& stdin_stream, std::FILE* out, std::FILE* err);

}  // namespace invox::batch
