// STT-shaped transcript JSON and plain-text transcripts: any bytes give a transcript or an Error.
#include <cstddef>
#include <cstdint>
#include <string>

#include "invox/transcript.hpp"
#include "util/file_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (auto doc = invox::util::parse_json_text(text, "fuzz.json")) {
    if (auto t = invox::transcript_from_json(*doc, "fuzz.json")) {
      (void)invox::to_json(*t).dump();
    }
  }
  (void)invox::transcript_from_text(text, "fuzz.txt");
  return 0;
}
