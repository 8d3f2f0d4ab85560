// STUB (issue 5 replaces this file): 'eval' is registered so that --help lists it, and
// refuses to run until it is implemented.
#include <memory>
#include <string>
#include <vector>

#include "cli/command.hpp"

namespace invox::cli {

void setup_eval(CLI::App& app) {
  auto* sub = app.add_subcommand("eval", "Evaluate strategies on a dataset (precision, recall, F1) (not implemented yet)");
  // Whatever arguments are given, the answer is the same clear refusal (not a parse error).
  auto args = std::make_shared<std::vector<std::string>>();
  sub->add_option("ARGS", *args, "Arguments (ignored until implemented)");
  sub->prefix_command();
  sub->fallthrough(false);
  sub->set_version_flag("--version", "invox " INVOX_VERSION);
  sub->callback([args] { fail_usage("'invox eval' is not implemented yet in this build"); });
}

}  // namespace invox::cli
