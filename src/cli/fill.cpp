// `invox fill TEMPLATE INPUT...`: parses flags into FillCommandOptions; the work is in
// src/app/fill_command.cpp.
#include <cstdio>
#include <iostream>
#include <memory>

#include "app/fill_command.hpp"
#include "cli/command.hpp"
#include "invox/log.hpp"
#include "cli/flags_history.hpp"
#include "cli/flags_model.hpp"
#include "cli/flags_stt.hpp"

namespace invox::cli {

namespace {

struct FillFlags {
  app::FillCommandOptions command;
  std::string template_path;
  std::string out_dir = ".";
  std::string current_file;
  std::string old_transcript_file;
  ModelFlags model;
  SttFlags stt;
  HistoryFlags history;
};

void run(FillFlags& f) {
  auto& c = f.command;
  c.template_path = f.template_path;
  c.out_dir = f.out_dir;
  c.current_file = f.current_file;
  c.old_transcript_file = f.old_transcript_file;
  apply_model_flags(f.model, c.pipeline, c.model_services);
  apply_stt_flags(f.stt, c.pipeline.stt);
  c.history = apply_history_flags(f.history, c.pipeline);

  auto inputs = app::collect_inputs(c.inputs, std::cin);
  if (!inputs) fail(inputs.error());
  if (inputs->size() > 1) log::use_batch_redaction_default();
  auto session = app::prepare_fill(c, *inputs);
  if (!session) fail(session.error());
  const auto outcomes = app::run_fill(**session, *inputs);
  for (const auto& o : outcomes) {
    if (o.written) {
      std::printf("%s: %s -> %s\n", o.input.c_str(), std::string(to_string(o.status)).c_str(),
                  o.paths.filled.string().c_str());
    }
    if (o.status == FormStatus::Failed) {
      std::fprintf(stderr, "invox: error: %s: failed: %s\n", o.input.c_str(), o.error.c_str());
    }
  }
  set_exit_code(app::exit_code_for(outcomes));
}

}  // namespace

void setup_fill(CLI::App& app) {
  auto f = std::make_shared<FillFlags>();
  auto& c = f->command;
  auto* sub = app.add_subcommand("fill", "Fill a form template from audio or transcript files");
  sub->add_option("TEMPLATE", f->template_path, "Form template (JSON)")->required();
  sub->add_option("INPUT", c.inputs, "Audio or transcript files (.txt, STT .json), folders, or - for stdin")
      ->required();
  sub->add_option("--out", f->out_dir, "Output folder for <stem>.filled.json and <stem>.report.json")
      ->capture_default_str();
  sub->add_option("--current", f->current_file, "Current form values: {\"field\": {\"value\": ..., \"locked\": true}}");
  sub->add_option("--old-transcript", f->old_transcript_file, "Earlier transcript, used as context only");
  sub->add_option("--reference-date", c.context.reference_date, "Date that 'today' means, YYYY-MM-DD (default: today)");
  sub->add_option("--timezone", c.context.timezone, "IANA time zone for relative dates")->capture_default_str();
  sub->add_option("--locale", c.context.locale, "Locale for dates and numbers")->capture_default_str();
  sub->add_flag("--force", c.force, "Overwrite existing files even when they are not invox outputs");
  add_model_flags(*sub, f->model);
  add_stt_flags(*sub, f->stt);
  add_history_flags(*sub, f->history);
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
