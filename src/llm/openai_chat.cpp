// Chat Completions with Structured Outputs for OpenAI, Ollama's /v1 layer and any
// OpenAI-compatible server (vLLM, llama.cpp server). Wire format: api-wire.md section (a), (e).
#include <fmt/format.h>

#include <algorithm>

#include "llm/chat.hpp"
#include "llm/json_read.hpp"

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

  int max_output_tokens() const override {
    return model_config(context_->services).max_output_tokens(spec_).value_or(kFallbackOutputTokens);
  }

  int context_tokens() const override { return model_config(context_->services).context_tokens(spec_).value_or(0); }

  bool asks_logprobs() const override { return model_config(context_->services).logprobs(spec_).value_or(false); }

  Expected<ChatReply> complete(const ChatRequest& request) final {
    ChatRequest capped = request;
    capped.max_tokens = std::min(request.max_tokens, max_output_tokens());
    auto raw = transport(*context_, spec_, build_http(capped));
    if (!raw) return raw.error();
    ChatReply reply;
    reply.cached = raw->cached;
    reply.dry_run = raw->dry_run;
    if (raw->dry_run) {
      reply.content = "{}";
      reply.finish_reason = "stop";
      return reply;
    }
    const auto doc = Json::parse(raw->body, nullptr, false);
    read_usage(doc, reply.usage);
    // A request that reached the model is billed whatever came back: counted before the answer
    // is judged, so refusals, filters and unparsable answers cost what they cost.
    if (raw->cached) {
      reply.usage = {};
    } else {
      reply.usage.llm_calls = 1;
      reply.usage.cost_usd = context_->prices.cost_usd(spec_.provider, spec_.model, reply.usage.prompt_tokens,
                                                       reply.usage.completion_tokens);
      if (request.meter) request.meter->add(reply.usage);
    }
    if (auto read = read_answer(doc, reply); !read) reply.problem = read.error().message;
    return reply;
  }

 protected:
  // Answers of models without a configured limit ask for at most this many tokens.
  static constexpr int kFallbackOutputTokens = 8192;

  [[nodiscard]] virtual HttpRequest build_http(const ChatRequest& request) const = 0;
  // Token counts, when the answer has them (missing or null usage = unknown, counted as 0).
  virtual void read_usage(const Json& doc, Usage& usage) const = 0;
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
  void read_usage(const Json& doc, Usage& usage) const override {
    const auto& u = object_at(doc, "usage");
    usage.prompt_tokens = count_at(u, "prompt_tokens");
    usage.completion_tokens = count_at(u, "completion_tokens");
  }

  Status read_answer(const Json& doc, ChatReply& reply) const override {
    const Json* choices = member(doc, "choices");
    if (!choices || !choices->is_array() || choices->empty() || !(*choices)[0].is_object()) {
      return Error::provider(fmt::format("{}: the answer has no choices (not a chat completion)", spec_.str()));
    }
    const auto& choice = (*choices)[0];
    const auto& message = object_at(choice, "message");
    reply.content = string_at(message, "content");
    reply.refusal = string_at(message, "refusal");
    reply.logprobs = read_openai_logprobs(choice);
    std::string finish = string_at(choice, "finish_reason");
    if (finish.empty()) finish = "stop";
    reply.finish_reason = finish == "stop" || finish == "length" || finish == "content_filter" ? finish : "other";
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
    // Only where the model accepts it: reasoning models answer the parameter with an error.
    if (asks_logprobs()) body["logprobs"] = true;
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
  void read_usage(const Json& doc, Usage& usage) const override {
    const auto& u = object_at(doc, "usageMetadata");
    usage.prompt_tokens = count_at(u, "promptTokenCount");
    // Thinking tokens are billed as output.
    usage.completion_tokens = count_at(u, "candidatesTokenCount") + count_at(u, "thoughtsTokenCount");
  }

  Status read_answer(const Json& doc, ChatReply& reply) const override {
    if (!doc.is_object()) return Error::provider(fmt::format("{}: the answer is not JSON", spec_.str()));
    const Json* candidates = member(doc, "candidates");
    if (!candidates || !candidates->is_array() || candidates->empty() || !(*candidates)[0].is_object()) {
      // Zero candidates only happens when the prompt itself was blocked.
      std::string why = string_at(object_at(doc, "promptFeedback"), "blockReason");
      reply.refusal = fmt::format("the prompt was blocked ({})", why.empty() ? "no reason given" : why);
      reply.finish_reason = "content_filter";
      return ok();
    }
    const auto& candidate = (*candidates)[0];
    if (const Json* parts = member(object_at(candidate, "content"), "parts"); parts && parts->is_array()) {
      for (const auto& part : *parts) reply.content += string_at(part, "text");
    }
    reply.logprobs = read_gemini_logprobs(candidate);
    std::string finish = string_at(candidate, "finishReason");
    if (finish.empty()) finish = "STOP";
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
    if (asks_logprobs()) body["generationConfig"]["responseLogprobs"] = true;
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
