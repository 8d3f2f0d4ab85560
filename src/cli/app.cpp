#include "cli/app.hpp"

#include <csignal>
#include <cstdio>
#include <exception>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/flags_log.hpp"
#include "invox/http.hpp"
#include "cli/suggest.hpp"
#include "util/stop_signals.hpp"

namespace invox::cli {

namespace {
int g_exit_code = kExitOk;

// Every subcommand gets --help (CLI11 inherits it) and --version (fallthrough to the root).
void build(CLI::App& app, LogOptions& log_options) {
  app.description("invox turns spoken or written dictation into filled, verified forms.");
  app.set_version_flag("--version", "invox " INVOX_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  app.footer("Exit codes: 0 ok, 1 at least one input failed, 2 usage or configuration error.\n");
  add_log_flags(app, log_options);
  app.parse_complete_callback([&log_options] { apply_log_flags(log_options); });
  setup_fill(app);
  setup_transcribe(app);
  setup_eval(app);
  setup_calibrate(app);
  setup_template(app);
  setup_history(app);
  setup_models(app);
  setup_review(app);
  setup_readback(app);
}
}  // namespace

int exit_code_for(const Error& error) {
  switch (error.kind) {
    case ErrorKind::Network:
    case ErrorKind::Provider:
    case ErrorKind::Internal:
      return kExitInputFailed;
    default:
      return kExitUsage;
  }
}

void fail(const Error& error) { throw CommandError(error.message, exit_code_for(error)); }
void fail_usage(const std::string& message) { throw CommandError(message, kExitUsage); }
void set_exit_code(int code) { g_exit_code = code; }
int exit_code() { return g_exit_code; }

int run(int argc, char** argv) {
  CLI::App app{"invox", "invox"};
  LogOptions log_options;
  util::ignore_broken_pipes();  // `invox ... | head`: quiet exit 141, never a crash mid-write
  // Before any worker thread exists: OpenSSL's per-thread state set up by a worker's lazy
  // curl_global_init was never freed (LeakSanitizer, on an interrupted S2 run).
  init_http_once();
  // The one top-level catch: every abort ends here and maps to a documented exit code.
  try {
    build(app, log_options);
    g_exit_code = kExitOk;
    app.parse(argc, argv);
    if (g_exit_code == kExitOk && util::reader_gone(stdout) && std::ferror(stdout)) return 128 + SIGPIPE;
    return g_exit_code;
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    if (const std::string word = unknown_command(app, argc, argv); !word.empty())
      std::fprintf(stderr, "invox: error: '%s' is not an invox command\n", word.c_str());
    else
      std::fprintf(stderr, "invox: error: %s\n", e.what());
    if (const std::string hint = did_you_mean(app, argc, argv); !hint.empty()) std::fprintf(stderr, "invox: %s\n", hint.c_str());
    std::fprintf(stderr, "Run 'invox --help' (or 'invox SUBCOMMAND --help') for usage.\n");
    return kExitUsage;
  } catch (const CommandError& e) {
    std::fprintf(stderr, "invox: error: %s\n", e.what());
    return e.code();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "invox: error: internal: %s\n", e.what());
    return kExitInputFailed;
  }
}

}  // namespace invox::cli
