#pragma once
// Speech-to-text (STT): audio file -> Transcript with timed segments.
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"

namespace invox {

struct ModelServices;

// How far a recording's transcription is, for a progress display.
struct SttProgress {
  size_t chunks_done = 0;
  size_t chunks_total = 0;
  double audio_seconds = 0.0;  // length of the recording
};

struct SttOptions {
  std::string backend = "pocketsphinx";  // or openai:whisper-1, openai-compatible:NAME@URL
  std::string language;                  // empty = auto / model default
  const Template* bias_template = nullptr;  // template-aware recognition vocabulary
  std::vector<std::string> bias_texts;      // e.g. history transcripts
  std::string model_dir;                    // PocketSphinx model override
  int threads = 1;                          // chunks recognized in parallel (0: one per core)
  // PocketSphinx: single-file overrides of the model below `model_dir` (empty = default layout).
  std::string hmm_path;                     // acoustic model directory
  std::string lm_path;                      // general language model
  std::string dict_path;                    // pronunciation dictionary
  bool bias = true;                         // template-aware recognition when a template is given
  float bias_weight = 0.25f;                // PocketSphinx: weight of the domain language model
  double chunk_seconds = 300.0;             // chunk length once audio counts as long
  // Audio longer than this (or > 25 MB) is chunked: from 2 minutes, so that a 5-minute dictation
  // is two chunks that two cores recognize at once. The plan never depends on the thread count,
  // so a transcript is the same on every machine.
  double long_audio_seconds = 120.0;
  // Called (serialized) once the chunks are planned and after each recognized chunk.
  std::function<void(const SttProgress&)> on_progress;
};

class SpeechRecognizer {
 public:
  virtual ~SpeechRecognizer() = default;
  [[nodiscard]] virtual std::string name() const = 0;
  [[nodiscard]] virtual Expected<Transcript> transcribe(const std::filesystem::path& audio, const SttOptions& options) = 0;
};

// True for extensions invox treats as audio (wav, flac, ogg, oga, mp3, and known-unsupported
// ones such as m4a so that they fail with a clear message instead of being read as text).
[[nodiscard]] bool is_audio_path(const std::filesystem::path& path);

// `SttOptions::threads` for a run that transcribes up to `jobs` of its `inputs` at once: the
// requested count when one was given (> 0), else the cores left to each input, at least one.
[[nodiscard]] int stt_threads_per_input(int requested, int jobs, size_t inputs);

[[nodiscard]] Expected<std::shared_ptr<SpeechRecognizer>> make_recognizer(const SttOptions& options,
                                                                          const ModelServices& services);

}  // namespace invox
