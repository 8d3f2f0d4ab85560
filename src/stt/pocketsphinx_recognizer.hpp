#pragma once
// The embedded, offline backend: PocketSphinx decoders pooled per bias vocabulary, so a batch
// run loads the model once per worker rather than once per file.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "invox/stt.hpp"
#include "stt/pocketsphinx_decoder.hpp"
#include "stt/transcribe_audio.hpp"

namespace invox::stt {

// Maps the public options to pipeline parameters (shared with the Whisper backend).
[[nodiscard]] PipelineParams pipeline_params(const SttOptions& options);
// The model files the options select: model_dir layout, then single-file overrides.
[[nodiscard]] PocketSphinxModel pocketsphinx_model(const SttOptions& options);

class PocketSphinxRecognizer final : public SpeechRecognizer {
 public:
  explicit PocketSphinxRecognizer(PocketSphinxModel model) : model_(std::move(model)) {}
  [[nodiscard]] std::string name() const override { return "pocketsphinx"; }
  [[nodiscard]] Expected<Transcript> transcribe(const std::filesystem::path& audio, const SttOptions& options) override;
  // For benchmarks and tests that already hold decoded audio.
  [[nodiscard]] Expected<Transcript> transcribe_decoded(const AudioBuffer& audio, const std::string& origin,
                                                        const SttOptions& options);

 private:
  [[nodiscard]] EngineProvider provider_for(const SttOptions& options);

  static constexpr size_t kMaxIdlePerVocabulary = 4;
  static constexpr size_t kMaxVocabularies = 4;
  PocketSphinxModel model_;
  std::mutex mutex_;
  std::map<std::string, std::vector<std::unique_ptr<PocketSphinxDecoder>>> idle_;
  std::vector<std::string> vocabulary_order_;  // least recently used first
};

}  // namespace invox::stt
