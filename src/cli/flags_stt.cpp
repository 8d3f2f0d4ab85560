#include "cli/flags_stt.hpp"

namespace invox::cli {

void add_stt_flags(CLI::App& app, SttFlags& f) {
  app.add_option("--stt", f.backend, "Speech-to-text backend: pocketsphinx, openai:whisper-1, openai-compatible:NAME@URL")
      ->capture_default_str();
  app.add_option("--language", f.language, "Spoken language of audio inputs (default: auto / model default)");
  app.add_option("--stt-model-dir", f.model_dir,
                 "PocketSphinx model directory holding en-us/, en-us.lm.bin, cmudict-en-us.dict "
                 "(default /usr/share/pocketsphinx/model/en-us)");
  app.add_option("--stt-hmm", f.hmm, "PocketSphinx acoustic model directory (overrides --stt-model-dir)");
  app.add_option("--stt-lm", f.lm, "PocketSphinx language model file (overrides --stt-model-dir)");
  app.add_option("--stt-dict", f.dict, "PocketSphinx pronunciation dictionary (overrides --stt-model-dir)");
  app.add_flag("--no-stt-bias", f.no_bias, "Do not bias recognition toward the template's vocabulary");
  app.add_option("--stt-bias-weight", f.bias_weight, "PocketSphinx: weight of the template's domain language model")
      ->check(CLI::Range(0.0f, 1.0f))
      ->capture_default_str();
  app.add_option("--stt-threads", f.threads, "Chunks of one recording recognized in parallel (0: the cores shared among --jobs)")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  app.add_option("--stt-chunk-seconds", f.chunk_seconds, "Chunk length for audio over 2 minutes (or 25 MB); 2-10 minutes is two chunks")
      ->check(CLI::Range(10.0, 1200.0))
      ->capture_default_str();
}

void apply_stt_flags(const SttFlags& f, SttOptions& o) {
  o.backend = f.backend;
  o.language = f.language;
  o.model_dir = f.model_dir;
  o.hmm_path = f.hmm;
  o.lm_path = f.lm;
  o.dict_path = f.dict;
  o.bias = !f.no_bias;
  o.bias_weight = f.bias_weight;
  o.threads = f.threads;  // 0: resolved per run from the cores and --jobs (stt_threads_per_input)
  o.chunk_seconds = f.chunk_seconds;
}

}  // namespace invox::cli
