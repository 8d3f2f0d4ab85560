#pragma once
// Per-field reconciliation of two models' candidates for S3/S4: rule checks first (locked
// fields, values CF rejects), agreement after normalization without a judge call, otherwise
// the judge decides model_a | model_b | merge | keep_current (for a group: per item path).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "invox/extractor.hpp"
#include "invox/judge.hpp"

namespace invox::extract {

struct ReconcileInput {
  const Field* field = nullptr;
  const Transcript* transcript = nullptr;
  std::optional<Candidate> model_a;  // raw, as the model gave it; nullopt = nothing
  std::optional<Candidate> model_b;
  const CurrentValue* current = nullptr;  // may be null
  NormalizeContext context;
  Judge* judge = nullptr;
  std::shared_ptr<UsageMeter> meter;  // the input's billed requests
  // When one model's call failed, the other is taken without a judge: the reason says why.
  std::string model_a_failed;
  std::string model_b_failed;
};

struct ReconcileOutcome {
  std::optional<Candidate> chosen;   // nullopt = keep the current value
  std::optional<Decision> decision;  // none when neither model offered anything
  std::vector<Decision> item_decisions;  // a group's decisions per item path ("meds[1].dose_mg")
  std::vector<Issue> issues;
  Usage usage;
  int judge_calls = 0;
};

[[nodiscard]] ReconcileOutcome reconcile_field(const ReconcileInput& input);

// A group on which the two models disagree, reconciled item by item (reconcile_group.cpp):
// items paired by normalize::match_group_items, agreeing sub-values kept, each disagreeing
// sub-value and each item only one model listed judged, decisions per item path. `a` and `b`
// are the checked (normalized) candidates; `note` says what the checks rejected.
[[nodiscard]] ReconcileOutcome reconcile_group_items(const ReconcileInput& input, const std::optional<Candidate>& a,
                                                     const std::optional<Candidate>& b, const std::string& note);

// Items of both values (split on ',', ';' and newlines), trimmed, duplicates removed
// case-insensitively in first-seen order, joined with ", ".
[[nodiscard]] std::string merge_items(const Json& a, const Json& b);

}  // namespace invox::extract
