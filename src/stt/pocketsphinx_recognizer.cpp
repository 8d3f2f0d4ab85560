#include "stt/pocketsphinx_recognizer.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "invox/log.hpp"
#include "util/worker_pool.hpp"

namespace invox::stt {

PipelineParams pipeline_params(const SttOptions& options) {
  PipelineParams p;
  p.threads = options.threads > 0 ? options.threads : util::default_jobs();
  p.chunk.chunk_seconds = options.chunk_seconds;
  p.chunk.long_audio_seconds = options.long_audio_seconds;
  p.language = options.language.empty() ? "en" : options.language;
  p.on_progress = options.on_progress;
  return p;
}

PocketSphinxModel pocketsphinx_model(const SttOptions& options) {
  auto model = PocketSphinxModel::in(options.model_dir);
  if (!options.hmm_path.empty()) model.hmm = options.hmm_path;
  if (!options.lm_path.empty()) model.lm = options.lm_path;
  if (!options.dict_path.empty()) model.dict = options.dict_path;
  return model;
}

EngineProvider PocketSphinxRecognizer::provider_for(const SttOptions& options) {
  auto corpus = std::make_shared<BiasCorpus>();
  if (options.bias) *corpus = build_bias_corpus(options.bias_template, options.bias_texts);
  const std::string key = corpus->empty() ? std::string("stock") : fmt::format("{}@{}", corpus_key(*corpus), options.bias_weight);
  BiasParams params;
  params.domain_weight = options.bias_weight;
  return [this, corpus, key, params]() -> Expected<std::shared_ptr<ChunkEngine>> {
    std::unique_ptr<PocketSphinxDecoder> decoder;
    {
      std::lock_guard lock(mutex_);
      auto& idle = idle_[key];
      if (!idle.empty()) {
        decoder = std::move(idle.back());
        idle.pop_back();
      }
    }
    if (!decoder) {
      auto created = PocketSphinxDecoder::create(model_, corpus.get(), params);
      if (!created) return created.error();
      decoder = std::move(*created);
      if (!corpus->empty()) {
        const auto& s = decoder->bias_stats();
        log::debug(fmt::format("pocketsphinx bias: {} words, {} added by letter-to-sound, {} without pronunciation",
                               s.vocabulary, s.added, s.unpronounceable));
      }
    }
    // The lease returns the decoder to the pool when the worker is done with it.
    auto* raw = decoder.release();
    return std::shared_ptr<ChunkEngine>(raw, [this, key](ChunkEngine* engine) {
      std::unique_ptr<PocketSphinxDecoder> back(static_cast<PocketSphinxDecoder*>(engine));
      std::lock_guard lock(mutex_);
      std::erase(vocabulary_order_, key);
      vocabulary_order_.push_back(key);
      auto& idle = idle_[key];
      if (idle.size() < kMaxIdlePerVocabulary) idle.push_back(std::move(back));
      while (vocabulary_order_.size() > kMaxVocabularies) {
        idle_.erase(vocabulary_order_.front());
        vocabulary_order_.erase(vocabulary_order_.begin());
      }
    });
  };
}

Expected<Transcript> PocketSphinxRecognizer::transcribe(const std::filesystem::path& audio, const SttOptions& options) {
  return transcribe_file(audio, provider_for(options), pipeline_params(options));
}

Expected<Transcript> PocketSphinxRecognizer::transcribe_decoded(const AudioBuffer& audio, const std::string& origin,
                                                                const SttOptions& options) {
  return transcribe_buffer(audio, origin, provider_for(options), pipeline_params(options));
}

}  // namespace invox::stt
