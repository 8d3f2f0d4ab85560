#pragma once
// Recognizing an audio container from its first bytes, so formats libsndfile cannot decode
// (M4A/AAC, WebM, WMA, AMR) fail with a message naming the format and how to convert it.
#include <filesystem>
#include <string>
#include <string_view>

#include "invox/expected.hpp"

namespace invox::stt {

struct AudioFormat {
  std::string name;        // "WAV", "FLAC", "Ogg", "MP3", "AIFF", "M4A/MP4 (AAC)", ...
  bool decodable = false;  // true when libsndfile reads it
};

// Classifies a byte prefix (at least 12 bytes when available). Unknown data gives name "".
[[nodiscard]] AudioFormat sniff_audio_format(std::string_view head);

// Reads the head of `path` and fails with an Input/Unsupported error for empty files, unknown
// data and formats that need conversion (the message carries an ffmpeg command).
[[nodiscard]] Expected<AudioFormat> check_audio_file(const std::filesystem::path& path);

// "ffmpeg -i 'in.m4a' -ar 16000 -ac 1 'in-16k.wav'", the conversion hint used in messages (ffmpeg
// is not an invox dependency; the hint names it as one way). The output never names the input.
[[nodiscard]] std::string conversion_command(const std::filesystem::path& path);

}  // namespace invox::stt
