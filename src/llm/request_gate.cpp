// Admission control shared by every model client of a run (see http.hpp).
#include <fmt/format.h>

#include "invox/http.hpp"
#include "util/cancel.hpp"

namespace invox {

namespace {
constexpr std::chrono::milliseconds kStopPoll{50};
}  // namespace

RequestGate::Permit& RequestGate::Permit::operator=(Permit&& other) noexcept {
  if (this != &other) {
    if (gate_) gate_->release();
    gate_ = other.gate_;
    other.gate_ = nullptr;
  }
  return *this;
}

RequestGate::Permit::~Permit() {
  if (gate_) gate_->release();
}

RequestGate::Permit RequestGate::acquire(const std::string& key, int max_inflight, double requests_per_minute) {
  using Clock = std::chrono::steady_clock;
  if (requests_per_minute > 0) {
    // Reserve the next evenly spaced slot for this key, then wait for it outside the lock, so
    // a burst is smoothed to the rate instead of hitting the provider's 429 first.
    const auto spacing = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(60.0 / requests_per_minute));
    Clock::time_point slot;
    {
      std::lock_guard lock(mutex_);
      auto& next = next_slot_[key];
      slot = std::max(Clock::now(), next);
      next = slot + spacing;
    }
    const auto wait = std::chrono::ceil<std::chrono::milliseconds>(slot - Clock::now());
    if (wait.count() > 0 && !util::sleep_unless_stopped(wait)) return Permit();
  }
  std::unique_lock lock(mutex_);
  // Woken by a release, or every poll step to see a stop request.
  while (max_inflight > 0 && in_flight_ >= max_inflight) {
    if (util::stop_requested()) return Permit();
    cv_.wait_for(lock, kStopPoll);
  }
  ++in_flight_;
  peak_ = std::max(peak_, in_flight_);
  return Permit(this);
}

void RequestGate::release() {
  {
    std::lock_guard lock(mutex_);
    --in_flight_;
  }
  // notify_all: waiters may use different caps, so the one woken must be able to proceed.
  cv_.notify_all();
}

int RequestGate::in_flight() const {
  std::lock_guard lock(mutex_);
  return in_flight_;
}

int RequestGate::peak_in_flight() const {
  std::lock_guard lock(mutex_);
  return peak_;
}

namespace {

class GatedHttpClient final : public HttpClient {
 public:
  GatedHttpClient(std::shared_ptr<HttpClient> inner, std::shared_ptr<RequestGate> gate, std::string key,
                  int max_inflight, double rpm)
      : inner_(std::move(inner)), gate_(std::move(gate)), key_(std::move(key)), max_inflight_(max_inflight), rpm_(rpm) {}

  Expected<HttpResponse> send(const HttpRequest& request, const HttpOptions& options) override {
    auto permit = gate_->acquire(key_, max_inflight_, rpm_);
    if (!permit.held()) {
      return util::interrupted_error(fmt::format("{} {}", request.method, url_without_query(request.url)));
    }
    return inner_->send(request, options);
  }

 private:
  std::shared_ptr<HttpClient> inner_;
  std::shared_ptr<RequestGate> gate_;
  std::string key_;
  int max_inflight_;
  double rpm_;
};

}  // namespace

std::shared_ptr<HttpClient> make_gated_http_client(std::shared_ptr<HttpClient> inner, std::shared_ptr<RequestGate> gate,
                                                   std::string key, int max_inflight, double requests_per_minute) {
  return std::make_shared<GatedHttpClient>(std::move(inner), std::move(gate), std::move(key), max_inflight,
                                           requests_per_minute);
}

std::string redact_secrets(std::string text, const std::vector<std::string>& secrets) {
  static constexpr std::string_view kMask = "[redacted]";
  for (const auto& secret : secrets) {
    if (secret.empty()) continue;
    for (size_t pos = text.find(secret); pos != std::string::npos; pos = text.find(secret, pos + kMask.size())) {
      text.replace(pos, secret.size(), kMask);
    }
  }
  return text;
}

std::string url_without_query(const std::string& url) {
  const auto q = url.find('?');
  return q == std::string::npos ? url : url.substr(0, q);
}

}  // namespace invox
