// Audio decoding of arbitrary bytes (libsndfile sniffing, resampling, limits): a buffer or an
// Error, never a crash or a hang.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "stt/audio_decode.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/invox-fuzz-audio-" + std::to_string(::getpid()) + ".bin";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  invox::stt::DecodeParams params;
  params.max_duration_seconds = 60;  // keeps each run short; longer claims must be refused, not read
  auto audio = invox::stt::decode_audio(path, params);
  if (audio && audio->duration() > params.max_duration_seconds + 1) __builtin_trap();
  return 0;
}
