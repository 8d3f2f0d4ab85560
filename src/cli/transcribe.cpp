// STUB (issue 7 replaces this file): 'transcribe' is registered so that --help lists it, and
// refuses to run until it is implemented.
#include <memory>
#include <string>
#include <vector>

#include "cli/command.hpp"

namespace invox::cli {

void setup_transcribe(CLI::App& app) {
  auto* sub = app.add_subcommand("transcribe", "Transcribe audio files to <stem>.transcript.json (not implemented yet)");
  // Whatever arguments are given, the answer is the same clear refusal (not a parse error).
  auto args = std::make_shared<std::vector<std::string>>();
  sub->add_option("ARGS", *args, "Arguments (ignored until implemented)");
  sub->prefix_command();
  sub->fallthrough(false);
  sub->set_version_flag("--version", "invox " INVOX_VERSION);
  sub->callback([args] { fail_usage("'invox transcribe' is not implemented yet in this build"); });
}

}  // namespace invox::cli
