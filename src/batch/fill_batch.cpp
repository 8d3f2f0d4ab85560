#include "batch/fill_batch.hpp"

#include <csignal>
#include <iterator>

#include <fmt/format.h>

#include "batch/interrupt.hpp"
#include "batch/run_settings.hpp"
#include "batch/shard.hpp"
#include "invox/log.hpp"
#include "invox/normalize.hpp"
#include "invox/stt.hpp"

namespace invox::batch {

namespace fs = std::filesystem;

namespace {

// A run of one explicitly named file (or stdin) behaves like a plain single fill: no summary.
bool is_single_named_input(const std::vector<std::string>& args, size_t discovered, const std::string& shard) {
  if (args.size() != 1 || discovered != 1 || !shard.empty()) return false;
  std::error_code ec;
  return args[0] == "-" || fs::is_regular_file(args[0], ec);
}

// "input failed: <input>: <reason>", naming the input once even when the reason starts with it
// (it usually does: "x.txt: no such file").
std::string failure_line(const std::string& input, const std::string& reason) {
  const bool named = reason.rfind(input + ": ", 0) == 0;
  return "input failed: " + (named ? reason : input + ": " + reason);
}

}  // namespace

Expected<BatchResult> run_fill_batch(SessionOptions session_options, const FillBatchOptions& options,
                                     std::istream& stdin_stream, std::FILE* out, std::FILE* err) {
  auto discovered = discover_inputs(options.inputs);
  if (!discovered) return discovered.error();
  const bool single = is_single_named_input(options.inputs, discovered->size(), options.shard);
  Shard shard;
  if (!options.shard.empty()) {
    auto parsed = parse_shard(options.shard);
    if (!parsed) return parsed.error();
    shard = *parsed;
  }
  const InputList inputs = select_shard(std::move(*discovered), shard);
  if (!single) log::use_batch_redaction_default();

  // Stdin is read once, before any worker starts.
  std::optional<std::string> stdin_text;
  bool any_audio = false;
  for (const auto& in : inputs) {
    if (in.from_stdin) {
      stdin_text = std::string(std::istreambuf_iterator<char>(stdin_stream), std::istreambuf_iterator<char>());
    } else {
      any_audio = any_audio || is_audio_path(in.path);
    }
  }

  const bool dry_run = session_options.model_services.dry_run;
  // "Today" is resolved once: every input, prompt and output of the run names the same date,
  // and resume can tell outputs made on another day (a bad time zone is reported by open()).
  if (session_options.context.reference_date.empty()) {
    if (auto today = resolve_reference_date(session_options.context)) session_options.context.reference_date = *today;
  }
  auto& stt = session_options.pipeline.stt;
  stt.threads = stt_threads_per_input(stt.threads, options.jobs, inputs.size());
  const std::optional<HistoryOptions> history = session_options.history;
  auto session = Session::open(std::move(session_options), any_audio);
  if (!session) return session.error();
  const ProcessInput process = [&](const BatchInput& in) {
    return session->fill(in.path, in.from_stdin ? stdin_text : std::nullopt);
  };

  // --dry-run debugs prompts: the requests are printed as each input runs, and nothing is
  // written, so a dry run can never replace a real result.
  if (dry_run) {
    for (const auto& in : inputs) (void)process(in);
    std::fprintf(err, "invox: --dry-run: %zu input(s); no request was sent and no file was written\n", inputs.size());
    BatchResult dry;
    dry.counts.inputs = inputs.size();
    return dry;
  }

  BatchOptions bo;
  bo.out_dir = options.out_dir;
  bo.jobs = options.jobs;
  bo.force = options.force;
  bo.write.force = options.force;
  bo.write.defer_sync = true;  // one flush at the end instead of two fsyncs per input (docs/BATCH.md)
  bo.json_lines = options.json_lines ? out : nullptr;
  bo.progress.stream = err;
  bo.progress.mode = options.quiet || single ? ProgressMode::Quiet : options.progress;
  bo.summary_name = single ? std::string() : summary_file_name(shard.index, shard.count);
  bo.header.template_id = session->tmpl().id;
  bo.header.strategy = session->strategy();
  bo.header.model = session->models();
  bo.run = run_context_for(*session, history);
  if (shard.count > 1) bo.header.shard = fmt::format("{}/{}", shard.index, shard.count);
  const bool human_lines = single && !options.json_lines && !options.quiet;
  bo.on_finished = [&](const SummaryEntry& e, Progress& progress) {
    if (e.status == FormStatus::Failed) progress.note("invox: error: " + failure_line(e.input, e.error), true);
    if (human_lines && e.skipped) {
      std::fprintf(out, "%s: up to date (--force to redo): %s -> %s\n", e.input.c_str(),
                   std::string(status_name(e)).c_str(), e.filled.c_str());
    } else if (human_lines && !e.filled.empty()) {
      std::fprintf(out, "%s: %s -> %s\n", e.input.c_str(), std::string(status_name(e)).c_str(), e.filled.c_str());
    }
    std::fflush(out);
  };

  StopSignals signals;
  auto result = run_batch(inputs, process, bo);
  if (!result) return result;
  if (!result->summary_error.empty()) {
    std::fprintf(err, "invox: error: summary: %s\n", result->summary_error.c_str());
  }
  if (result->signal == SIGPIPE) {
    // The reader of stdout went away (`| head`): stop quietly, as a shell user expects.
  } else if (result->signal != 0) {
    // A single named input writes no summary: nothing to point at.
    const std::string where = single ? std::string() : "; summary in " + result->summary_path.string();
    std::fprintf(err, "invox: stopped by signal %d: %zu of %zu inputs finished%s\n", result->signal,
                 result->counts.inputs - result->counts.not_run, result->counts.inputs, where.c_str());
  } else if (!result->config_error.empty() && result->counts.not_run > 0) {
    std::fprintf(err, "invox: stopped after a configuration error: %zu of %zu inputs not run (fix it and run again "
                 "to continue); summary in %s\n", result->counts.not_run, result->counts.inputs,
                 result->summary_path.string().c_str());
  } else if (!single && !options.quiet) {
    std::fprintf(err, "invox: %zu inputs: %zu complete, %zu needs_review, %zu failed (%zu up to date, skipped; "
                 "--force to redo); summary in %s\n", result->counts.inputs, result->counts.complete, result->counts.needs_review,
                 result->counts.failed, result->counts.skipped, result->summary_path.string().c_str());
  }
  return result;
}

}  // namespace invox::batch
