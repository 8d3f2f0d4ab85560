#include "stt/whisper_recognizer.hpp"

#include <fmt/format.h>

#include "invox/log.hpp"
#include "invox/model_spec.hpp"
#include "stt/pocketsphinx_recognizer.hpp"
#include "stt/transcribe_audio.hpp"
#include "stt/whisper_wire.hpp"
#include "util/file_io.hpp"

namespace invox::stt {

namespace {

constexpr double kPieceGapSeconds = 0.3;  // silence kept between packed speech regions

// Uploads only the speech of a chunk (regions packed with short gaps) and maps the answer's
// times back to the original audio.
class WhisperEngine final : public ChunkEngine {
 public:
  WhisperEngine(WhisperCall call, std::string provider, ModelServices services)
      : call_(std::move(call)), provider_(std::move(provider)), services_(std::move(services)) {}

  Expected<std::vector<TimedWord>> recognize(const AudioBuffer& audio,
                                             const std::vector<SpeechRegion>& regions) override {
    std::vector<float> packed;
    TimeMap map;
    const auto gap = static_cast<size_t>(kPieceGapSeconds * kRecognizerRate);
    for (const auto& r : regions) {
      const auto [first, last] = audio.span(r.start, r.end);
      if (last <= first) continue;
      if (!packed.empty()) {
        // Times inside a gap map to the end of the region before it.
        packed.insert(packed.end(), gap, 0.0f);
        map.skip(static_cast<double>(gap) / kRecognizerRate);
      }
      map.add(static_cast<double>(audio.first_sample + first) / kRecognizerRate,
              static_cast<double>(last - first) / kRecognizerRate);
      packed.insert(packed.end(), audio.samples.begin() + static_cast<std::ptrdiff_t>(first),
                    audio.samples.begin() + static_cast<std::ptrdiff_t>(last));
    }
    if (packed.empty()) return std::vector<TimedWord>{};
    auto wav = encode_wav(packed.data(), packed.size(), kRecognizerRate);
    if (wav.size() > kWhisperUploadLimit) {
      return Error::input(fmt::format("speech chunk is {} MB, above the 25 MB upload limit; lower --stt-chunk-seconds",
                                      wav.size() >> 20));
    }
    const double uploaded = static_cast<double>(packed.size()) / kRecognizerRate;
    auto request = build_transcription_request(call_, std::move(wav));
    // The one request path of model clients: gate, retries, errors with keys redacted.
    auto response = send_model_request(services_, provider_, request);
    if (!response) return response.error();
    const auto body = Json::parse(response->body, nullptr, false);
    if (!body.is_object()) {
      return Error::provider(fmt::format("{}: the transcription answer is not a JSON object", url_without_query(request.url)));
    }
    auto parsed = parse_transcription(body, uploaded);
    if (!parsed) return Error::provider(fmt::format("{}: {}", request.url, parsed.error().message));
    if (!parsed->language.empty()) language_ = language_code(parsed->language);
    for (auto& w : parsed->words) {
      w.start = map.to_original(w.start);
      w.end = std::max(w.start, map.to_original(w.end));
    }
    return std::move(parsed->words);
  }

  std::string detected_language() const override { return language_; }

 private:
  WhisperCall call_;
  std::string provider_;
  ModelServices services_;
  std::string language_;
};

class WhisperRecognizer final : public SpeechRecognizer {
 public:
  WhisperRecognizer(ModelSpec spec, WhisperCall base, ModelServices services)
      : spec_(std::move(spec)), base_(std::move(base)), services_(std::move(services)) {}

  std::string name() const override { return spec_.str(); }

  Expected<Transcript> transcribe(const std::filesystem::path& audio, const SttOptions& options) override {
    WhisperCall call = base_;
    call.language = options.language;
    if (options.bias) call.prompt = whisper_prompt(options.bias_template);
    auto params = pipeline_params(options);
    params.language = options.language;  // empty: take what the server detected
    params.chunk.long_audio_bytes = kWhisperUploadLimit;
    EngineProvider engines = [this, call]() -> Expected<std::shared_ptr<ChunkEngine>> {
      return std::shared_ptr<ChunkEngine>(std::make_shared<WhisperEngine>(call, spec_.provider, services_));
    };
    auto transcript = transcribe_file(audio, engines, params);
    // A model that answers without times leaves word times that only spread the text over each
    // chunk: they are dropped rather than shown as evidence times (docs/STT.md).
    if (transcript && !call.timestamps) transcript->segments.clear();
    return transcript;
  }

 private:
  ModelSpec spec_;
  WhisperCall base_;
  ModelServices services_;
};

}  // namespace

Expected<std::shared_ptr<SpeechRecognizer>> make_whisper_recognizer(const std::string& backend,
                                                                  const ModelServices& services) {
  auto spec = parse_model_spec(backend);
  if (!spec) return Error::config(fmt::format("--stt: {}", spec.error().message));
  WhisperCall call;
  call.model = spec->model;
  call.timestamps = model_gives_timestamps(spec->model);
  if (spec->provider == "openai") {
    if (services.providers.openai_api_key.empty()) {
      return Error::config(fmt::format("--stt {} needs an OpenAI key: set OPENAI_API_KEY", backend));
    }
    call.base_url = services.providers.openai_base_url;
    call.api_key = services.providers.openai_api_key;
  } else if (spec->provider == "openai-compatible") {
    call.base_url = spec->base_url;
  } else {
    return Error::config(fmt::format("--stt {}: speech-to-text needs openai:MODEL or openai-compatible:NAME@URL", backend));
  }
  while (!call.base_url.empty() && call.base_url.back() == '/') call.base_url.pop_back();
  return std::shared_ptr<SpeechRecognizer>(std::make_shared<WhisperRecognizer>(*spec, call, services));
}

}  // namespace invox::stt
