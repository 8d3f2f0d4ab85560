#include "invox/session.hpp"

#include <chrono>

#include <fmt/format.h>

#include "invox/transcript.hpp"
#include "util/file_io.hpp"

namespace invox {

namespace {

Expected<CurrentValues> load_current(const std::filesystem::path& path, const Template& tmpl) {
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

}  // namespace

Expected<Session> Session::open(SessionOptions o, bool with_recognizer) {
  Session session;
  auto tmpl = load_template(o.template_path);
  if (!tmpl) return tmpl.error();
  session.tmpl_ = std::move(*tmpl);
  if (!o.current_file.empty()) {
    auto current = load_current(o.current_file, session.tmpl_);
    if (!current) return current.error();
    session.current_ = std::move(*current);
  }
  if (!o.old_transcript_file.empty()) {
    auto old = load_transcript(o.old_transcript_file);
    if (!old) return Error::config("--old-transcript " + old.error().message);
    session.old_transcript_ = old->text;
  }
  if (auto s = validate_context(o.context); !s) return s.error();
  session.context_ = o.context;
  // "Today" is decided once per run, so every input (and every prompt) of a batch that crosses
  // midnight uses the same reference date.
  if (session.context_.reference_date.empty() && !session.context_.now) {
    session.context_.now = std::chrono::system_clock::now();
  }

  auto services = build_pipeline_services(o.pipeline, o.model_services, o.history, with_recognizer);
  if (!services) return services.error();
  session.orchestrator_ = std::make_unique<const Orchestrator>(std::move(o.pipeline), std::move(*services));
  return Expected<Session>(std::move(session));
}

FillOutcome Session::fill(const std::filesystem::path& input, std::optional<std::string> text) const {
  FillRequest request;
  request.tmpl = &tmpl_;
  request.input = input;
  request.text = std::move(text);
  request.current = current_;
  request.old_transcript = old_transcript_;
  request.context = context_;
  return orchestrator_->process(request);
}

}  // namespace invox
