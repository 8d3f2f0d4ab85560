#pragma once
// The pipeline of DESIGN.md: STT -> RAG -> IE (strategy) -> CF -> VER (-> re-query), one input
// at a time. PipelineServices are built once per run (models, history store, recognizer); the
// Orchestrator turns each input into its complete outputs (FillOutcome), failures included.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "invox/calibration.hpp"
#include "invox/extractor.hpp"
#include "invox/form.hpp"
#include "invox/history.hpp"
#include "invox/judge.hpp"
#include "invox/model_spec.hpp"
#include "invox/models.hpp"
#include "invox/strategy.hpp"
#include "invox/stt.hpp"

namespace invox {

struct PipelineOptions {
  Strategy strategy = Strategy::S1;
  std::vector<ModelSpec> models;     // [a] for S1/S2, [a, b] for S3/S4; empty = defaults
  std::optional<ModelSpec> judge;    // S3/S4; empty = default judge
  // Confidence below this -> low_conf issue. Unset: the applied calibration's own threshold, else
  // kDefaultReviewThreshold; the Orchestrator resolves it, so its options() always hold one.
  std::optional<double> review_threshold;
  int max_requery = 1;               // clarification loop rounds
  SttOptions stt;
  RetrievalOptions retrieval;
  bool learn = false;                // add `complete` results to the history store
  // Maps raw scores to probabilities (DESIGN.md "Calibration"); null = raw scores, unless the
  // built-in calibration applies: it does when `builtin_calibration` is on and it was fitted for
  // this strategy and these models (the offline `rules` engine, S1). The Orchestrator resolves it.
  std::shared_ptr<const Calibration> calibration;
  bool builtin_calibration = true;
  // A transcript longer than this (read, or produced by STT) fails its input: a wrong file
  // (a log, a dump) must not occupy a worker for long. 0 = no limit.
  size_t max_transcript_bytes = size_t{8} << 20;
};

// Long-lived, shareable parts of a pipeline (built once per run, used by every input).
struct PipelineServices {
  std::shared_ptr<Extractor> model_a;
  std::shared_ptr<Extractor> model_b;
  std::shared_ptr<Judge> judge;
  std::shared_ptr<SpeechRecognizer> stt;   // null when no input of the run is audio
  std::optional<Error> stt_error;          // why there is no recognizer: audio inputs fail with it
  std::shared_ptr<HistoryStore> history;   // null = zero-shot
};

// One input. Its transcript comes from exactly one of: `transcript` (already read), `text`
// (read elsewhere, e.g. stdin: checked like a .txt file), or the file `input` (audio runs STT).
struct FillRequest {
  const Template* tmpl = nullptr;
  std::filesystem::path input;             // audio or transcript file; names the input in messages
  std::optional<std::string> text;         // transcript text given directly (stdin)
  std::optional<Transcript> transcript;    // a transcript given directly (eval cases)
  CurrentValues current;
  std::string old_transcript;
  NormalizeContext context;
};

class Orchestrator {
 public:
  Orchestrator(PipelineOptions options, PipelineServices services);
  // The complete outputs of one input: every template field listed, the template, strategy,
  // model and transcript named. Never throws for bad input: a failure is status `failed` with
  // the reason, and each field keeps its current value (as if nothing had been heard).
  [[nodiscard]] FillOutcome process(const FillRequest& request) const;
  [[nodiscard]] const PipelineOptions& options() const { return options_; }
  // What runs, as written in outputs and summaries ("rules", "a + b, judge j").
  [[nodiscard]] const std::string& models() const { return models_; }
  [[nodiscard]] double review_threshold() const { return options_.review_threshold.value_or(kDefaultReviewThreshold); }

 private:
  PipelineOptions options_;
  PipelineServices services_;
  std::string models_;
};

// The extractor or judge a model name stands for: `rules` is the offline engine, every other
// name a chat model (make_chat_extractor / make_chat_judge). A missing key is a Config error.
[[nodiscard]] Expected<std::shared_ptr<Extractor>> make_extractor(const ModelSpec& spec, const ModelServices& services);
[[nodiscard]] Expected<std::shared_ptr<Judge>> make_judge(const ModelSpec& spec, const ModelServices& services);

// Fills in the default models when none were named, from the model configuration: S1/S2 use its
// `model`, else its OpenAI model when OPENAI_API_KEY is set, else its Gemini model, else the
// offline `rules` engine (said once per process on stderr); S3/S4 use its pair and judge.
void resolve_default_models(PipelineOptions& options, const ProviderConfig& providers,
                            const ModelConfig& config = ModelConfig::built_in());

// The description of the models that run, as outputs, summaries and eval tables name them:
// "rules", "openai:gpt-6.1-sol", "openai:gpt-6.1-sol + gemini:gemini-3.8-flash, judge openai:gpt-6.1-terra".
[[nodiscard]] std::string describe_models(const PipelineServices& services);

// Resolves default models, checks credentials, and builds the services; with
// `with_recognizer` (some input is audio) also the speech recognizer. Config errors (a missing
// key, an unknown STT backend) name what to set; a recognizer that cannot be built for another
// reason is kept in `stt_error`, so only the audio inputs fail.
[[nodiscard]] Expected<PipelineServices> build_pipeline_services(PipelineOptions& options,
                                                                 const ModelServices& model_services,
                                                                 const std::optional<HistoryOptions>& history,
                                                                 bool with_recognizer = false);

}  // namespace invox
