#include "batch/interrupt.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>

namespace invox::batch {

namespace {
std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "used from a signal handler");

struct sigaction g_old_int {};
struct sigaction g_old_term {};

extern "C" void on_stop_signal(int sig) {
  int expected = 0;
  if (!g_signal.compare_exchange_strong(expected, sig)) {
    // Second signal: the user insists. _exit is async-signal-safe; outputs already renamed stay whole.
    ::_exit(128 + sig);
  }
}
}  // namespace

StopSignals::StopSignals() {
  clear_stop();
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: blocking reads return EINTR
  ::sigaction(SIGINT, &sa, &g_old_int);
  ::sigaction(SIGTERM, &sa, &g_old_term);
}

StopSignals::~StopSignals() {
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
}

bool stop_requested() { return g_signal.load() != 0; }
int stop_signal() { return g_signal.load(); }
void request_stop(int signal_number) {
  int expected = 0;
  g_signal.compare_exchange_strong(expected, signal_number);
}
void clear_stop() { g_signal.store(0); }

}  // namespace invox::batch
