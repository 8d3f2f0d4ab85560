#pragma once
// What `invox fill` builds once per run, before any input runs: the template, the current values,
// the old transcript, the request context and the pipeline (models, history store, recognizer).
// Each input then goes through Session::fill, from any number of threads at once.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "invox/expected.hpp"
#include "invox/form.hpp"
#include "invox/history.hpp"
#include "invox/models.hpp"
#include "invox/normalize.hpp"
#include "invox/orchestrator.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox {

struct SessionOptions {
  std::filesystem::path template_path;
  std::filesystem::path current_file;         // --current; empty = no current values
  std::filesystem::path old_transcript_file;  // --old-transcript; empty = none
  NormalizeContext context;
  PipelineOptions pipeline;                   // models empty = the defaults (resolve_default_models)
  ModelServices model_services;
  std::optional<HistoryOptions> history;      // nullopt = zero-shot
};

class Session {
 public:
  // Loads and checks everything about the invocation. Every failure is a Config error naming
  // the flag and file (exit 2). `with_recognizer`: some input is audio, so the speech
  // recognizer is built now (see build_pipeline_services).
  [[nodiscard]] static Expected<Session> open(SessionOptions options, bool with_recognizer);

  // The complete outputs of one input: a transcript or audio file, or (`text`) the transcript
  // itself as read from stdin. Never throws for bad input (see Orchestrator::process).
  [[nodiscard]] FillOutcome fill(const std::filesystem::path& input, std::optional<std::string> text = {}) const;

  [[nodiscard]] const Template& tmpl() const { return tmpl_; }
  [[nodiscard]] std::string_view strategy() const { return to_string(orchestrator_->options().strategy); }
  [[nodiscard]] const std::string& models() const { return orchestrator_->models(); }

 private:
  Session() = default;

  Template tmpl_;
  CurrentValues current_;
  std::string old_transcript_;
  NormalizeContext context_;
  std::unique_ptr<const Orchestrator> orchestrator_;
};

}  // namespace invox
