// The deterministic judge (`--judge rules`): works offline and costs nothing.
#include <fmt/format.h>

#include "extract/reconcile.hpp"
#include "invox/evidence.hpp"

namespace invox {

namespace {

// An item of a group (S3/S4 ask about items only one model listed) is stated when at least
// half of its sub-values are; the evidence is the first one found.
std::optional<Evidence> item_evidence(const Json& item, const Field& group, const Transcript& transcript,
                                      const NormalizeContext& ctx) {
  if (!item.is_object()) return std::nullopt;
  size_t set = 0, stated = 0;
  std::optional<Evidence> first;
  for (const auto& sub : group.fields) {
    const Json v = item.value(sub.id, Json());
    if (v.is_null()) continue;
    ++set;
    if (auto e = find_evidence(v, sub, transcript, ctx)) {
      ++stated;
      if (!first) first = std::move(e);
    }
  }
  if (set == 0 || stated * 2 < set) return std::nullopt;
  return first;
}

class RulesJudge final : public Judge {
 public:
  std::string name() const override { return "rules"; }

  Expected<JudgeVerdict> decide(const JudgeRequest& r) override {
    if (!r.field) return Error::internal("judge called without a field");
    JudgeVerdict v;
    const auto grounded = [&](const std::optional<Candidate>& c) -> std::optional<Evidence> {
      if (!c || c->value.is_null() || !r.transcript) return std::nullopt;
      if (r.field->is_group()) return item_evidence(c->value, *r.field, *r.transcript, r.context);
      return find_evidence(c->value, *r.field, *r.transcript, r.context);
    };
    const auto ea = grounded(r.model_a);
    const auto eb = grounded(r.model_b);
    if (ea && eb) {
      if (r.field->type == FieldType::Textarea) {
        v.decision = DecisionKind::Merge;
        v.merged = extract::merge_items(r.model_a->value, r.model_b->value);
        v.reason = "both candidates are stated in the transcript; their items are merged";
      } else if (r.model_a->confidence != r.model_b->confidence) {
        const bool a = r.model_a->confidence > r.model_b->confidence;
        v.decision = a ? DecisionKind::ModelA : DecisionKind::ModelB;
        v.reason = fmt::format("both are stated in the transcript; {} is more confident", a ? "model_a" : "model_b");
      } else {
        // The value stated later wins: dictation corrects itself ("38, no, 37.8").
        const bool b_later = eb->char_begin.value_or(0) > ea->char_begin.value_or(0);
        v.decision = b_later ? DecisionKind::ModelB : DecisionKind::ModelA;
        v.reason = fmt::format("both are stated in the transcript; {}'s is stated later (a correction wins)",
                               b_later ? "model_b" : "model_a");
      }
    } else if (ea) {
      v.decision = DecisionKind::ModelA;
      v.reason = fmt::format("only model_a's value is found in the transcript (\"{}\")", ea->snippet);
    } else if (eb) {
      v.decision = DecisionKind::ModelB;
      v.reason = fmt::format("only model_b's value is found in the transcript (\"{}\")", eb->snippet);
    } else {
      v.decision = DecisionKind::KeepCurrent;
      v.reason = "neither candidate is found in the transcript";
    }
    return v;
  }
};

}  // namespace

std::shared_ptr<Judge> make_rules_judge() { return std::make_shared<RulesJudge>(); }

}  // namespace invox
