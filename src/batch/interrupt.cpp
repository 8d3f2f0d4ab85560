#include "batch/interrupt.hpp"

#include <unistd.h>

#include <csignal>

namespace invox::batch {

namespace {
struct sigaction g_old_int {};
struct sigaction g_old_term {};

extern "C" void on_stop_signal(int sig) {
  // Second signal: the user insists. _exit is async-signal-safe; outputs already renamed stay whole.
  if (util::stop_requested()) ::_exit(128 + sig);
  util::request_stop(sig);
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

}  // namespace invox::batch
