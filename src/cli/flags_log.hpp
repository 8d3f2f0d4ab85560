#pragma once
// Logging flags (-v/-q). Reliability work extends this group (--log-format, --redact, ...).
#include <CLI/CLI.hpp>

namespace invox::cli {

struct LogOptions {
  int verbose = 0;     // -v info, -vv debug
  bool quiet = false;  // errors only
};

void add_log_flags(CLI::App& app, LogOptions& options);
// Configures invox::log from the parsed flags.
void apply_log_flags(const LogOptions& options);

}  // namespace invox::cli
