// STUB (issue 6 replaces this file).
#include "invox/strategy.hpp"

namespace invox {

Expected<StrategyOutput> run_s3(const StrategyInput&) {
  return Error::unsupported("strategy S3 is not implemented yet");
}

Expected<StrategyOutput> run_s4(const StrategyInput&) {
  return Error::unsupported("strategy S4 is not implemented yet");
}

}  // namespace invox
