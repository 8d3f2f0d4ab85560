#pragma once
// Reconciliation judge for S3/S4: picks per field between two candidates.
#include <memory>
#include <optional>
#include <string>

#include "invox/expected.hpp"
#include "invox/extractor.hpp"
#include "invox/values.hpp"

namespace invox {

struct JudgeRequest {
  const Field* field = nullptr;
  const Transcript* transcript = nullptr;
  std::optional<Candidate> model_a;  // after CF normalization; nullopt = model gave nothing
  std::optional<Candidate> model_b;
  Json current;  // current value or null
  NormalizeContext context;  // for parsing spoken values when checking grounding
  std::shared_ptr<UsageMeter> meter;  // the input's billed requests (extractor.hpp)
  // Group fields are reconciled item by item (DESIGN.md "Repeating groups"). For one sub-value:
  // `field` is the sub-field, `group` its group, `path` "meds[1].dose_mg" and item_a/item_b the
  // two models' aligned items. For an item only one model listed: `field` == `group`, `path`
  // "meds[2]" and the candidates are that item or nothing. Empty/null for a whole field.
  const Field* group = nullptr;
  std::string path;
  Json item_a;
  Json item_b;
};

struct JudgeVerdict {
  DecisionKind decision = DecisionKind::KeepCurrent;
  std::string reason;
  Json merged;  // only for Merge
  Usage usage;
};

class Judge {
 public:
  virtual ~Judge() = default;
  [[nodiscard]] virtual std::string name() const = 0;
  [[nodiscard]] virtual Expected<JudgeVerdict> decide(const JudgeRequest& request) = 0;
};

// The deterministic, offline judge (`--judge rules`): prefers the candidate grounded in the
// transcript, merges grounded textarea candidates, else keeps the current value.
[[nodiscard]] std::shared_ptr<Judge> make_rules_judge();

}  // namespace invox
