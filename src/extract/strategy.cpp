#include "invox/strategy.hpp"

namespace invox {

std::string_view to_string(Strategy s) {
  static constexpr std::string_view names[] = {"S1", "S2", "S3", "S4"};
  return names[static_cast<int>(s)];
}

std::optional<Strategy> parse_strategy(std::string_view text) {
  if (text == "S1" || text == "s1") return Strategy::S1;
  if (text == "S2" || text == "s2") return Strategy::S2;
  if (text == "S3" || text == "s3") return Strategy::S3;
  if (text == "S4" || text == "s4") return Strategy::S4;
  return std::nullopt;
}

bool needs_two_models(Strategy s) { return s == Strategy::S3 || s == Strategy::S4; }

Expected<StrategyOutput> run_strategy(Strategy strategy, const StrategyInput& input) {
  switch (strategy) {
    case Strategy::S1: return run_s1(input);
    case Strategy::S2: return run_s2(input);
    case Strategy::S3: return run_s3(input);
    case Strategy::S4: return run_s4(input);
  }
  return Error::internal("unknown strategy");
}

}  // namespace invox
