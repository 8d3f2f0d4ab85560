// `invox review DIR [--apply FILE] [--learn]`: flags into review::ReviewCommandOptions; the work is
// in src/review/ (review_command.cpp is the entry point).
#include <cstdio>
#include <memory>

#include "review/review_command.hpp"
#include "cli/command.hpp"
#include "cli/flags_history.hpp"
#include "cli/flags_model.hpp"

namespace invox::cli {

namespace {

struct ReviewFlags {
  std::string dir;
  std::vector<std::string> templates;
  std::string apply_file;
  std::string reviewer;
  bool learn = false;
  HistoryFlags history;
  std::string config_file;  // --config: the embeddings endpoint for --learn, as for fill
  NormalizeContext context;
};

void run(const ReviewFlags& f) {
  review::ReviewCommandOptions o;
  o.dir = f.dir;
  for (const auto& t : f.templates) o.templates.emplace_back(t);
  o.apply_file = f.apply_file;
  o.reviewer = f.reviewer;
  o.context = f.context;
  if (f.learn) {
    o.learn = history_store_options(f.history);
    apply_config_flag(f.config_file, o.services);
  }
  auto code = review::run_review(o, stdout, stderr);
  if (!code) fail(code.error());
  set_exit_code(*code);
}

}  // namespace

void setup_review(CLI::App& app) {
  auto f = std::make_shared<ReviewFlags>();
  auto* sub = app.add_subcommand("review", "Review the needs_review forms of a fill run, one issue at a time");
  sub->add_option("DIR", f->dir, "The --out folder of a fill run")->required();
  sub->add_option("--template", f->templates,
                  "Template file or folder of templates the forms were filled with (default: ./templates); repeatable");
  sub->add_option("--apply", f->apply_file,
                  "Apply decisions from a JSON file {\"<stem>\": {\"<field>\": value}} without a terminal (null clears)");
  sub->add_option("--by", f->reviewer, "Reviewer name for the report and the log (default: $INVOX_REVIEWER or the login name)");
  sub->add_flag("--learn", f->learn, "Add every form review made complete to the history store");
  add_history_store_flags(*sub, f->history);
  add_config_flag(*sub, f->config_file);
  sub->add_option("--reference-date", f->context.reference_date, "Date that 'today' means in typed values, YYYY-MM-DD");
  sub->add_option("--timezone", f->context.timezone, "IANA time zone for relative dates")->capture_default_str();
  sub->add_option("--locale", f->context.locale, "Locale for typed dates and numbers")->capture_default_str();
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
