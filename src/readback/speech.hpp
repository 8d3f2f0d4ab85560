#pragma once
// Offline speech synthesis of a read-back with flite (linked as a library, voice cmu_us_slt:
// the voice PocketSphinx's US English model transcribes best among flite's).
#include <filesystem>
#include <string>

#include "invox/expected.hpp"

namespace invox::readback {

// 16-bit mono PCM WAV bytes of `text` spoken by the slt voice (16 kHz).
[[nodiscard]] Expected<std::string> synthesize_wav(const std::string& text);
// The same, written atomically to `path`.
[[nodiscard]] Status write_speech(const std::string& text, const std::filesystem::path& path);

}  // namespace invox::readback
