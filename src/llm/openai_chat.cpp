// Chat Completions with Structured Outputs for OpenAI, Ollama's /v1 layer and any
// OpenAI-compatible server (vLLM, llama.cpp server). Wire format: api-wire.md section (a), (e).
#include <fmt/format.h>

#include "llm/chat.hpp"

namespace invox::llm {

namespace {

// What both wire formats share: the transport (cache, dry-run, admission gate), the dry-run
// answer, and usage bookkeeping (a cached answer costs nothing). Each format builds its request
// and reads its answer.
class WireChat : public ChatClient {
 public:
  WireChat(ModelSpec spec, std::string base_url, std::string api_key, std::shared_ptr<const ChatContext> context)
      : spec_(std::move(spec)), base_url_(std::move(base_url)), api_key_(std::move(api_key)), context_(std::move(context)) {}

  const ModelSpec& spec() const override { return spec_; }

  Expected<ChatReply> complete(const ChatRequest& request) final {
    auto raw = transport(*context_, spec_, build_http(request));
    if (!raw) return raw.error();
    ChatReply reply;
    reply.cached = raw->cached;
    reply.dry_run = raw->dry_run;
    if (raw->dry_run) {
      reply.content = "{}";
      reply.finish_reason = "stop";
      return reply;
    }
    if (auto read = read_answer(Json::parse(raw->body, nullptr, false), reply); !read) return read.error();
    if (raw->cached) {
      reply.usage = {};
    } else {
      reply.usage.llm_calls = 1;
      reply.usage.cost_usd = context_->prices.cost_usd(spec_.provider, spec_.model, reply.usage.prompt_tokens,
                                                       reply.usage.completion_tokens);
    }
    return reply;
  }

 protected:
  [[nodiscard]] virtual HttpRequest build_http(const ChatRequest& request) const = 0;
  // Fills content, refusal, finish reason and token counts from the provider's answer (`doc` is
  // discarded when the body was not JSON); an answer of the wrong shape is a Provider error.
  [[nodiscard]] virtual Status read_answer(const Json& doc, ChatReply& reply) const = 0;

  ModelSpec spec_;
  std::string base_url_;
  std::string api_key_;
  std::shared_ptr<const ChatContext> context_;
};

class OpenAiChat final : public WireChat {
 public:
  using WireChat::WireChat;

 private:
  Status read_answer(const Json& doc, ChatReply& reply) const override {
    if (!doc.is_object() || !doc.contains("choices") || !doc["choices"].is_array() || doc["choices"].empty()) {
      return Error::provider(fmt::format("{}: the answer has no choices (not a chat completion)", spec_.str()));
    }
    const auto& choice = doc["choices"][0];
    const auto message = choice.value("message", Json::object());
    if (message.contains("content") && message["content"].is_string()) reply.content = message["content"].get<std::string>();
    if (message.contains("refusal") && message["refusal"].is_string()) reply.refusal = message["refusal"].get<std::string>();
    const std::string finish = choice.contains("finish_reason") && choice["finish_reason"].is_string()
                                   ? choice["finish_reason"].get<std::string>() : "stop";
    reply.finish_reason = finish == "stop" || finish == "length" || finish == "content_filter" ? finish : "other";
    const auto usage = doc.value("usage", Json::object());
    reply.usage.prompt_tokens = usage.value("prompt_tokens", 0L);
    reply.usage.completion_tokens = usage.value("completion_tokens", 0L);
    return ok();
  }

  HttpRequest build_http(const ChatRequest& request) const override {
    Json body = Json::object();
    body["model"] = spec_.model;
    Json messages = Json::array();
    for (const auto& m : request.messages) messages.push_back({{"role", m.role}, {"content", m.content}});
    body["messages"] = std::move(messages);
    // Always explicit: Ollama's OpenAI layer defaults to 1.0 when it is left out.
    body["temperature"] = 0;
    body["seed"] = context_->services.seed;
    // Ollama ignores max_completion_tokens and many compatible servers predate it.
    body[spec_.provider == "openai" ? "max_completion_tokens" : "max_tokens"] = request.max_tokens;
    body["response_format"] = {{"type", "json_schema"},
                               {"json_schema", {{"name", request.schema_name}, {"strict", true}, {"schema", request.schema}}}};
    HttpRequest http;
    http.url = base_url_ + "/chat/completions";
    http.headers = {{"Content-Type", "application/json"}, {"Accept", "application/json"}};
    if (!api_key_.empty()) http.headers.emplace_back("Authorization", "Bearer " + api_key_);
    http.body = body.dump();
    return http;
  }
};

class GeminiChat final : public WireChat {
 public:
  using WireChat::WireChat;

 private:
  Status read_answer(const Json& doc, ChatReply& reply) const override {
    if (!doc.is_object()) return Error::provider(fmt::format("{}: the answer is not JSON", spec_.str()));
    const auto usage = doc.value("usageMetadata", Json::object());
    reply.usage.prompt_tokens = usage.value("promptTokenCount", 0L);
    reply.usage.completion_tokens = usage.value("candidatesTokenCount", 0L) + usage.value("thoughtsTokenCount", 0L);
    if (!doc.contains("candidates") || !doc["candidates"].is_array() || doc["candidates"].empty()) {
      // Zero candidates only happens when the prompt itself was blocked.
      const auto feedback = doc.value("promptFeedback", Json::object());
      reply.refusal = fmt::format("the prompt was blocked ({})", feedback.value("blockReason", std::string("no reason given")));
      reply.finish_reason = "content_filter";
      return ok();
    }
    const auto& candidate = doc["candidates"][0];
    if (candidate.contains("content") && candidate["content"].contains("parts")) {
      for (const auto& part : candidate["content"]["parts"]) {
        if (part.contains("text") && part["text"].is_string()) reply.content += part["text"].get<std::string>();
      }
    }
    const std::string finish = candidate.value("finishReason", std::string("STOP"));
    if (finish == "STOP" || finish.empty()) {
      reply.finish_reason = "stop";
    } else if (finish == "MAX_TOKENS") {
      reply.finish_reason = "length";
    } else if (finish == "SAFETY" || finish == "RECITATION" || finish == "BLOCKLIST" ||
               finish == "PROHIBITED_CONTENT" || finish == "SPII") {
      reply.finish_reason = "content_filter";
      reply.refusal = fmt::format("the answer was blocked ({})", finish);
    } else {
      reply.finish_reason = "other";
    }
    return ok();
  }

  HttpRequest build_http(const ChatRequest& request) const override {
    Json body = Json::object();
    std::string system;
    Json contents = Json::array();
    for (const auto& m : request.messages) {
      if (m.role == "system") {
        system += (system.empty() ? "" : "\n\n") + m.content;
        continue;
      }
      contents.push_back({{"role", m.role == "assistant" ? "model" : "user"}, {"parts", Json::array({{{"text", m.content}}})}});
    }
    if (!system.empty()) body["systemInstruction"] = {{"parts", Json::array({{{"text", system}}})}};
    body["contents"] = std::move(contents);
    body["generationConfig"] = {{"temperature", 0},
                                {"seed", context_->services.seed},
                                {"maxOutputTokens", request.max_tokens},
                                {"responseMimeType", "application/json"},
                                {"responseSchema", to_gemini_schema(request.schema)}};
    HttpRequest http;
    // The key travels in a header, never in the URL, so no log or error can show it.
    http.url = fmt::format("{}/models/{}:generateContent", base_url_, spec_.model);
    http.headers = {{"Content-Type", "application/json"}, {"x-goog-api-key", api_key_}};
    http.body = body.dump();
    return http;
  }
};

Error missing_key(const ModelSpec& spec, const char* variable) {
  return Error::config(fmt::format("model '{}' needs an API key: set {} (or choose --model rules for offline use)",
                                   spec.str(), variable));
}

}  // namespace

Expected<std::shared_ptr<ChatClient>> make_chat_client(const ModelSpec& spec, std::shared_ptr<const ChatContext> context) {
  const auto& p = context->services.providers;
  const bool dry = context->services.dry_run;
  if (spec.provider == "openai") {
    if (p.openai_api_key.empty() && !dry) return missing_key(spec, "OPENAI_API_KEY");
    return std::shared_ptr<ChatClient>(std::make_shared<OpenAiChat>(spec, p.openai_base_url, p.openai_api_key, context));
  }
  if (spec.provider == "ollama") {
    // Ollama ignores keys; its OpenAI-compatible layer lives under /v1.
    return std::shared_ptr<ChatClient>(std::make_shared<OpenAiChat>(spec, p.ollama_host + "/v1", "", context));
  }
  if (spec.provider == "openai-compatible") {
    return std::shared_ptr<ChatClient>(
        std::make_shared<OpenAiChat>(spec, spec.base_url, p.openai_compatible_api_key, context));
  }
  if (spec.provider == "gemini") {
    if (p.gemini_api_key.empty() && !dry) return missing_key(spec, "GEMINI_API_KEY");
    return std::shared_ptr<ChatClient>(std::make_shared<GeminiChat>(spec, p.gemini_base_url, p.gemini_api_key, context));
  }
  return Error::config(fmt::format("model '{}': provider '{}' has no chat client", spec.str(), spec.provider));
}

}  // namespace invox::llm
