#include "stt/transcribe_audio.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <optional>

#include "invox/log.hpp"
#include "util/cancel.hpp"
#include "util/worker_pool.hpp"

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
  // Each chunk leases an engine (decoders are pooled by the provider) on the shared fan-out
  // pool; a stop request keeps further chunks from starting and the decoder polls it too.
  auto fail = [&](const Error& e) {
    std::lock_guard lock(failure_mutex);
    if (!failure) failure = e;
  };
  auto recognize_chunk = [&](size_t i) {
    {
      std::lock_guard lock(failure_mutex);
      if (failure) return;
    }
    auto engine = engines();
    if (!engine) return fail(engine.error());
    auto words = (*engine)->recognize(audio, regions_in(chunks[i], *speech));
    if (!words) return fail(words.error());
    std::lock_guard lock(failure_mutex);
    results[i] = std::move(*words);
    if (detected.empty()) detected = (*engine)->detected_language();
  };
  try {
    util::fanout_pool().for_each(chunks.size(), std::max(1, params.threads), recognize_chunk);
  } catch (const util::StopRequested&) {
    return util::interrupted_error(origin);
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
