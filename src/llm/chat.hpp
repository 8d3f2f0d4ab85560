#pragma once
// A provider-neutral chat call with a JSON schema for the answer. OpenAI-compatible servers and
// Gemini implement it; the cache, dry-run and admission gate are shared (chat_transport.cpp).
#include <memory>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/extractor.hpp"
#include "invox/json.hpp"
#include "invox/model_spec.hpp"
#include "invox/models.hpp"
#include "llm/pricing.hpp"
#include "llm/response_cache.hpp"
#include "llm/token_logprobs.hpp"

namespace invox::llm {

struct ChatMessage {
  std::string role;  // system | user | assistant
  std::string content;
};

struct ChatRequest {
  std::vector<ChatMessage> messages;
  Json schema;              // JSON Schema in OpenAI strict form (nullable as ["t","null"])
  std::string schema_name;  // [a-zA-Z0-9_-]{1,64}
  int max_tokens = 4096;      // capped at the model's limit by the client (max_output_tokens())
  UsageMeter* meter = nullptr;  // every billed request is added here, whatever its outcome
};

struct ChatReply {
  std::string content;
  std::string finish_reason;  // normalised: stop | length | content_filter | other
  std::string refusal;        // non-empty when the model refused
  std::string problem;        // non-empty when the answer had the wrong shape (billed all the same)
  Usage usage;                // llm_calls 1 for a sent request, 0 for a cache hit or dry run
  TokenLogprobs logprobs;     // empty when the model was not asked for them or sent none
  bool cached = false;
  bool dry_run = false;
};

class ChatClient {
 public:
  virtual ~ChatClient() = default;
  [[nodiscard]] virtual const ModelSpec& spec() const = 0;
  [[nodiscard]] virtual Expected<ChatReply> complete(const ChatRequest& request) = 0;
  // The most output tokens one answer may ask for (model configuration, model_config.hpp).
  [[nodiscard]] virtual int max_output_tokens() const = 0;
  // The model's context window, prompt + answer (model configuration); 0 = unknown.
  [[nodiscard]] virtual int context_tokens() const { return 0; }
  // Whether requests ask for token log probabilities (model configuration `logprobs`).
  [[nodiscard]] virtual bool asks_logprobs() const { return false; }
};

// What every chat client shares: services, cache, prices.
struct ChatContext {
  ModelServices services;
  std::shared_ptr<ResponseCache> cache;  // null = no cache
  PriceTable prices = PriceTable::built_in();
};

// Builds the client for spec (openai, ollama, openai-compatible, gemini). A missing key is a
// Config error naming the variable (not in dry-run, which sends nothing).
[[nodiscard]] Expected<std::shared_ptr<ChatClient>> make_chat_client(const ModelSpec& spec,
                                                                     std::shared_ptr<const ChatContext> context);

// Sends `http` through the cache / dry-run / gate; returns the raw body of a 2xx answer, or
// nullopt-like empty body with `dry_run` set. Shared by both wire formats.
struct RawReply {
  std::string body;
  bool cached = false;
  bool dry_run = false;
};
[[nodiscard]] Expected<RawReply> transport(const ChatContext& context, const ModelSpec& spec, const HttpRequest& http);

// Gemini's responseSchema dialect (OpenAPI subset: upper-case types, `nullable`, no
// additionalProperties) converted from the strict JSON Schema.
[[nodiscard]] Json to_gemini_schema(const Json& json_schema);

}  // namespace invox::llm
