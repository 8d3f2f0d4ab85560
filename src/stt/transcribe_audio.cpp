#include "stt/transcribe_audio.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

#include "invox/log.hpp"

namespace invox::stt {

Expected<Transcript> transcribe_buffer(const AudioBuffer& audio, const std::string& origin,
                                       const EngineProvider& engines, const PipelineParams& params) {
  auto speech = detect_speech(audio.samples, kRecognizerRate, params.vad, origin);
  if (!speech) return speech.error();
  const auto chunks = plan_chunks(audio.duration(), audio.file_bytes, *speech, params.chunk);
  if (chunks.size() > 1) {
    log::info(fmt::format("{}: {:.0f} s of audio recognized in {} overlapping chunks", origin, audio.duration(),
                          chunks.size()));
  }
  std::vector<std::vector<TimedWord>> results(chunks.size());
  std::optional<Error> failure;
  std::mutex failure_mutex;
  std::string detected;
  std::atomic<size_t> next{0};
  auto worker = [&] {
    auto engine = engines();
    if (!engine) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = engine.error();
      return;
    }
    for (size_t i = next++; i < chunks.size(); i = next++) {
      auto words = (*engine)->recognize(audio, regions_in(chunks[i], *speech));
      if (!words) {
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = words.error();
        return;
      }
      results[i] = std::move(*words);
    }
    if (auto lang = (*engine)->detected_language(); !lang.empty()) {
      std::lock_guard lock(failure_mutex);
      if (detected.empty()) detected = lang;
    }
  };
  const int threads = std::clamp(params.threads, 1, static_cast<int>(chunks.size()));
  if (threads == 1) {
    worker();
  } else {
    std::vector<std::jthread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  }
  if (failure) {
    auto e = *failure;
    if (e.message.find(origin) == std::string::npos) e.message = fmt::format("{}: {}", origin, e.message);
    return e;
  }
  const auto words = stitch_chunks(chunks, results);
  if (words.empty()) {
    return Error::input(fmt::format("{}: no speech found: the recognizer heard no words in {:.1f} s of audio", origin,
                                    audio.duration()));
  }
  auto transcript = words_to_transcript(words, audio.duration(), params.segment);
  transcript.language = !params.language.empty() ? params.language : !detected.empty() ? detected : "en";
  return transcript;
}

Expected<Transcript> transcribe_file(const std::filesystem::path& path, const EngineProvider& engines,
                                     const PipelineParams& params) {
  auto audio = decode_audio(path, params.decode);
  if (!audio) return audio.error();
  return transcribe_buffer(*audio, path.string(), engines, params);
}

}  // namespace invox::stt
