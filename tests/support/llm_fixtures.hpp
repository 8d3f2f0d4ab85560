#pragma once
// Shared setup for tests of the model layer against the fake LLM server.
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

#include "invox/extractor.hpp"
#include "invox/models.hpp"
#include "invox/strategy.hpp"
#include "invox/template.hpp"
#include "support/fake_llm_server.hpp"

namespace invox::test {

inline constexpr const char* kCanaryOpenAiKey = "sk-canary-openai-5f1d2c";
inline constexpr const char* kCanaryGeminiKey = "AIza-canary-gemini-9e8d7c";

// Records retry sleeps instead of waiting.
struct SleepLog {
  std::mutex mutex;
  std::vector<long> delays_ms;
  Sleeper sleeper() {
    return [this](std::chrono::milliseconds d) {
      std::lock_guard lock(mutex);
      delays_ms.push_back(static_cast<long>(d.count()));
    };
  }
};

// Services whose every provider points at `server`, with canary keys and fast timeouts.
[[nodiscard]] ModelServices services_for(const FakeLlmServer& server, SleepLog* sleeps = nullptr);

// A minimal OpenAI chat request to `base`/chat/completions carrying the canary key.
[[nodiscard]] HttpRequest chat_post(const std::string& base);

// A request for every field of `tmpl` over `transcript` (reference date 2026-03-14); the request
// points into its arguments, which must outlive it.
[[nodiscard]] ExtractionRequest request_for(const Template& tmpl, const Transcript& transcript,
                                            const CurrentValues& current);

// A template with one field of every type, for schema and strategy tests.
[[nodiscard]] Template sample_template();

// A template with a text field and a group `meds` (drug: text, required; dose_mg: number in mg;
// route: enum oral | intravenous | topical; at most 5 items), for group schema and S3/S4 tests.
[[nodiscard]] Template group_sample_template();

// The parsed model spec of `text`; fails the test when it does not parse.
[[nodiscard]] ModelSpec model_spec(const std::string& text);

// A model answer whose text is `content`, ending with OpenAI finish_reason `finish`.
[[nodiscard]] ModelSays says(std::string content, std::string finish = "stop");

// A fake-server handler that answers every request with `values` as its JSON content.
[[nodiscard]] FakeLlmServer::Handler answer(Json values);

// The chat extractor for a model spec ("openai:gpt-4o"); fails the test when it cannot be made.
[[nodiscard]] std::shared_ptr<Extractor> chat_extractor(const std::string& spec, const ModelServices& services);

// The judge's decision on `field` (a field id or a group item path); null when it made none.
[[nodiscard]] const Decision* decision_for(const StrategyOutput& out, const std::string& field);

}  // namespace invox::test
