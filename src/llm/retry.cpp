// Retries with exponential backoff and jitter, following the OpenAI SDK's rules
// (shared/reference/api-wire.md "Retry policy of the official SDK").
#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <optional>
#include <random>

#include "invox/http.hpp"
#include "invox/json.hpp"
#include "invox/log.hpp"
#include "util/cancel.hpp"

namespace invox {

namespace {

bool retryable_status(int status) { return status == 408 || status == 409 || status == 429 || status >= 500; }

// A success declared as JSON that does not parse was damaged on the way (a proxy cut it, a
// connection dropped after the headers): asking again is the only way to get the answer.
bool damaged_json_success(const HttpResponse& r) {
  if (r.status < 200 || r.status >= 300) return false;
  if (r.header("content-type").find("json") == std::string::npos) return false;
  return !Json::accept(r.body);
}

// Retry-After is either delta-seconds (floats allowed) or an HTTP date; retry-after-ms is
// OpenAI's finer hint and wins when present.
std::optional<long> server_delay_ms(const HttpResponse& r) {
  if (auto ms = r.header("retry-after-ms"); !ms.empty()) {
    try {
      return static_cast<long>(std::stod(ms));
    } catch (...) {
    }
  }
  const auto ra = r.header("retry-after");
  if (ra.empty()) return std::nullopt;
  try {
    size_t used = 0;
    const double secs = std::stod(ra, &used);
    if (used == ra.size()) return static_cast<long>(secs * 1000);
  } catch (...) {
  }
  std::tm tm{};
  if (strptime(ra.c_str(), "%a, %d %b %Y %H:%M:%S", &tm)) {
    const auto when = timegm(&tm);
    const auto now = std::time(nullptr);
    return std::max<long>(0, static_cast<long>(when - now) * 1000);
  }
  return std::nullopt;
}

long backoff_ms(const RetryPolicy& p, int attempt) {
  static thread_local std::mt19937 rng(std::random_device{}());
  const double base = static_cast<double>(p.base_delay_ms) * static_cast<double>(1L << std::min(attempt, 20));
  const double capped = std::min(base, static_cast<double>(p.max_delay_ms));
  // Jitter between half and the whole delay spreads out clients that failed together.
  std::uniform_real_distribution<double> jitter(0.5, 1.0);
  return static_cast<long>(capped * jitter(rng));
}

}  // namespace

Sleeper real_sleeper() {
  // A stop request (Ctrl-C) cuts the wait short; the loop below then gives up.
  return [](std::chrono::milliseconds d) { (void)util::sleep_unless_stopped(d); };
}

Expected<HttpResponse> send_with_retry(HttpClient& client, const HttpRequest& request, const HttpOptions& options,
                                       const RetryPolicy& policy, const Sleeper& sleep) {
  const int attempts = std::max(1, policy.max_attempts);
  const auto interrupted = [&] {
    return util::interrupted_error(fmt::format("{} {}", request.method, url_without_query(request.url)));
  };
  for (int attempt = 0;; ++attempt) {
    if (attempt > 0 && util::stop_requested()) return interrupted();
    auto result = client.send(request, options);
    const bool last = attempt + 1 >= attempts;
    if (!result) {
      if (last || result.error().kind != ErrorKind::Network) return result;
      if (util::stop_requested()) return interrupted();
      const long delay = backoff_ms(policy, attempt);
      log::info(fmt::format("{} {}: {}; retrying in {} ms", request.method, url_without_query(request.url),
                            result.error().message, delay));
      sleep(std::chrono::milliseconds(delay));
      continue;
    }
    // The server may say explicitly whether a retry can help (OpenAI's x-should-retry).
    const auto should = result->header("x-should-retry");
    bool retry = retryable_status(result->status);
    if (should == "true") retry = result->status >= 400;
    if (should == "false") retry = false;
    const bool damaged = damaged_json_success(*result);
    if (damaged) retry = true;
    if (!retry || last) return result;
    if (util::stop_requested()) return interrupted();
    long delay = backoff_ms(policy, attempt);
    if (auto server = server_delay_ms(*result)) {
      if (*server > policy.max_server_delay_ms) return result;  // told to come back much later
      delay = std::min(*server, policy.max_delay_ms);
    }
    log::info(fmt::format("{} {}: HTTP {}{}; retrying in {} ms (attempt {} of {})", request.method,
                          url_without_query(request.url), result->status, damaged ? " with a truncated JSON body" : "",
                          delay, attempt + 2, attempts));
    sleep(std::chrono::milliseconds(delay));
  }
}

}  // namespace invox
