#pragma once
// The networked backend: OpenAI Whisper or any server speaking `/v1/audio/transcriptions`.
#include <memory>
#include <string>

#include "invox/expected.hpp"
#include "invox/models.hpp"
#include "invox/stt.hpp"

namespace invox::stt {

// `backend` is openai:MODEL (key OPENAI_API_KEY, base OPENAI_BASE_URL) or
// openai-compatible:NAME@URL (no key needed). A missing OpenAI key is a Config error.
[[nodiscard]] Expected<std::shared_ptr<SpeechRecognizer>> make_whisper_recognizer(const std::string& backend,
                                                                                 const ModelServices& services);

}  // namespace invox::stt
