// `invox fill TEMPLATE INPUT...`: parses flags into the session options (built once per run,
// src/orchestrator/session.cpp) and the batch options (inputs, jobs, shards, resume: src/batch/).
#include <cstdio>
#include <iostream>
#include <memory>

#include "batch/fill_batch.hpp"
#include "cli/command.hpp"
#include "cli/flags_history.hpp"
#include "cli/flags_model.hpp"
#include "cli/flags_stt.hpp"

namespace invox::cli {

namespace {

struct FillFlags {
  SessionOptions session;
  std::string template_path;
  std::string out_dir = ".";
  std::string current_file;
  std::string old_transcript_file;
  ModelFlags model;
  SttFlags stt;
  HistoryFlags history;
  batch::FillBatchOptions batch;
};

void run(FillFlags& f) {
  auto& s = f.session;
  s.template_path = f.template_path;
  s.current_file = f.current_file;
  s.old_transcript_file = f.old_transcript_file;
  f.batch.out_dir = f.out_dir;
  apply_model_flags(f.model, s.pipeline, s.model_services);
  apply_stt_flags(f.stt, s.pipeline.stt);
  s.history = apply_history_flags(f.history, s.pipeline);

  auto result = batch::run_fill_batch(std::move(s), f.batch, std::cin, stdout, stderr);
  if (!result) fail(result.error());
  set_exit_code(result->exit_code());
}

}  // namespace

void setup_fill(CLI::App& app) {
  auto f = std::make_shared<FillFlags>();
  auto& c = f->session;
  auto& b = f->batch;
  auto* sub = app.add_subcommand("fill", "Fill a form template from audio or transcript files");
  sub->add_option("TEMPLATE", f->template_path, "Form template (JSON)")->required();
  sub->add_option("INPUT", b.inputs, "Audio or transcript files (.txt, STT .json), folders (searched recursively), glob patterns "
                 "(quoted; ** spans folders), or - for stdin")
      ->required();
  sub->add_option("--out", f->out_dir, "Output folder for <stem>.filled.json and <stem>.report.json")
      ->capture_default_str();
  sub->add_option("--current", f->current_file, "Current form values: {\"field\": {\"value\": ..., \"locked\": true}}");
  sub->add_option("--old-transcript", f->old_transcript_file, "Earlier transcript, used as context only");
  sub->add_option("--reference-date", c.context.reference_date, "Date that 'today' means, YYYY-MM-DD (default: today)");
  sub->add_option("--timezone", c.context.timezone, "IANA time zone for relative dates")->capture_default_str();
  sub->add_option("--locale", c.context.locale, "Locale for dates and numbers")->capture_default_str();
  sub->add_flag("--force", b.force,
                "Process every input again even when its outputs are complete and newer (resume is the "
                "default), and replace existing files even when they are not invox outputs");
  sub->add_option("--jobs,-j", b.jobs, "Inputs processed in parallel (default: number of cores)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--shard", b.shard, "Process only the K-th of N deterministic slices of the inputs (K/N, 1-based)");
  sub->add_flag("--quiet,-q", b.quiet, "No progress output (failures are still reported)");
  sub->add_flag("--json-lines", b.json_lines, "Print one JSON line per finished input on stdout");
  add_model_flags(*sub, f->model);
  add_stt_flags(*sub, f->stt);
  add_history_flags(*sub, f->history);
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
