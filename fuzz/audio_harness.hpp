#pragma once
// What the audio fuzzer checks for one input, shared with the regression replay in
// tests/test_fuzz_regressions.cpp. The decoder reads files, so the bytes go to `scratch` first.
#include <cstdio>
#include <filesystem>
#include <string_view>

#include "stt/audio_decode.hpp"

namespace invox::fuzz {

// false when a decoded buffer is longer than the limit allows (longer claims must be refused,
// not read); any bytes must give a buffer or an Error, never a crash or a hang.
inline bool audio_input_holds(std::string_view input, const std::filesystem::path& scratch) {
  std::FILE* f = std::fopen(scratch.c_str(), "wb");
  if (!f) return true;  // nothing to check without a file
  std::fwrite(input.data(), 1, input.size(), f);
  std::fclose(f);
  stt::DecodeParams params;
  params.max_duration_seconds = 60;  // keeps each run short
  auto audio = stt::decode_audio(scratch, params);
  return !audio || audio->duration() <= params.max_duration_seconds + 1;
}

}  // namespace invox::fuzz
