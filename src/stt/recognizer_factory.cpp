// STUB (issue 7 replaces this file).
#include <fmt/format.h>

#include "invox/stt.hpp"

namespace invox {

bool is_audio_path(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* a : {".wav", ".flac", ".ogg", ".oga", ".mp3", ".m4a", ".aac", ".opus", ".wma", ".webm", ".aiff", ".aif"}) {
    if (ext == a) return true;
  }
  return false;
}

Expected<std::shared_ptr<SpeechRecognizer>> make_recognizer(const SttOptions& options, const ModelServices&) {
  return Error::unsupported(fmt::format("speech-to-text backend '{}' is not implemented yet; pass a transcript", options.backend));
}

}  // namespace invox
