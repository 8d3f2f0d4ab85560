// `invox fill TEMPLATE INPUT...`: parses flags into the session options (built once per run,
// src/orchestrator/session.cpp) and the batch options (inputs, jobs, shards, resume: src/batch/).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "batch/fill_batch.hpp"
#include "cli/command.hpp"
#include "cli/validators.hpp"
#include "cli/flags_history.hpp"
#include "cli/flags_log.hpp"
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

// `invox fill visit.txt form.json` reads the transcript as a template: when the template is
// refused and the arguments look swapped, say so instead of leaving a bare JSON parse error.
Error with_order_hint(Error error, const FillFlags& f) {
  if (error.message.rfind(f.template_path + ":", 0) != 0) return error;  // not about the template
  const auto template_like = [](const std::string& p) {
    return p.ends_with(".json") && !p.ends_with(".transcript.json") && !p.ends_with(".filled.json");
  };
  const bool swapped = !template_like(f.template_path) ||
                       std::any_of(f.batch.inputs.begin(), f.batch.inputs.end(), template_like);
  if (swapped) {
    error.message += "\n(the template comes first: invox fill TEMPLATE INPUT...; is the order swapped?)";
  }
  return error;
}

void run(FillFlags& f) {
  auto& s = f.session;
  s.template_path = f.template_path;
  s.current_file = f.current_file;
  s.old_transcript_file = f.old_transcript_file;
  f.batch.out_dir = f.out_dir;
  f.batch.quiet = apply_quiet(f.batch.quiet);
  apply_model_flags(f.model, s.pipeline, s.model_services);
  apply_stt_flags(f.stt, s.pipeline.stt);
  s.history = apply_history_flags(f.history, s.pipeline);

  auto result = batch::run_fill_batch(std::move(s), f.batch, std::cin, stdout, stderr);
  if (!result) fail(with_order_hint(result.error(), f));
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
      ->check(at_least(1));
  sub->add_option("--shard", b.shard, "Process only the K-th of N deterministic slices of the inputs (K/N, 1-based)");
  sub->add_flag("--quiet,-q", b.quiet, "No progress output; only errors on stderr (same as 'invox -q fill')");
  sub->add_flag("--json-lines", b.json_lines, "Print one JSON line per finished input on stdout");
  sub->add_option("--max-transcript-bytes", c.pipeline.max_transcript_bytes,
                  "An input whose transcript (read, or produced from audio) is longer fails; 0 = no limit")
      ->capture_default_str();
  add_model_flags(*sub, f->model);
  add_stt_flags(*sub, f->stt);
  add_history_flags(*sub, f->history);
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
