#pragma once
// `invox fill`: the per-run preparation (template, current values, context, services) and the
// per-input work (transcript -> Orchestrator::process -> outputs). The CLI only parses flags;
// batch features (parallel jobs, shards, resume, summary.json) wrap these functions.
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/form.hpp"
#include "invox/history.hpp"
#include "invox/models.hpp"
#include "invox/normalize.hpp"
#include "invox/orchestrator.hpp"
#include "invox/output.hpp"
#include "invox/template.hpp"

namespace invox::app {

struct FillCommandOptions {
  std::filesystem::path template_path;
  std::vector<std::string> inputs;      // files, folders, "-" (transcript on stdin)
  std::filesystem::path out_dir = ".";  // outputs never go anywhere else
  std::filesystem::path current_file;   // --current; empty = no current values
  std::filesystem::path old_transcript_file;  // --old-transcript; empty = none
  NormalizeContext context;
  PipelineOptions pipeline;
  ModelServices model_services;
  std::optional<HistoryOptions> history;
  bool force = false;  // replace files that are not invox outputs
};

// One input of a run. Stdin is read once, up front, so it can be processed like a file.
struct FillInput {
  std::string name;                 // as the user gave it ("-" for stdin)
  std::filesystem::path path;       // empty for stdin
  std::optional<std::string> text;  // stdin content
  bool audio = false;
};

// The stem that names an input's outputs ("stdin" for "-").
[[nodiscard]] std::string input_stem(const FillInput& input);

// Expands the command line inputs: files as given, folders to their transcript and audio
// files (sorted, not recursive, outputs of earlier runs skipped), "-" to stdin (at most once).
[[nodiscard]] Expected<std::vector<FillInput>> collect_inputs(const std::vector<std::string>& args,
                                                              std::istream& stdin_stream);

// Built once per run, shared read-only by every input. Not movable: the pipeline options
// point at `tmpl` (STT vocabulary biasing).
struct FillSession {
  Template tmpl;
  CurrentValues current;
  std::string old_transcript;
  NormalizeContext context;
  std::filesystem::path out_dir;
  bool force = false;
  std::string strategy;
  std::string model;  // description used when the pipeline fails before naming one
  std::optional<Error> stt_error;  // why audio inputs cannot be transcribed, if so
  std::unique_ptr<Orchestrator> orchestrator;

  FillSession() = default;
  FillSession(const FillSession&) = delete;
  FillSession& operator=(const FillSession&) = delete;
};

// Validates everything about the invocation before any input runs; every failure here is a
// usage/configuration error (exit 2) except transport failures. `inputs` decides whether a
// speech recognizer is needed.
[[nodiscard]] Expected<std::unique_ptr<FillSession>> prepare_fill(FillCommandOptions& options,
                                                                 const std::vector<FillInput>& inputs);

struct InputOutcome {
  std::string input;
  FormStatus status = FormStatus::Failed;
  OutputPaths paths;
  bool written = false;  // false when even the failure report could not be written
  std::string error;     // why it failed (status failed) or why writing failed
};

// Processes one input (transcript or audio -> pipeline) without writing anything; a bad input
// comes back as a `failed` outcome with the reason. The batch runner writes the outputs.
[[nodiscard]] FillOutcome process_input(const FillSession& session, const FillInput& input);

// Processes one input end to end and writes its two outputs. Never throws for bad input.
[[nodiscard]] InputOutcome fill_one(const FillSession& session, const FillInput& input);

// Processes every input in order; a failing input never stops the others. Two inputs that
// would write the same output names are refused instead of overwriting each other.
[[nodiscard]] std::vector<InputOutcome> run_fill(const FillSession& session, const std::vector<FillInput>& inputs);

// DESIGN.md: 0 when every input is complete or needs_review, 1 when any failed.
[[nodiscard]] int exit_code_for(const std::vector<InputOutcome>& outcomes);

}  // namespace invox::app
