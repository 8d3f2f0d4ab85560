// Audio decoding of arbitrary bytes (libsndfile sniffing, resampling, limits): a buffer or an
// Error, never a crash or a hang (audio_harness.hpp).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "audio_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/invox-fuzz-audio-" + std::to_string(::getpid()) + ".bin";
  if (!invox::fuzz::audio_input_holds(std::string_view(reinterpret_cast<const char*>(data), size), path))
    __builtin_trap();
  return 0;
}
