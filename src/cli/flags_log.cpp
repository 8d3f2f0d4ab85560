#include "cli/flags_log.hpp"

#include "invox/log.hpp"

namespace invox::cli {

void add_log_flags(CLI::App& app, LogOptions& o) {
  auto* v = app.add_flag("-v,--verbose", o.verbose, "More detail on stderr (-v info, -vv debug)");
  auto* q = app.add_flag("-q,--quiet", o.quiet, "Only errors on stderr");
  v->excludes(q);
  app.add_option("--log-format", o.format, "Log lines on stderr as 'text' or 'json' (one object per line)")
      ->check(CLI::IsMember({"text", "json"}));
  app.add_flag_callback("--redact-logs", [&o] { o.redact = true; },
                        "Mask transcript content and values in log lines (default on for batch runs)");
  app.add_flag_callback("--no-redact-logs", [&o] { o.redact = false; }, "Show transcript content in log lines");
}

void apply_log_flags(const LogOptions& o) {
  log::Settings s = log::settings();
  if (o.quiet) {
    s.level = log::Level::Error;
  } else if (o.verbose >= 2) {
    s.level = log::Level::Debug;
  } else if (o.verbose == 1) {
    s.level = log::Level::Info;
  }
  s.format = o.format == "json" ? log::Format::Json : log::Format::Text;
  if (o.redact) {
    s.redact = *o.redact;
    s.redact_explicit = true;
  }
  log::configure(s);
}

bool apply_quiet(bool command_quiet) {
  log::Settings s = log::settings();
  if (!command_quiet) return s.level == log::Level::Error;
  s.level = log::Level::Error;
  log::configure(s);
  return true;
}

}  // namespace invox::cli
