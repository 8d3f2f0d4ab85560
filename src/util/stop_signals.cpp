#include "util/stop_signals.hpp"

#include <poll.h>
#include <unistd.h>

#include <csignal>

#include "util/cancel.hpp"

namespace invox::util {

namespace {
struct sigaction g_old_int {};
struct sigaction g_old_term {};

extern "C" void on_stop_signal(int sig) {
  // Second signal: the user insists. _exit is async-signal-safe; outputs already renamed stay whole.
  if (stop_requested()) ::_exit(128 + sig);
  request_stop(sig);
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

void ignore_broken_pipes() noexcept { std::signal(SIGPIPE, SIG_IGN); }

bool reader_gone(std::FILE* stream) noexcept {
  if (!stream) return false;
  std::fflush(stream);
  // The write end of a pipe without readers polls as POLLERR (as does a reset socket); a file
  // or terminal never does. This holds however long ago the failed write was.
  pollfd p{::fileno(stream), 0, 0};
  return p.fd >= 0 && ::poll(&p, 1, 0) == 1 && (p.revents & POLLERR) != 0;
}

void stop_if_reader_gone(std::FILE* stream) noexcept {
  if (reader_gone(stream)) request_stop(SIGPIPE);
}

}  // namespace invox::util
