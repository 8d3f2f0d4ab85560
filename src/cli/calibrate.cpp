// `invox calibrate DATASET...`: flags into CalibrateCommandOptions; the work is in src/eval/.
#include <cstdio>
#include <memory>

#include "cli/command.hpp"
#include "cli/flags_log.hpp"
#include "cli/flags_model.hpp"
#include "cli/validators.hpp"
#include "eval/calibrate_command.hpp"

namespace invox::cli {

namespace {

struct CalibrateFlags {
  eval::CalibrateCommandOptions command;
  ModelFlags model;
  std::string signal_model = "auto";
};

void run(CalibrateFlags& f) {
  auto& c = f.command;
  c.quiet = apply_quiet(c.quiet);
  apply_model_flags(f.model, c.pipeline, c.model_services);
  c.signal_model = f.signal_model == "on"    ? eval::SignalModelChoice::On
                   : f.signal_model == "off" ? eval::SignalModelChoice::Off
                                             : eval::SignalModelChoice::Auto;
  auto code = eval::run_calibrate_command(c, stdout, stderr);
  if (!code) fail(code.error());
  set_exit_code(*code);
}

}  // namespace

void setup_calibrate(CLI::App& app) {
  auto f = std::make_shared<CalibrateFlags>();
  auto& c = f->command;
  auto* sub = app.add_subcommand("calibrate", "Fit confidence calibration maps on labelled datasets (raw, in-sample "
                                              "and cross-validated ECE on stdout) and write the calibration file");
  sub->add_option("DATASET", c.datasets, "Labelled dataset folders (as for 'invox eval')")->required();
  sub->add_option("--out,-o", c.out_path, "Calibration file to write")->capture_default_str();
  sub->add_option("--svg", c.svg_path, "Also write the cross-validated reliability diagram as an SVG file");
  sub->add_option("--details", c.details_path,
                  "Also write one JSON line per value and per field left empty: what was read and expected, and "
                  "the confidence it gets from maps fitted without its fold (which values the threshold accepts "
                  "wrongly)");
  sub->add_option("--folds", c.fit.folds, "Cross-validation folds (by case)")->check(at_least(2))->capture_default_str();
  sub->add_option("--min-type-samples", c.fit.min_type_samples,
                  "Samples a field type needs for a map of its own; fewer pool into the global map")
      ->check(at_least(1))
      ->capture_default_str();
  sub->add_option("--signal-model", f->signal_model,
                  "Map a model of the values' signals (docs/PIPELINE.md \"Value signals\") instead of the raw score: "
                  "auto keeps it when it ranks held-out values better")
      ->check(CLI::IsMember({"auto", "on", "off"}))
      ->capture_default_str();
  auto* target = sub->add_option("--target-precision", c.target_precision,
                                 "Write the lowest review threshold at which held-out values, once accepted, are right "
                                 "this share of the time")
                      ->check(CLI::Range(0.5, 1.0))
                      ->capture_default_str();
  sub->add_option("--jobs,-j", c.jobs, "Cases run in parallel (default: number of cores)")->check(at_least(1));
  f->model.cache_default = true;  // re-fitting should cost nothing
  add_model_flags(*sub, f->model);
  // A calibration is fitted on raw scores: applying one while fitting would only confuse.
  if (auto* applied = sub->get_option_no_throw("--calibration")) sub->remove_option(applied);
  // An explicit threshold is written to the file as given: there is nothing left to choose.
  if (auto* given = sub->get_option_no_throw("--review-threshold")) {
    given->description("Write P to the file as its review threshold instead of choosing one (figures at P)");
    target->excludes(given);
  }
  sub->add_flag("--quiet,-q", c.quiet, "No progress lines; only errors on stderr");
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
