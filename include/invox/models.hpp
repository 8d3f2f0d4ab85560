#pragma once
// What every model client of a run shares (credentials, HTTP, limits, cache), the one way they
// send requests, and the chat-model extractors and judges built from model specs.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "invox/config.hpp"
#include "invox/expected.hpp"
#include "invox/extractor.hpp"
#include "invox/http.hpp"
#include "invox/judge.hpp"
#include "invox/model_spec.hpp"

namespace invox {

// Shared by every model client of a run.
struct ModelServices {
  ProviderConfig providers = ProviderConfig::from_environment();
  std::shared_ptr<HttpClient> http;  // defaults to curl when null
  HttpOptions http_options;
  RetryPolicy retry;
  int max_inflight = 8;          // global cap on requests in flight
  double requests_per_minute = 0;  // per provider, 0 = unlimited
  std::string cache_path;          // response cache (SQLite); empty = no cache
  bool dry_run = false;
  long long seed = 0;       // sent with every chat request (best-effort determinism)
  std::string prices_file;  // JSON price overrides (docs/MODELS.md); empty = INVOX_PRICES_FILE or built-in
  // One admission gate per run, shared by every copy of these services (chat, STT, embeddings).
  std::shared_ptr<RequestGate> gate = std::make_shared<RequestGate>();
  Sleeper sleeper = real_sleeper();  // retry backoff; tests inject a recorder
  // Where --dry-run prints the requests it would send; null = stdout.
  std::function<void(std::string_view)> dry_run_sink;
};

// $XDG_CACHE_HOME/invox/llm-cache.sqlite, else ~/.cache/invox/llm-cache.sqlite: where the
// response cache lives when --cache is on and no other path is given.
[[nodiscard]] std::string default_response_cache_path();

// Every secret of `services` (API keys), for redact_secrets().
[[nodiscard]] std::vector<std::string> provider_secrets(const ModelServices& services);

// The one way model clients (chat, Whisper, embeddings) send a request: holds a permit of the
// run's gate (max_inflight, requests_per_minute keyed by `provider`) per attempt, retries per
// services.retry, and turns a non-2xx final answer into a Provider error quoting the API's
// message and x-request-id. Keys never appear in the returned messages.
[[nodiscard]] Expected<HttpResponse> send_model_request(const ModelServices& services, std::string_view provider,
                                                        const HttpRequest& request);

// The request as text (method, URL, headers, pretty body) with keys and Authorization redacted,
// exactly what --dry-run prints.
[[nodiscard]] std::string describe_request_redacted(const HttpRequest& request, const ModelServices& services);

// An extractor or judge backed by a chat model (openai, gemini, ollama, openai-compatible). A
// missing key is a Config error naming the variable to set. `rules` is not a chat model: the
// pipeline's make_extractor / make_judge (orchestrator.hpp) cover every model name.
[[nodiscard]] Expected<std::shared_ptr<Extractor>> make_chat_extractor(const ModelSpec& spec,
                                                                       const ModelServices& services);
[[nodiscard]] Expected<std::shared_ptr<Judge>> make_chat_judge(const ModelSpec& spec, const ModelServices& services);

}  // namespace invox
