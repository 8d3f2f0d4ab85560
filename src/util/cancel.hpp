#pragma once
// Process-wide cancellation: a stop request (from SIGINT/SIGTERM or a test) that every long
// operation polls — worker pools between inputs, extraction loops, STT decoding, HTTP
// transfers and retry backoff — so a run ends within a second of the first signal.
#include <chrono>

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

// Thrown by code that has no error channel when it notices a stop (e.g. inside a C callback's
// caller); the batch runner turns it into "not run". Prefer returning an error value.
struct StopRequested {};

}  // namespace invox::util
