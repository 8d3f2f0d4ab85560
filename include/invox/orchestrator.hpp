#pragma once
// The pipeline of DESIGN.md: STT -> RAG -> IE (strategy) -> CF -> VER (-> re-query) -> outputs.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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
  double review_threshold = 0.8;     // confidence below this -> low_conf issue
  int max_requery = 1;               // clarification loop rounds
  SttOptions stt;
  RetrievalOptions retrieval;
  bool learn = false;                // add `complete` results to the history store
};

// Long-lived, shareable parts of a pipeline (built once per run, used by every input).
struct PipelineServices {
  std::shared_ptr<Extractor> model_a;
  std::shared_ptr<Extractor> model_b;
  std::shared_ptr<Judge> judge;
  std::shared_ptr<SpeechRecognizer> stt;   // null until the first audio input needs it
  std::shared_ptr<HistoryStore> history;   // null = zero-shot
  // Credentials, HTTP client and limits for services created lazily (the recognizer).
  ModelServices model_services;
};

struct FillRequest {
  const Template* tmpl = nullptr;
  std::filesystem::path input;             // audio or transcript file (for STT and messages)
  std::optional<Transcript> transcript;    // given directly (text input, eval cases)
  CurrentValues current;
  std::string old_transcript;
  NormalizeContext context;
};

class Orchestrator {
 public:
  Orchestrator(PipelineOptions options, PipelineServices services);
  // Never throws for bad input: failures come back as status `failed` with the reason.
  [[nodiscard]] FillOutcome process(const FillRequest& request) const;
  [[nodiscard]] const PipelineOptions& options() const { return options_; }

 private:
  PipelineOptions options_;
  PipelineServices services_;
  // The recognizer is built on the first audio input and shared by later ones (thread-safe).
  struct LazyParts;
  std::shared_ptr<LazyParts> lazy_;
};

// The extractor or judge a model name stands for: `rules` is the offline engine, every other
// name a chat model (make_chat_extractor / make_chat_judge). A missing key is a Config error.
[[nodiscard]] Expected<std::shared_ptr<Extractor>> make_extractor(const ModelSpec& spec, const ModelServices& services);
[[nodiscard]] Expected<std::shared_ptr<Judge>> make_judge(const ModelSpec& spec, const ModelServices& services);

// Resolves default models (rules without keys; the paper's trio for S3/S4), checks
// credentials, and builds the services. Config errors name what to set.
[[nodiscard]] Expected<PipelineServices> build_pipeline_services(PipelineOptions& options,
                                                                 const ModelServices& model_services,
                                                                 const std::optional<HistoryOptions>& history);

}  // namespace invox
