#include "extract/reconcile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>

#include "extract/agreement_confidence.hpp"
#include "invox/normalize.hpp"
#include "util/strings.hpp"

namespace invox::extract {

namespace {

std::string show(const std::optional<Candidate>& c) { return c ? c->value.dump() : std::string("(nothing)"); }

// The rule checks that hold whatever CF does: enums within options, dates and times in their
// normalized form, numbers and booleans typed.
std::string type_problem(const Json& v, const Field& f) {
  static const std::regex kDate(R"(\d{4}-\d{2}-\d{2})");
  static const std::regex kTime(R"(\d{1,2}:\d{2})");
  switch (f.type) {
    case FieldType::Enum:
      if (!v.is_string() || std::find(f.options.begin(), f.options.end(), v.get<std::string>()) == f.options.end()) {
        return "not one of the options";
      }
      return "";
    case FieldType::Date:
      return v.is_string() && std::regex_match(v.get<std::string>(), kDate) ? "" : "not a YYYY-MM-DD date";
    case FieldType::Time:
      return v.is_string() && std::regex_match(v.get<std::string>(), kTime) ? "" : "not an HH:MM time";
    case FieldType::Number: return v.is_number() ? "" : "not a number";
    case FieldType::Boolean: return v.is_boolean() ? "" : "not true/false";
    case FieldType::Group: return v.is_array() ? "" : "not a list of items";
    default: return v.is_string() ? "" : "not text";
  }
}

// Normalizes a candidate; a value CF or the rule checks reject is dropped, the reason recorded.
std::optional<Candidate> checked(const std::optional<Candidate>& c, const Field& f, const NormalizeContext& ctx,
                                 const char* who, std::vector<std::string>& notes) {
  if (!c || c->value.is_null()) return std::nullopt;
  auto r = normalize_value_for_field(c->value, f, ctx);
  // A list keeps its usable items when one sub-value fails; VER reports that sub-value.
  const bool partly_usable = f.is_group() && !r.value.is_null();
  if (r.value.is_null() || (r.issue && r.issue->type == IssueType::Invalid && !partly_usable)) {
    notes.push_back(fmt::format("{}'s value {} was rejected{}", who, c->value.dump(),
                                r.issue ? ": " + r.issue->detail : ""));
    return std::nullopt;
  }
  if (auto problem = type_problem(r.value, f); !problem.empty()) {
    notes.push_back(fmt::format("{}'s value {} was rejected: {}", who, c->value.dump(), problem));
    return std::nullopt;
  }
  Candidate out = *c;
  out.value = r.value;
  return out;
}

Decision decision(const Field& f, DecisionKind kind, std::string reason) { return Decision{f.id, kind, std::move(reason)}; }

}  // namespace

std::string merge_items(const Json& a, const Json& b) {
  std::vector<std::string> items;
  std::set<std::string> seen;
  for (const Json* v : {&a, &b}) {
    if (!v->is_string()) continue;
    std::string text = v->get<std::string>();
    std::replace(text.begin(), text.end(), ';', ',');
    std::replace(text.begin(), text.end(), '\n', ',');
    for (const auto& raw : util::split(text, ',')) {
      auto item = util::trim(raw);
      if (item.empty()) continue;
      if (seen.insert(util::to_lower_ascii(item)).second) items.push_back(item);
    }
  }
  return util::join(items, ", ");
}

ReconcileOutcome reconcile_field(const ReconcileInput& in) {
  ReconcileOutcome out;
  const Field& f = *in.field;
  const bool offered = (in.model_a && !in.model_a->value.is_null()) || (in.model_b && !in.model_b->value.is_null());
  if (in.current && in.current->locked) {
    if (offered) out.decision = decision(f, DecisionKind::KeepCurrent, "locked: the field is never overwritten");
    return out;
  }
  std::vector<std::string> notes;
  auto a = checked(in.model_a, f, in.context, "model_a", notes);
  auto b = checked(in.model_b, f, in.context, "model_b", notes);
  const std::string note = notes.empty() ? "" : fmt::format(" ({})", util::join(notes, "; "));

  if (!a && !b) {
    if (!notes.empty()) {
      out.decision = decision(f, DecisionKind::KeepCurrent, "rule check: no valid candidate" + note);
      out.issues.push_back({f.id, IssueType::Invalid, "both models gave values that fail the field's type" + note,
                            IssueAction::Requery});
    }
    return out;
  }
  // One model failed outright: the other stands alone, no judge to ask about a missing side.
  if (!in.model_a_failed.empty() || !in.model_b_failed.empty()) {
    const bool use_a = !in.model_b_failed.empty();
    const auto& pick = use_a ? a : b;
    if (pick) {
      out.chosen = pick;
      out.chosen->confidence = reconcile_confidence::alone(pick->confidence);
      out.decision = decision(f, use_a ? DecisionKind::ModelA : DecisionKind::ModelB,
                              fmt::format("{} failed: {}", use_a ? "model_b" : "model_a",
                                          use_a ? in.model_b_failed : in.model_a_failed));
    }
    return out;
  }
  if (a && b && values_match(a->value, b->value, f)) {
    out.chosen = a;
    out.chosen->confidence = reconcile_confidence::agreed(a->confidence, b->confidence);
    out.decision = decision(f, DecisionKind::ModelA, "agreement");
    return out;
  }
  if (f.is_group()) return reconcile_group_items(in, a, b, note);
  if (!in.judge) {
    out.decision = decision(f, DecisionKind::KeepCurrent, "the models disagree and no judge is configured");
    out.issues.push_back({f.id, IssueType::Conflict, fmt::format("models disagree: A {} vs B {}", show(a), show(b)),
                          IssueAction::ManualReview});
    return out;
  }
  JudgeRequest jr;
  jr.field = &f;
  jr.transcript = in.transcript;
  jr.model_a = a;
  jr.model_b = b;
  jr.current = in.current ? in.current->value : Json();
  jr.context = in.context;
  jr.meter = in.meter;
  out.judge_calls = 1;
  auto verdict = in.judge->decide(jr);
  if (!verdict) {
    out.decision = decision(f, DecisionKind::KeepCurrent, "judge failed: " + verdict.error().message);
    out.issues.push_back({f.id, IssueType::Conflict,
                          fmt::format("models disagree (A {} vs B {}) and the judge failed", show(a), show(b)),
                          IssueAction::ManualReview});
    return out;
  }
  out.usage = verdict->usage;
  const std::string reason = verdict->reason + note;
  switch (verdict->decision) {
    case DecisionKind::ModelA:
      out.chosen = a;
      if (out.chosen) out.chosen->confidence = reconcile_confidence::judged(out.chosen->confidence);
      out.decision = decision(f, DecisionKind::ModelA, reason);
      break;
    case DecisionKind::ModelB:
      out.chosen = b;
      if (out.chosen) out.chosen->confidence = reconcile_confidence::judged(out.chosen->confidence);
      out.decision = decision(f, DecisionKind::ModelB, reason);
      break;
    case DecisionKind::Merge: {
      if (f.type != FieldType::Textarea) {
        out.decision = decision(f, DecisionKind::KeepCurrent, "judge asked to merge a single-value field: " + reason);
        out.issues.push_back({f.id, IssueType::Conflict, fmt::format("models disagree: A {} vs B {}", show(a), show(b)),
                              IssueAction::ManualReview});
        break;
      }
      const Json proposed = verdict->merged.is_string() && !verdict->merged.get<std::string>().empty()
                                ? verdict->merged : Json(merge_items(a ? a->value : Json(), b ? b->value : Json()));
      Candidate merged;
      merged.value = merge_items(proposed, Json());
      merged.confidence = reconcile_confidence::judged(std::max(a ? a->confidence : 0.0, b ? b->confidence : 0.0));
      merged.evidence = a && a->evidence ? a->evidence : (b ? b->evidence : std::nullopt);
      out.chosen = merged;
      out.decision = decision(f, DecisionKind::Merge, reason);
      break;
    }
    case DecisionKind::KeepCurrent:
      out.decision = decision(f, DecisionKind::KeepCurrent, reason);
      out.issues.push_back({f.id, IssueType::Conflict,
                            fmt::format("models disagree (A {} vs B {}); the judge kept the current value", show(a), show(b)),
                            IssueAction::ManualReview});
      break;
  }
  return out;
}

}  // namespace invox::extract
