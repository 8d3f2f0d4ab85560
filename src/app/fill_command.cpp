#include "app/fill_command.hpp"

#include <chrono>
#include <set>

#include <fmt/format.h>

#include "app/context_check.hpp"
#include "invox/log.hpp"
#include "invox/stt.hpp"
#include "invox/transcript.hpp"
#include "util/file_io.hpp"

namespace invox::app {

namespace fs = std::filesystem;

namespace {

Expected<CurrentValues> load_current(const fs::path& path, const Template& tmpl) {
  auto doc = util::read_json_file(path);
  if (!doc) return Error::config("--current " + doc.error().message);
  auto values = current_values_from_json(*doc, path.string());
  if (!values) return Error::config(values.error().message);
  for (const auto& [id, value] : *values) {
    if (!tmpl.find(id)) {
      return Error::config(fmt::format("{}: field '{}': not a field of template '{}'", path.string(), id, tmpl.id));
    }
  }
  return values;
}

Status prepare_out_dir(const fs::path& dir) {
  std::error_code ec;
  const auto st = fs::status(dir, ec);
  if (fs::exists(st)) {
    if (!fs::is_directory(st)) {
      return Error::config(fmt::format("--out {}: exists and is not a directory", dir.string()));
    }
    return ok();
  }
  fs::create_directories(dir, ec);
  if (ec) return Error::config(fmt::format("--out {}: cannot create the directory ({})", dir.string(), ec.message()));
  return ok();
}

// With no key and no --model, S1/S2 run offline; this is said once per run (DESIGN.md).
void resolve_default_model(PipelineOptions& pipeline, const ModelServices& services) {
  if (!pipeline.models.empty() || needs_two_models(pipeline.strategy) || services.providers.has_any_key()) return;
  pipeline.models.push_back(ModelSpec{"rules", "rules", ""});
  log::warn("no OPENAI_API_KEY or GEMINI_API_KEY is set: using the offline 'rules' model (choose one with --model)");
}

std::string describe_models(const PipelineOptions& p) {
  std::string out;
  for (const auto& m : p.models) out += (out.empty() ? "" : " + ") + m.str();
  if (p.judge) out += ", judge " + p.judge->str();
  return out;
}

// A form for an input that failed before the pipeline could run: every field keeps its
// current value (nothing was extracted), and the report says why.
FillOutcome failed_outcome(const FillSession& s, const std::string& stage, const std::string& error, double ms) {
  FillOutcome out;
  out.form.template_id = s.tmpl.id;
  out.form.strategy = s.strategy;
  out.form.model = s.model;
  for (const auto& field : s.tmpl.fields) {
    FilledField f;
    if (auto it = s.current.find(field.id); it != s.current.end()) {
      f.value = it->second.value;
      if (!f.value.is_null()) f.source = it->second.source;
    }
    out.form.filled.emplace_back(field.id, std::move(f));
  }
  out.report.status = FormStatus::Failed;
  out.report.stages.push_back(StageTiming{stage, ms, false, std::nullopt, error, ""});
  out.report.error = error;
  return out;
}

// The outputs always name the template, strategy, model and transcript, and list every field:
// a pipeline that failed before producing a form leaves each field at its current value.
void complete_form(const FillSession& s, const FillRequest& request, FillOutcome& outcome) {
  auto& form = outcome.form;
  if (form.template_id.empty()) form.template_id = s.tmpl.id;
  if (form.strategy.empty()) form.strategy = s.strategy;
  if (form.model.empty()) form.model = s.model;
  if (form.transcript.empty() && request.transcript) form.transcript = request.transcript->text;
  if (form.filled.empty()) form.filled = failed_outcome(s, "", "", 0).form.filled;
}

}  // namespace

Expected<std::unique_ptr<FillSession>> prepare_fill(FillCommandOptions& o, const std::vector<FillInput>& inputs) {
  auto session = std::make_unique<FillSession>();
  auto tmpl = load_template(o.template_path);
  if (!tmpl) return tmpl.error();
  session->tmpl = std::move(*tmpl);
  if (!o.current_file.empty()) {
    auto current = load_current(o.current_file, session->tmpl);
    if (!current) return current.error();
    session->current = std::move(*current);
  }
  if (!o.old_transcript_file.empty()) {
    auto old = load_transcript(o.old_transcript_file);
    if (!old) return Error::config("--old-transcript " + old.error().message);
    session->old_transcript = old->text;
  }
  if (auto s = validate_context(o.context); !s) return s.error();
  session->context = o.context;
  if (!o.model_services.dry_run) {
    if (auto s = prepare_out_dir(o.out_dir); !s) return s.error();
  }
  session->out_dir = o.out_dir;
  session->force = o.force;

  resolve_default_model(o.pipeline, o.model_services);
  o.pipeline.stt.bias_template = &session->tmpl;
  auto services = build_pipeline_services(o.pipeline, o.model_services, o.history);
  if (!services) return services.error();
  const bool any_audio = std::any_of(inputs.begin(), inputs.end(), [](const FillInput& i) { return i.audio; });
  if (any_audio && !services->stt) {
    auto stt = make_recognizer(o.pipeline.stt, o.model_services);
    if (stt) {
      services->stt = *stt;
    } else if (stt.error().kind == ErrorKind::Config) {
      return stt.error();  // e.g. a missing key for a networked STT backend
    } else {
      session->stt_error = stt.error();  // audio inputs fail; text inputs still run
    }
  }
  session->strategy = std::string(to_string(o.pipeline.strategy));
  session->model = describe_models(o.pipeline);
  session->orchestrator = std::make_unique<Orchestrator>(o.pipeline, std::move(*services));
  return session;
}

FillOutcome process_input(const FillSession& s, const FillInput& input) {
  const auto started = std::chrono::steady_clock::now();
  const auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  };
  FillRequest request;
  request.tmpl = &s.tmpl;
  request.input = input.path;
  request.current = s.current;
  request.old_transcript = s.old_transcript;
  request.context = s.context;

  std::optional<FillOutcome> outcome;
  if (input.audio) {
    if (s.stt_error) outcome = failed_outcome(s, "stt", s.stt_error->message, elapsed_ms());
  } else {
    auto transcript = input.text ? transcript_from_text(*input.text, "stdin") : load_transcript(input.path);
    if (transcript) {
      request.transcript = std::move(*transcript);
    } else {
      outcome = failed_outcome(s, "input", transcript.error().message, elapsed_ms());
    }
  }
  if (!outcome) outcome = s.orchestrator->process(request);
  complete_form(s, request, *outcome);
  return std::move(*outcome);
}

InputOutcome fill_one(const FillSession& s, const FillInput& input) {
  InputOutcome result;
  result.input = input.name;
  result.paths = output_paths_for(s.out_dir, input_stem(input));
  log::set_correlation_id(input.name);
  const FillOutcome outcome = process_input(s, input);
  result.status = outcome.report.status;
  result.error = outcome.report.error;
  if (auto w = write_outputs(result.paths, outcome, WriteOptions{s.force}); !w) {
    result.status = FormStatus::Failed;
    result.error = w.error().message;
  } else {
    result.written = true;
  }
  log::set_correlation_id("");
  return result;
}

std::vector<InputOutcome> run_fill(const FillSession& session, const std::vector<FillInput>& inputs) {
  std::vector<InputOutcome> outcomes;
  std::set<std::string> stems;
  for (const auto& input : inputs) {
    const std::string stem = input_stem(input);
    if (!stems.insert(stem).second) {
      InputOutcome dup;
      dup.input = input.name;
      dup.paths = output_paths_for(session.out_dir, stem);
      dup.error = fmt::format("{}: another input of this run already writes {}; rename one of them or use "
                              "separate --out folders", input.name, dup.paths.filled.filename().string());
      outcomes.push_back(std::move(dup));
      continue;
    }
    outcomes.push_back(fill_one(session, input));
  }
  return outcomes;
}

int exit_code_for(const std::vector<InputOutcome>& outcomes) {
  for (const auto& o : outcomes) {
    if (o.status == FormStatus::Failed) return 1;
  }
  return 0;
}

}  // namespace invox::app
