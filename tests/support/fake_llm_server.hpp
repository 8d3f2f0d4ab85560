#pragma once
// A loopback (127.0.0.1) HTTP server speaking the OpenAI Chat Completions and Gemini
// generateContent formats, for tests and benchmarks. It checks every request it receives for
// well-formedness (schema shape, headers, temperature, no key in the URL) and records
// violations; what it answers is scripted per test.
#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "invox/json.hpp"

namespace httplib {
class Server;
}

namespace invox::test {

struct FakeRequest {
  std::string method;
  std::string path;
  std::string query;  // raw "a=b&c=d" (must never carry a key)
  std::map<std::string, std::string> headers;  // lower-cased names
  std::string body;
  Json json;            // parsed body (null when not JSON)
  std::string format;   // "openai" | "gemini" | "other"
  std::string model;    // from the body (OpenAI) or the path (Gemini)
};

// One scripted reply. `kind` picks how it is delivered.
struct FakeReply {
  enum class Kind { Answer, CloseConnection };
  Kind kind = Kind::Answer;
  int status = 200;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  int delay_ms = 0;  // on top of the server's latency
};

// What a model "says", shaped into the right wire format by the helpers below.
struct ModelSays {
  std::string content;               // the text of the answer (JSON or not)
  std::string finish = "stop";       // OpenAI finish_reason; mapped for Gemini
  std::optional<std::string> refusal;
  long prompt_tokens = 100;
  long completion_tokens = 20;
  // Token log probabilities, sent only when the request asked for them (OpenAI `logprobs: true`,
  // Gemini `generationConfig.responseLogprobs: true`), in the provider's format: the content cut
  // into tokens of at most 4 bytes (on character boundaries), each certain (log probability 0)
  // except those overlapping the first occurrence of a `doubt` text, which get its value.
  std::vector<std::pair<std::string, double>> doubt;
  // Sent verbatim instead of the generated OpenAI `logprobs` / Gemini `logprobsResult` member
  // (malformed shapes); Gemini's `avgLogprobs` is then left out.
  std::optional<Json> raw_logprobs;
};

[[nodiscard]] FakeReply reply_for(const FakeRequest& request, const ModelSays& says);
[[nodiscard]] FakeReply error_reply(int status, const std::string& message, int retry_after_s = -1);

// The fields a request asks for: property names of its response schema, with their JSON type
// ("string" | "number" | "boolean" | "date" | "time" | "array") and enum options; a group
// ("array") lists its items' sub-fields.
struct AskedField {
  std::string id;
  std::string type;
  std::vector<std::string> options;
  std::vector<AskedField> sub_fields;
};
[[nodiscard]] std::vector<AskedField> asked_fields(const FakeRequest& request);
[[nodiscard]] bool is_judge_request(const FakeRequest& request);
// Whether the request asks for token log probabilities (either provider's spelling).
[[nodiscard]] bool asks_logprobs(const FakeRequest& request);
// The fake's stand-in for the providers' rule: reasoning models (OpenAI o1/o3/o4, gpt-5 and
// later; Gemini 3 and later, which think) answer a logprobs request with 403 / 400.
[[nodiscard]] bool rejects_logprobs(const std::string& format, const std::string& model);
// The text of the last user message (OpenAI) / last user content (Gemini).
[[nodiscard]] std::string last_user_text(const FakeRequest& request);
[[nodiscard]] std::vector<std::pair<std::string, std::string>> messages_of(const FakeRequest& request);

// A deterministic answer for benchmarks and smoke runs: every asked field gets a typed value (a
// group two items); models whose name ends in "-b" disagree on every fourth field (in a group:
// the last sub-value of its second item); the judge picks model_a.
[[nodiscard]] ModelSays default_answer(const FakeRequest& request);

// One model in the fake's catalog (what the providers' model endpoints list).
struct FakeModel {
  std::string provider;       // openai | gemini | ollama
  std::string id;             // gpt-6.1-sol, gemini-3.8-flash, llama3.1:latest
  std::string shutdown_date;  // OpenAI's announced shutdown, "" = none
  int output_token_limit = 0; // Gemini's outputTokenLimit, 0 = not listed
};

// The catalog a fake starts with: the built-in default models, a retiring gpt-4o, a local llama.
[[nodiscard]] std::vector<FakeModel> default_catalog();

class FakeLlmServer {
 public:
  struct Options {
    int latency_ms = 0;             // added to every reply
    int threads = 32;               // concurrent connections served
    std::string expected_key;       // when set, Authorization / x-goog-api-key must carry it
    int port = 0;                   // 0 = any free port
    // Chat calls to a model missing from the catalog get the provider's 404, as real servers do.
    bool reject_unknown_models = false;
  };
  using Handler = std::function<FakeReply(const FakeRequest&)>;

  FakeLlmServer();
  explicit FakeLlmServer(Options options);
  ~FakeLlmServer();
  FakeLlmServer(const FakeLlmServer&) = delete;
  FakeLlmServer& operator=(const FakeLlmServer&) = delete;

  [[nodiscard]] int port() const { return port_; }
  [[nodiscard]] std::string base_url() const;     // http://127.0.0.1:PORT
  [[nodiscard]] std::string openai_base() const { return base_url() + "/v1"; }
  [[nodiscard]] std::string gemini_base() const { return base_url() + "/v1beta"; }

  // Replies queued here are used first, in order; then the handler (default: default_answer).
  void push(FakeReply reply);
  void set_handler(Handler handler);

  // Model endpoints: OpenAI GET /v1/models[/ID], Gemini GET /v1beta/models[/ID] (paged two per
  // page), Ollama GET /api/tags. Their requests are kept apart from the chat requests.
  void set_catalog(std::vector<FakeModel> models);
  [[nodiscard]] std::vector<FakeRequest> catalog_requests() const;

  [[nodiscard]] std::vector<FakeRequest> requests() const;
  [[nodiscard]] int request_count() const;
  [[nodiscard]] std::vector<std::string> violations() const;
  void wait_until_stopped();  // blocks (the standalone binary)

 private:
  void handle(const FakeRequest& request, FakeReply& reply);
  // Answers a model-endpoint request; false when `request` is not one.
  bool handle_catalog(const FakeRequest& request, FakeReply& reply);
  [[nodiscard]] bool in_catalog(const std::string& provider, const std::string& id) const;

  Options options_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
  mutable std::mutex mutex_;
  std::deque<FakeReply> queue_;
  Handler handler_;
  std::vector<FakeRequest> requests_;
  std::vector<std::string> violations_;
  std::vector<FakeModel> catalog_ = default_catalog();
  std::vector<FakeRequest> catalog_requests_;
  std::atomic<bool> stopping_{false};

};

// Checks one request the way a strict provider would; returns the problems found.
[[nodiscard]] std::vector<std::string> check_request(const FakeRequest& request, const std::string& expected_key);

}  // namespace invox::test
