// `invox eval DATASET`: flags into EvalCommandOptions; the work is in src/eval/.
#include <cstdio>
#include <memory>

#include "cli/command.hpp"
#include "cli/validators.hpp"
#include "cli/flags_log.hpp"
#include "cli/flags_model.hpp"
#include "cli/flags_stt.hpp"
#include "eval/eval_command.hpp"

namespace invox::cli {

namespace {

struct EvalFlags {
  eval::EvalCommandOptions command;
  std::string strategies = "S1,S2";
  ModelFlags model;
  SttFlags stt;
};

void run(EvalFlags& f) {
  auto& c = f.command;
  c.quiet = apply_quiet(c.quiet);
  apply_model_flags(f.model, c.pipeline, c.model_services);
  apply_stt_flags(f.stt, c.pipeline.stt);
  auto strategies = eval::parse_strategy_list(f.strategies);
  if (!strategies) fail(strategies.error());
  c.strategies = *strategies;
  auto code = eval::run_eval_command(c, stdout, stderr);
  if (!code) fail(code.error());
  set_exit_code(*code);
}

}  // namespace

void setup_eval(CLI::App& app) {
  auto f = std::make_shared<EvalFlags>();
  auto& c = f->command;
  auto* sub = app.add_subcommand("eval", "Evaluate strategies on a dataset: precision, recall, F1, exact forms, "
                                         "lock violations, cost (Markdown table on stdout)");
  sub->add_option("DATASET", c.dataset, "Dataset folder: templates/, cases/, optional audio/ and history/")
      ->required();
  sub->add_option("--strategies", f->strategies, "Comma-separated strategies to compare")->capture_default_str();
  f->model.cache_default = true;  // re-running an evaluation should cost nothing
  add_model_flags(*sub, f->model);
  // Eval compares several strategies at once; the single-strategy flag would only confuse.
  if (auto* single = sub->get_option_no_throw("--strategy")) sub->remove_option(single);
  add_stt_flags(*sub, f->stt);
  sub->add_option("--jobs,-j", c.jobs, "Cases run in parallel (default: number of cores)")->check(at_least(1));
  sub->add_flag("--from-audio", c.from_audio, "Run cases that have audio through speech-to-text instead of "
                                              "using their transcript");
  sub->add_option("--history", c.history,
                  "Import the dataset's history/ into this store first and retrieve few-shots from it: a folder "
                  "(the store is FOLDER/history.sqlite), a SQLite file or a postgres:// URL");
  sub->add_option("--embed", c.embed_model, "Embedding model for the history store");
  sub->add_option("--json", c.json_path, "Write the metrics as JSON (keys as in DESIGN.md)");
  sub->add_option("--details", c.details_path, "Write one JSON line per strategy, case and field");
  sub->add_option("--csv", c.csv_path, "Write the strategy table as CSV");
  sub->add_option("--html", c.html_path, "Write a self-contained HTML report");
  sub->add_flag("--quiet,-q", c.quiet, "No progress lines; only errors on stderr (same as 'invox -q eval')");
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
