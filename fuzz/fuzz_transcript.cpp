// STT-shaped transcript JSON and plain-text transcripts: any bytes give a transcript or an Error
// (transcript_harness.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "transcript_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!invox::fuzz::transcript_input_holds(std::string_view(reinterpret_cast<const char*>(data), size)))
    __builtin_trap();
  return 0;
}
