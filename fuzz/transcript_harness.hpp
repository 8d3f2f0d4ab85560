#pragma once
// What the transcript fuzzer checks for one input (STT-shaped JSON and plain text), shared with
// the regression replay in tests/test_fuzz_regressions.cpp.
#include <string>
#include <string_view>

#include "invox/transcript.hpp"
#include "util/file_io.hpp"

namespace invox::fuzz {

// false when a transcript that was accepted cannot be written as JSON; any bytes must give a
// transcript or an Error (a crash is the other way to fail).
inline bool transcript_input_holds(std::string_view input) {
  const std::string text(input);
  if (auto doc = util::parse_json_text(text, "fuzz.json")) {
    if (auto t = transcript_from_json(*doc, "fuzz.json")) {
      try {
        (void)to_json(*t).dump();
      } catch (const Json::exception&) {
        return false;
      }
    }
  }
  (void)transcript_from_text(text, "fuzz.txt");
  return true;
}

}  // namespace invox::fuzz
