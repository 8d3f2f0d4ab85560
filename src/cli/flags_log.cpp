#include "cli/flags_log.hpp"

#include "invox/log.hpp"

namespace invox::cli {

void add_log_flags(CLI::App& app, LogOptions& o) {
  auto* v = app.add_flag("-v,--verbose", o.verbose, "More detail on stderr (-v info, -vv debug)");
  auto* q = app.add_flag("-q,--quiet", o.quiet, "Only errors on stderr");
  v->excludes(q);
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
  log::configure(s);
}

}  // namespace invox::cli
