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
// One meaning for -q wherever it is written (`invox -q fill` or `invox fill -q`): no progress and
// only errors on stderr. `command_quiet` is the subcommand's own flag; returns the combined value
// and lowers the log level when only the subcommand's flag was given.
[[nodiscard]] bool apply_quiet(bool command_quiet);

}  // namespace invox::cli
