#pragma once
// Clean stop on SIGINT/SIGTERM: the first signal sets util's stop request, which the worker
// pool, extraction, STT decoding and HTTP retries poll, so in-flight work ends within a second
// and finished outputs (written atomically) stay whole; the summary lists the rest as not run.
// A second signal exits at once.
#include "util/cancel.hpp"

namespace invox::batch {

class StopSignals {
 public:
  StopSignals();   // installs the handlers and clears any earlier request
  ~StopSignals();  // restores the previous handlers
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
};

using util::clear_stop;
using util::request_stop;
using util::stop_requested;
using util::stop_signal;

}  // namespace invox::batch
