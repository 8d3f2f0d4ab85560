// `invox template check FILE...` and `invox template show FILE`.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/template_table.hpp"
#include "cli/command.hpp"
#include "invox/template.hpp"

namespace invox::cli {

namespace {

struct TemplateOptions {
  std::vector<std::string> check_files;
  std::string show_file;
};

// Every file is checked (not only up to the first invalid one); any invalid one means exit 2.
int run_check(const TemplateOptions& o) {
  int invalid = 0;
  for (const auto& file : o.check_files) {
    auto t = load_template(file);
    if (t) {
      std::printf("OK %s (%s, %zu fields)\n", file.c_str(), t->id.c_str(), t->fields.size());
    } else {
      std::fprintf(stderr, "invox: error: %s\n", t.error().message.c_str());
      ++invalid;
    }
  }
  if (invalid > 0) {
    std::fprintf(stderr, "invox: %d of %zu templates invalid\n", invalid, o.check_files.size());
    return kExitUsage;
  }
  return kExitOk;
}

void run_show(const TemplateOptions& o) {
  auto t = load_template(o.show_file);
  if (!t) fail(t.error());
  std::fputs(render_template_table(*t).c_str(), stdout);
}

}  // namespace

void setup_template(CLI::App& app) {
  auto opts = std::make_shared<TemplateOptions>();
  auto* sub = app.add_subcommand("template", "Check or show form templates");
  sub->require_subcommand(1);

  auto* check = sub->add_subcommand("check", "Validate templates; prints OK lines, exit 2 if any is invalid");
  check->add_option("FILE", opts->check_files, "Template files")->required();
  check->callback([opts] { set_exit_code(run_check(*opts)); });

  auto* show = sub->add_subcommand("show", "Print a template's fields as a table");
  show->add_option("FILE", opts->show_file, "Template file")->required();
  show->callback([opts] { run_show(*opts); });
}

}  // namespace invox::cli
