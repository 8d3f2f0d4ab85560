// STUB (issue 4 replaces this file).
#include "invox/strategy.hpp"

namespace invox {

Expected<StrategyOutput> run_s2(const StrategyInput&) {
  return Error::unsupported("strategy S2 is not implemented yet");
}

}  // namespace invox
