#pragma once
// What a backend implements: recognize the speech regions of one chunk of decoded audio.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "stt/audio_decode.hpp"
#include "stt/timed_word.hpp"
#include "stt/vad.hpp"

namespace invox::stt {

class ChunkEngine {
 public:
  virtual ~ChunkEngine() = default;
  // `regions` are the speech spans of the chunk, in original-audio seconds. Returned words carry
  // original-audio times and are ordered by start.
  [[nodiscard]] virtual Expected<std::vector<TimedWord>> recognize(const AudioBuffer& audio,
                                                                   const std::vector<SpeechRegion>& regions) = 0;
  // Language the engine heard (ISO-639-1), empty when it does not detect one.
  [[nodiscard]] virtual std::string detected_language() const { return {}; }
};

// Called once per worker thread; engines are not shared between threads.
using EngineProvider = std::function<Expected<std::shared_ptr<ChunkEngine>>()>;

}  // namespace invox::stt
