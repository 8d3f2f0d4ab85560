#pragma once
// HTTP behind an interface so model clients are tested against loopback fakes.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <memory>
#include <string>
#include <vector>

#include "invox/expected.hpp"

namespace invox {

struct MultipartPart {
  std::string name;
  std::string content;
  std::string filename;      // non-empty for file parts
  std::string content_type;  // e.g. audio/wav
};

struct HttpRequest {
  std::string method = "POST";
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;                       // sent when `multipart` is empty
  std::vector<MultipartPart> multipart;   // multipart/form-data when non-empty
};

struct HttpResponse {
  int status = 0;
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;

  [[nodiscard]] std::string header(const std::string& lower_name) const;
};

struct HttpOptions {
  long connect_timeout_ms = 10'000;
  long total_timeout_ms = 120'000;
  bool insecure_tls = false;  // only via an explicit, loudly warned flag
};

class HttpClient {
 public:
  virtual ~HttpClient() = default;
  // Transport failures (DNS, refused, timeout, reset) are Network errors; any HTTP status,
  // including 4xx/5xx, is a response. A stop request (util/cancel.hpp) aborts a transfer
  // within 0.1 s with an "interrupted" Internal error.
  [[nodiscard]] virtual Expected<HttpResponse> send(const HttpRequest& request, const HttpOptions& options) = 0;
};

[[nodiscard]] std::shared_ptr<HttpClient> make_curl_http_client();

struct RetryPolicy {
  int max_attempts = 4;          // first try included
  long base_delay_ms = 500;      // doubled per attempt, with jitter
  long max_delay_ms = 20'000;    // also caps Retry-After
  // A server asking to wait longer than this (Retry-After) is not retried at all: the
  // OpenAI SDK gives up past 120 s, and a batch is better served by failing that input.
  long max_server_delay_ms = 120'000;
};

// Sleeping is injectable so tests do not wait in real time.
using Sleeper = std::function<void(std::chrono::milliseconds)>;
// Sleeps in real time, cut short by a stop request (Ctrl-C, SIGTERM).
[[nodiscard]] Sleeper real_sleeper();

// Sends with retries on transport errors, 408, 409, 429, 5xx and 2xx answers declared as JSON
// whose body does not parse (truncated in transit), honoring Retry-After (seconds or HTTP date)
// and retry-after-ms. Returns the last response or error; after a stop request, no retry:
// an "interrupted" error.
[[nodiscard]] Expected<HttpResponse> send_with_retry(HttpClient& client, const HttpRequest& request,
                                                     const HttpOptions& options, const RetryPolicy& policy,
                                                     const Sleeper& sleep);

// Global admission control for outgoing model requests: at most `max_inflight` requests in
// flight across every client sharing the gate, and optionally at most `requests_per_minute`
// per key (a provider name), spaced evenly. One gate per run; STT, embeddings and chat share it.
class RequestGate {
 public:
  class Permit {
   public:
    Permit() = default;
    explicit Permit(RequestGate* gate) : gate_(gate) {}
    Permit(Permit&& other) noexcept : gate_(other.gate_) { other.gate_ = nullptr; }
    Permit& operator=(Permit&& other) noexcept;
    Permit(const Permit&) = delete;
    Permit& operator=(const Permit&) = delete;
    ~Permit();
    // False when acquire() gave up because a stop was requested (util/cancel.hpp).
    [[nodiscard]] bool held() const { return gate_ != nullptr; }

   private:
    RequestGate* gate_ = nullptr;
  };

  // Blocks until the key's rate allows another request and fewer than `max_inflight`
  // (<= 0: unlimited) are in flight. `requests_per_minute` <= 0 means no rate limit.
  // A stop request ends the wait with a permit that is not held().
  [[nodiscard]] Permit acquire(const std::string& key, int max_inflight, double requests_per_minute = 0);
  [[nodiscard]] int in_flight() const;
  [[nodiscard]] int peak_in_flight() const;  // highest concurrency seen (tests, benchmarks)

 private:
  void release();

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  int in_flight_ = 0;
  int peak_ = 0;
  std::map<std::string, std::chrono::steady_clock::time_point> next_slot_;
};

// Wraps `inner` so that every send holds a permit of `gate` for `key` while it runs (not
// while a retry sleeps: wrap the gated client in send_with_retry, not the other way round).
[[nodiscard]] std::shared_ptr<HttpClient> make_gated_http_client(std::shared_ptr<HttpClient> inner,
                                                                 std::shared_ptr<RequestGate> gate, std::string key,
                                                                 int max_inflight, double requests_per_minute = 0);

// Replaces every occurrence of each non-empty secret in `text` with "[redacted]".
[[nodiscard]] std::string redact_secrets(std::string text, const std::vector<std::string>& secrets);
// A URL without its query string (a `?key=` parameter can never reach a message or log).
[[nodiscard]] std::string url_without_query(const std::string& url);

}  // namespace invox
