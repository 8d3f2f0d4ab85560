#pragma once
// HTTP behind an interface so model clients are tested against loopback fakes.
#include <chrono>
#include <functional>
#include <map>
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
  // including 4xx/5xx, is a response.
  [[nodiscard]] virtual Expected<HttpResponse> send(const HttpRequest& request, const HttpOptions& options) = 0;
};

[[nodiscard]] std::shared_ptr<HttpClient> make_curl_http_client();

struct RetryPolicy {
  int max_attempts = 4;          // first try included
  long base_delay_ms = 500;      // doubled per attempt, with jitter
  long max_delay_ms = 20'000;    // also caps Retry-After
};

// Sleeping is injectable so tests do not wait in real time.
using Sleeper = std::function<void(std::chrono::milliseconds)>;
[[nodiscard]] Sleeper real_sleeper();

// Sends with retries on transport errors, 408, 409, 429 and 5xx, honoring Retry-After
// (seconds or HTTP date) and retry-after-ms. Returns the last response or error.
[[nodiscard]] Expected<HttpResponse> send_with_retry(HttpClient& client, const HttpRequest& request,
                                                     const HttpOptions& options, const RetryPolicy& policy,
                                                     const Sleeper& sleep);

}  // namespace invox
