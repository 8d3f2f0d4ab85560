#pragma once
// Process-wide cancellation: a stop request (from SIGINT/SIGTERM or a test) that every long
// operation polls — worker pools between inputs, extraction loops, STT decoding, HTTP
// transfers and retry backoff — so a run ends within a second of the first signal.
#include <chrono>
#include <string_view>

#include "invox/expected.hpp"

namespace invox::util {

// True once a stop was requested (cheap: one relaxed atomic load; poll it in loops).
[[nodiscard]] bool stop_requested() noexcept;
// The signal number that asked to stop (SIGINT, SIGTERM), or 0; 0 with stop_requested() true
// means a stop without a signal (a test, an internal abort).
[[nodiscard]] int stop_signal() noexcept;
// Asks every operation to stop. Async-signal-safe: the signal handler calls it.
void request_stop(int signal_number) noexcept;
void clear_stop() noexcept;

// Sleeps for `d` unless a stop is requested first; returns false when it was cut short.
[[nodiscard]] bool sleep_unless_stopped(std::chrono::milliseconds d);

// Thrown by code that has no error channel when it notices a stop (util::WorkerPool::for_each);
// the batch and eval runners turn it into "not run". Not a std::exception, so error boundaries
// that catch those (a per-field failure, a failed input) let it through.
struct StopRequested {};

// The error an operation returns when a stop request cut it short: "<what>: interrupted (stop
// requested)". Runners never write an outcome that ended after a stop, so users rarely see it.
[[nodiscard]] Error interrupted_error(std::string_view what);

}  // namespace invox::util
