#pragma once
// Extraction strategies S1-S4 (DESIGN.md "Strategies").
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "invox/expected.hpp"
#include "invox/extractor.hpp"
#include "invox/judge.hpp"

namespace invox {

enum class Strategy { S1, S2, S3, S4 };
[[nodiscard]] std::string_view to_string(Strategy s);
[[nodiscard]] std::optional<Strategy> parse_strategy(std::string_view text);
[[nodiscard]] bool needs_two_models(Strategy s);

struct StrategyInput {
  ExtractionRequest base;        // all fields to fill; S2/S4 split it per field
  Extractor* model_a = nullptr;  // always set
  Extractor* model_b = nullptr;  // S3/S4
  Judge* judge = nullptr;        // S3/S4
  // Per-field strategies (S2/S4) run at most this many field calls at once; model clients
  // apply their own global cap on requests in flight on top of it.
  int max_parallel = 8;
};

struct StrategyOutput {
  std::map<std::string, Candidate> values;  // chosen candidates (not yet normalized by CF)
  std::vector<Decision> decisions;          // S3/S4 reconciliation
  std::vector<Issue> issues;                // per-field failures (error boundaries)
  Usage usage;
  int calls = 0;  // model + judge calls made
};

// Dispatches to the strategy. Per-field failures become issues; only a failure that leaves
// no form at all (S1's single call failing) is an Error.
[[nodiscard]] Expected<StrategyOutput> run_strategy(Strategy strategy, const StrategyInput& input);

[[nodiscard]] Expected<StrategyOutput> run_s1(const StrategyInput& input);
[[nodiscard]] Expected<StrategyOutput> run_s2(const StrategyInput& input);
[[nodiscard]] Expected<StrategyOutput> run_s3(const StrategyInput& input);
[[nodiscard]] Expected<StrategyOutput> run_s4(const StrategyInput& input);

}  // namespace invox
