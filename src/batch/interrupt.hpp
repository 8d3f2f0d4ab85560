#pragma once
// Clean stop on SIGINT/SIGTERM: the first signal asks the run to stop starting new inputs and
// to finish the ones in flight (their outputs are written atomically, so nothing is half
// written) and write the summary; a second signal exits at once.
namespace invox::batch {

class StopSignals {
 public:
  StopSignals();   // installs the handlers and clears any earlier request
  ~StopSignals();  // restores the previous handlers
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
};

[[nodiscard]] bool stop_requested();
// The signal that asked to stop (SIGINT, SIGTERM), or 0.
[[nodiscard]] int stop_signal();
// What a handler does; tests call it directly.
void request_stop(int signal_number);
void clear_stop();

}  // namespace invox::batch
