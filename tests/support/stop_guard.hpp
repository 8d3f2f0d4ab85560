#pragma once
// Clears the process-wide stop request (util/cancel.hpp) when a test starts and however it ends, so
// a test that requests a stop cannot leak it into the next one.
#include "util/cancel.hpp"

namespace invox::test {

struct StopGuard {
  StopGuard() { util::clear_stop(); }
  ~StopGuard() { util::clear_stop(); }
  StopGuard(const StopGuard&) = delete;
  StopGuard& operator=(const StopGuard&) = delete;
};

}  // namespace invox::test
