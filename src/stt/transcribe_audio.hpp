#pragma once
// The backend-independent STT pipeline: decode -> VAD -> chunk plan -> parallel chunk
// recognition -> stitching -> segments. From a file, the audio is streamed twice (VAD energies,
// then each chunk's samples), so memory follows the chunk length, not the recording's.
#include <filesystem>

#include "invox/expected.hpp"
#include "invox/stt.hpp"
#include "invox/transcript.hpp"
#include "stt/audio_decode.hpp"
#include "stt/chunking.hpp"
#include "stt/engine.hpp"
#include "stt/segments.hpp"
#include "stt/vad.hpp"

namespace invox::stt {

struct PipelineParams {
  DecodeParams decode;
  VadParams vad;
  ChunkParams chunk;
  SegmentParams segment;
  int threads = 1;  // chunks recognized in parallel (one engine per thread)
  std::string language = "en";
  std::function<void(const SttProgress&)> on_progress;  // see SttOptions::on_progress
};

[[nodiscard]] Expected<Transcript> transcribe_file(const std::filesystem::path& path, const EngineProvider& engines,
                                                   const PipelineParams& params);
// Same, for audio that is already decoded (benchmarks, tests).
[[nodiscard]] Expected<Transcript> transcribe_buffer(const AudioBuffer& audio, const std::string& origin,
                                                     const EngineProvider& engines, const PipelineParams& params);

}  // namespace invox::stt
