#include "stt/transcribe_audio.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <optional>

#include "invox/log.hpp"
#include "stt/chunk_feeder.hpp"
#include "util/cancel.hpp"
#include "util/worker_pool.hpp"

namespace invox::stt {

namespace {

using ChunkAudio = std::function<Expected<std::shared_ptr<const AudioBuffer>>(size_t)>;

// Recognizes the planned chunks in parallel (each worker gets its chunk's audio from
// `audio_of`) and stitches the words into the transcript.
Expected<Transcript> recognize_chunks(const std::vector<Chunk>& chunks, const std::vector<SpeechRegion>& speech,
                                      double duration, const ChunkAudio& audio_of, const std::string& origin,
                                      const EngineProvider& engines, const PipelineParams& params) {
  if (chunks.size() > 1) {
    log::info(fmt::format("{}: {:.0f} s of audio recognized in {} overlapping chunks", origin, duration, chunks.size()));
  }
  std::vector<std::vector<TimedWord>> results(chunks.size());
  std::optional<Error> failure;
  std::mutex mutex;
  std::string detected;
  size_t done = 0;
  auto report = [&] {
    if (params.on_progress) params.on_progress(SttProgress{done, chunks.size(), duration});
  };
  report();
  // Each chunk leases an engine (decoders are pooled by the provider) on the shared fan-out
  // pool; a stop request keeps further chunks from starting and the decoder polls it too.
  auto fail = [&](const Error& e) {
    std::lock_guard lock(mutex);
    if (!failure) failure = e;
  };
  auto recognize_chunk = [&](size_t i) {
    {
      std::lock_guard lock(mutex);
      if (failure) return;
    }
    auto audio = audio_of(i);
    if (!audio) return fail(audio.error());
    auto engine = engines();
    if (!engine) return fail(engine.error());
    auto words = (*engine)->recognize(**audio, regions_in(chunks[i], speech));
    if (!words) return fail(words.error());
    std::lock_guard lock(mutex);
    results[i] = std::move(*words);
    if (detected.empty()) detected = (*engine)->detected_language();
    ++done;
    report();
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
    return Error::input(
        fmt::format("{}: no speech found: the recognizer heard no words in {:.1f} s of audio", origin, duration));
  }
  auto transcript = words_to_transcript(words, duration, params.segment);
  transcript.language = !params.language.empty() ? params.language : !detected.empty() ? detected : "en";
  return transcript;
}

}  // namespace

Expected<Transcript> transcribe_buffer(const AudioBuffer& audio, const std::string& origin,
                                       const EngineProvider& engines, const PipelineParams& params) {
  auto speech = detect_speech(audio.samples, kRecognizerRate, params.vad, origin);
  if (!speech) return speech.error();
  const auto chunks = plan_chunks(audio.duration(), audio.file_bytes, *speech, params.chunk);
  // Every chunk reads the one buffer in place.
  const std::shared_ptr<const AudioBuffer> whole(std::shared_ptr<void>{}, &audio);
  return recognize_chunks(chunks, *speech, audio.duration(), [&](size_t) { return whole; }, origin, engines, params);
}

Expected<Transcript> transcribe_file(const std::filesystem::path& path, const EngineProvider& engines,
                                     const PipelineParams& params) {
  const std::string origin = path.string();
  // Pass 1: the VAD's frame energies (its noise floor is a quantile over the whole recording).
  auto scan = AudioStream::open(path, params.decode);
  if (!scan) return scan.error();
  FrameEnergyMeter meter(kRecognizerRate, params.vad);
  std::vector<float> block;
  for (;;) {
    block.clear();
    auto got = scan->read(block);
    if (!got) return got.error();
    if (*got == 0) break;
    meter.add(block.data(), block.size());
  }
  const size_t samples = meter.sample_count();
  const double duration = static_cast<double>(samples) / kRecognizerRate;
  auto speech = speech_regions(meter.finish(), samples, kRecognizerRate, params.vad, origin);
  if (!speech) return speech.error();
  const auto chunks = plan_chunks(duration, scan->file_bytes(), *speech, params.chunk);
  // Pass 2: each chunk's samples, cut from a second sequential read as the workers ask.
  auto stream = AudioStream::open(path, params.decode);
  if (!stream) return stream.error();
  ChunkFeeder feeder(std::move(*stream), chunks);
  return recognize_chunks(chunks, *speech, duration, [&](size_t i) { return feeder.take(i); }, origin, engines, params);
}

}  // namespace invox::stt
