#pragma once
// The names batch uses from util's cancellation (util/cancel.hpp, util/stop_signals.hpp):
// StopSignals installs the SIGINT/SIGTERM handlers for a run; the flag they set is polled by
// the worker pool, HTTP transfers and retries and STT decoding.
#include "util/cancel.hpp"
#include "util/stop_signals.hpp"

namespace invox::batch {

using util::clear_stop;
using util::request_stop;
using util::stop_if_reader_gone;
using util::stop_requested;
using util::stop_signal;
using util::StopSignals;

}  // namespace invox::batch
