#include "util/cancel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <thread>

namespace invox::util {

namespace {
std::atomic<int> g_signal{0};
std::atomic<bool> g_stop{false};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free,
              "used from a signal handler");
constexpr std::chrono::milliseconds kPollStep{50};
}  // namespace

bool stop_requested() noexcept { return g_stop.load(std::memory_order_relaxed); }
int stop_signal() noexcept { return g_signal.load(); }

void request_stop(int signal_number) noexcept {
  int expected = 0;
  if (signal_number != 0) g_signal.compare_exchange_strong(expected, signal_number);
  g_stop.store(true);
}

void clear_stop() noexcept {
  g_signal.store(0);
  g_stop.store(false);
}

bool sleep_unless_stopped(std::chrono::milliseconds d) {
  const auto until = std::chrono::steady_clock::now() + d;
  while (!stop_requested()) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= until) return true;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(until - now, kPollStep));
  }
  return false;
}

Error interrupted_error(std::string_view what) {
  return Error::internal(fmt::format("{}: interrupted (stop requested)", what));
}

}  // namespace invox::util
