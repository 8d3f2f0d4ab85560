#pragma once
// Operating-system signals that end a run: SIGINT/SIGTERM set util's stop request (cancel.hpp),
// so work in progress ends within a second and finished outputs stay whole; a second signal
// exits at once. SIGPIPE is ignored so that a write into a closed pipe (`invox ... | head`)
// fails with EPIPE instead of killing the process mid-write; writers of stdout call
// stop_if_reader_gone() and the run ends as if stopped by SIGPIPE (exit 141, no message).
#include <cstdio>

namespace invox::util {

// Installs the handlers for its lifetime (and clears an earlier stop request).
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();  // restores the previous handlers
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
};

// Ignores SIGPIPE for the whole process (the CLI does this first thing; libcurl needs it too
// when several threads transfer with CURLOPT_NOSIGNAL).
void ignore_broken_pipes() noexcept;

// True when `stream` (flushed first) writes into a pipe or socket whose reader has gone.
[[nodiscard]] bool reader_gone(std::FILE* stream) noexcept;
// Requests a stop with SIGPIPE when reader_gone(stream).
void stop_if_reader_gone(std::FILE* stream) noexcept;

}  // namespace invox::util
