#pragma once
// The wire side of `/v1/audio/transcriptions` (api-wire.md section b): the multipart request,
// the verbose_json answer, and the vocabulary prompt.
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/http.hpp"
#include "invox/json.hpp"
#include "invox/template.hpp"
#include "stt/timed_word.hpp"
#include "stt/vad.hpp"

namespace invox::stt {

inline constexpr std::uintmax_t kWhisperUploadLimit = 25ull << 20;  // 26,214,400 bytes
inline constexpr int kWhisperPromptTokens = 224;                   // Whisper reads at most this much

struct WhisperCall {
  std::string base_url;  // ".../v1", no trailing slash
  std::string api_key;   // empty: no Authorization header (local servers)
  std::string model;     // whisper-1
  std::string language;  // ISO-639-1, empty = auto
  std::string prompt;    // vocabulary prompt, may be empty
  bool word_timestamps = true;
  // verbose_json with segment (and word) times; false = plain `json`, which is all the
  // gpt-4o(-mini)-transcribe models accept: text without times.
  bool timestamps = true;
};

// Whether `model` answers verbose_json with times: whisper-1 and self-hosted Whisper servers do;
// OpenAI's gpt-*-transcribe models accept only `json` (api-wire.md (b)).
[[nodiscard]] bool model_gives_timestamps(const std::string& model);

[[nodiscard]] HttpRequest build_transcription_request(const WhisperCall& call, std::string wav_bytes);

struct WhisperResult {
  std::vector<TimedWord> words;  // times in the uploaded (packed) audio
  std::string language;          // as reported ("english" or "en")
};

// Parses verbose_json (segments, optional words) or plain json ({"text"}) answers.
[[nodiscard]] Expected<WhisperResult> parse_transcription(const Json& body, double uploaded_seconds);

// "Patient intake: Patient name, Sex (female, male, other), Temperature (°C), ..." cut at whole
// terms so its estimated token count stays under `max_tokens`.
[[nodiscard]] std::string whisper_prompt(const Template* tmpl, int max_tokens = kWhisperPromptTokens - 24);
// Conservative token estimate for English text (about 3.5 characters per token).
[[nodiscard]] int estimate_tokens(const std::string& text);

// ISO-639-1 for the language names verbose_json reports ("english" -> "en"); others unchanged.
[[nodiscard]] std::string language_code(const std::string& reported);

}  // namespace invox::stt
