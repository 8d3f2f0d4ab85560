#pragma once
// Logging flags: -v/-q levels, --log-format text|json, --redact-logs/--no-redact-logs.
#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace invox::cli {

struct LogOptions {
  int verbose = 0;     // -v info, -vv debug
  bool quiet = false;  // errors only
  std::string format = "text";  // text | json (one JSON object per line)
  std::optional<bool> redact;   // unset: on for batch runs (several inputs or a folder)
};

void add_log_flags(CLI::App& app, LogOptions& options);
// Configures invox::log from the parsed flags.
void apply_log_flags(const LogOptions& options);

}  // namespace invox::cli
