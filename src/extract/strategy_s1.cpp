#include <set>

#include "invox/strategy.hpp"

namespace invox {

// S1: one call fills every requested field. Values for fields that were not asked (a locked
// field, or a field outside a clarification round) are dropped here.
Expected<StrategyOutput> run_s1(const StrategyInput& input) {
  if (!input.model_a) return Error::config("strategy S1 needs a model");
  if (input.base.fields.empty()) return StrategyOutput{};  // every field locked: nothing to ask
  auto result = input.model_a->extract(input.base);
  if (!result) return result.error();
  std::set<std::string> asked;
  for (const Field* f : input.base.fields) asked.insert(f->id);
  StrategyOutput out;
  for (auto& [id, cand] : result->values) {
    if (asked.count(id)) out.values[id] = std::move(cand);
  }
  out.issues = std::move(result->issues);
  out.usage = result->usage;
  out.calls = 1;
  return out;
}

}  // namespace invox
