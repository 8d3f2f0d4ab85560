// Chooses the speech-to-text backend named by `--stt`.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "invox/models.hpp"
#include "invox/stt.hpp"
#include "stt/pocketsphinx_recognizer.hpp"
#include "stt/whisper_recognizer.hpp"
#include "util/worker_pool.hpp"

namespace invox {

bool is_audio_path(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* a : {".wav", ".flac", ".ogg", ".oga", ".opus", ".mp3", ".m4a", ".mp4", ".aac", ".wma", ".webm",
                        ".aiff", ".aif", ".aifc", ".au", ".caf", ".amr"}) {
    if (ext == a) return true;
  }
  return false;
}

int stt_threads_per_input(int requested, int jobs, size_t inputs) {
  if (requested > 0) return requested;
  return std::max(1, util::default_jobs() / util::jobs_at_once(jobs, inputs));
}

Expected<std::shared_ptr<SpeechRecognizer>> make_recognizer(const SttOptions& options, const ModelServices& services) {
  const std::string& backend = options.backend;
  if (backend.empty() || backend == "pocketsphinx") {
    const auto model = stt::pocketsphinx_model(options);
    if (auto s = model.check(); !s) return s.error();
    return std::shared_ptr<SpeechRecognizer>(std::make_shared<stt::PocketSphinxRecognizer>(model));
  }
  if (backend.starts_with("openai:") || backend.starts_with("openai-compatible:")) {
    auto recognizer = stt::make_whisper_recognizer(backend, services);
    if (!recognizer) return recognizer.error();
    return std::shared_ptr<SpeechRecognizer>(std::move(*recognizer));
  }
  return Error::config(fmt::format(
      "--stt '{}': unknown speech-to-text backend; use pocketsphinx, openai:whisper-1 or openai-compatible:NAME@URL",
      backend));
}

}  // namespace invox
