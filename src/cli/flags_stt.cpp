#include "cli/flags_stt.hpp"

namespace invox::cli {

void add_stt_flags(CLI::App& app, SttFlags& f) {
  app.add_option("--stt", f.backend, "Speech-to-text backend: pocketsphinx, openai:whisper-1, openai-compatible:NAME@URL")
      ->capture_default_str();
  app.add_option("--language", f.language, "Spoken language of audio inputs (default: auto / model default)");
}

void apply_stt_flags(const SttFlags& f, SttOptions& o) {
  o.backend = f.backend;
  o.language = f.language;
}

}  // namespace invox::cli
