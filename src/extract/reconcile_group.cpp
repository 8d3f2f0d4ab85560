// S3/S4 reconciliation of a `group` field item by item (DESIGN.md "Repeating groups"): the two
// models' items are paired as scoring pairs them, agreeing sub-values stand without a judge,
// and the judge sees each disagreeing sub-value with the aligned pair of items, and each item
// only one model listed.
#include <fmt/format.h>

#include <algorithm>

#include "extract/reconcile.hpp"
#include "invox/group_items.hpp"
#include "invox/normalize.hpp"
#include "util/worker_pool.hpp"

namespace invox::extract {

namespace {

// Judge calls of one group run side by side, bounded: a long list must not flood the gate.
constexpr int kJudgeWidth = 4;

struct Side {
  const std::optional<Candidate>& candidate;
  const char* name;
  DecisionKind pick;

  [[nodiscard]] Json list() const {
    return candidate && candidate->value.is_array() ? candidate->value : Json::array();
  }
  [[nodiscard]] Json sub_value(size_t item, const Field& sub) const {
    const Json l = list();
    return item < l.size() && l[item].is_object() ? l[item].value(sub.id, Json()) : Json();
  }
  [[nodiscard]] double confidence(size_t item, const std::string& sub) const {
    if (!candidate) return 0.0;
    if (item < candidate->items.size()) {
      auto it = candidate->items[item].confidence.find(sub);
      if (it != candidate->items[item].confidence.end()) return it->second;
    }
    return candidate->confidence;
  }
  [[nodiscard]] std::optional<Evidence> evidence(size_t item, const std::string& sub) const {
    if (!candidate || item >= candidate->items.size()) return std::nullopt;
    auto it = candidate->items[item].evidence.find(sub);
    if (it == candidate->items[item].evidence.end()) return std::nullopt;
    return it->second;
  }
};

// One item of the reconciled list while it is being decided.
struct Draft {
  ItemPair from;
  Json value = Json::object();
  ItemDetails details;
  bool include = true;
};

// One judge call: a sub-value of a paired item (`sub` set) or a whole unpaired item.
struct Question {
  size_t draft = 0;
  const Field* sub = nullptr;
  JudgeRequest request;
};

// Unpaired right items go right after the item their predecessor in the right list was paired
// with, so the reconciled list keeps the order the items were said in.
std::vector<ItemPair> spoken_order(const std::vector<ItemPair>& pairs) {
  std::vector<ItemPair> out;
  for (const auto& p : pairs) {
    if (p.left) out.push_back(p);
  }
  for (const auto& p : pairs) {
    if (p.left) continue;
    size_t pos = 0;
    std::optional<size_t> anchor;
    for (size_t k = 0; k < out.size(); ++k) {
      if (out[k].left && out[k].right && *out[k].right < *p.right && (!anchor || *out[anchor.value()].right < *out[k].right)) {
        anchor = k;
      }
    }
    if (anchor) pos = *anchor + 1;
    while (pos < out.size() && !out[pos].left) ++pos;
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(pos), p);
  }
  return out;
}

bool in_current(const Json& item, const Field& g, const CurrentValue* current) {
  if (!current || !current->value.is_array()) return false;
  return std::any_of(current->value.begin(), current->value.end(), [&](const Json& c) {
    return values_match(Json::array({c}), Json::array({item}), g);
  });
}

Json complete(const Json& item, const Field& g) {
  Json out = Json::object();
  for (const auto& sub : g.fields) out[sub.id] = item.is_object() ? item.value(sub.id, Json()) : Json();
  return out;
}

}  // namespace

ReconcileOutcome reconcile_group_items(const ReconcileInput& in, const std::optional<Candidate>& a,
                                       const std::optional<Candidate>& b, const std::string& note) {
  ReconcileOutcome out;
  const Field& g = *in.field;
  const Side sa{a, "model_a", DecisionKind::ModelA};
  const Side sb{b, "model_b", DecisionKind::ModelB};
  const Json la = sa.list();
  const Json lb = sb.list();

  std::vector<Draft> drafts;
  std::vector<Question> questions;
  for (const auto& pair : spoken_order(match_group_items(la, lb, g))) {
    Draft d;
    d.from = pair;
    const size_t index = drafts.size();
    JudgeRequest base;
    base.group = &g;
    base.transcript = in.transcript;
    base.context = in.context;
    base.meter = in.meter;
    base.item_a = pair.left ? la[*pair.left] : Json();
    base.item_b = pair.right ? lb[*pair.right] : Json();
    if (pair.left && pair.right) {
      for (const auto& sub : g.fields) {
        const Json va = sa.sub_value(*pair.left, sub);
        const Json vb = sb.sub_value(*pair.right, sub);
        d.value[sub.id] = nullptr;
        if (va.is_null() && vb.is_null()) continue;
        if (!va.is_null() && !vb.is_null() && values_match(va, vb, sub)) {
          d.value[sub.id] = va;
          d.details.confidence[sub.id] = std::max(sa.confidence(*pair.left, sub.id), sb.confidence(*pair.right, sub.id));
          if (auto e = sa.evidence(*pair.left, sub.id)) d.details.evidence[sub.id] = *e;
          continue;
        }
        Question q{index, &sub, base};
        q.request.field = &sub;
        q.request.path = sub_value_path(g.id, index, sub.id);
        if (!va.is_null()) q.request.model_a = Candidate{va, sa.confidence(*pair.left, sub.id), sa.evidence(*pair.left, sub.id), {}};
        if (!vb.is_null()) q.request.model_b = Candidate{vb, sb.confidence(*pair.right, sub.id), sb.evidence(*pair.right, sub.id), {}};
        questions.push_back(std::move(q));
      }
    } else {
      const Side& side = pair.left ? sa : sb;
      const size_t item = pair.left ? *pair.left : *pair.right;
      d.value = complete(side.list()[item], g);
      if (item < side.candidate->items.size()) d.details = side.candidate->items[item];
      Question q{index, nullptr, base};
      q.request.field = &g;
      q.request.path = fmt::format("{}[{}]", g.id, index);
      q.request.current = in.current ? in.current->value : Json();
      Candidate listed{d.value, side.candidate->confidence, std::nullopt, {}};
      (pair.left ? q.request.model_a : q.request.model_b) = std::move(listed);
      questions.push_back(std::move(q));
    }
    drafts.push_back(std::move(d));
  }

  // Without a judge, what the models share stands; each disagreement is left to a person.
  std::vector<Expected<JudgeVerdict>> verdicts;
  if (in.judge) {
    verdicts = util::fan_out(questions.size(), kJudgeWidth, [&](size_t i) { return in.judge->decide(questions[i].request); });
    out.judge_calls = static_cast<int>(questions.size());
  }

  struct Ruling {
    size_t draft;
    std::string sub;  // "" = the item
    DecisionKind kind;
    std::string reason;
  };
  std::vector<Ruling> rulings;
  for (size_t i = 0; i < questions.size(); ++i) {
    const auto& q = questions[i];
    auto& d = drafts[q.draft];
    const auto show = [](const std::optional<Candidate>& c) { return c ? c->value.dump() : std::string("(nothing)"); };
    const std::string shown = fmt::format("A {} vs B {}", show(q.request.model_a), show(q.request.model_b));
    const Expected<JudgeVerdict>* verdict = in.judge ? &verdicts[i] : nullptr;
    if (!verdict || !*verdict) {
      const std::string why = verdict ? "the judge failed: " + verdict->error().message : "no judge is configured";
      // An item stays (a person checks it); a sub-value stays empty.
      out.issues.push_back({q.request.path, IssueType::Conflict, fmt::format("models disagree ({}); {}", shown, why),
                            IssueAction::ManualReview});
      rulings.push_back({q.draft, q.sub ? q.sub->id : "", DecisionKind::KeepCurrent, why});
      continue;
    }
    out.usage += (*verdict)->usage;
    const auto& v = **verdict;
    if (q.sub) {
      const auto& chosen = v.decision == DecisionKind::ModelA ? q.request.model_a
                           : v.decision == DecisionKind::ModelB ? q.request.model_b : std::nullopt;
      if (chosen) {
        d.value[q.sub->id] = chosen->value;
        d.details.confidence[q.sub->id] = chosen->confidence;
        if (chosen->evidence) d.details.evidence[q.sub->id] = *chosen->evidence;
      } else if (v.decision == DecisionKind::Merge && q.sub->type == FieldType::Textarea) {
        const auto merged = merge_items(q.request.model_a ? q.request.model_a->value : Json(),
                                        q.request.model_b ? q.request.model_b->value : Json());
        d.value[q.sub->id] = merged;
        d.details.confidence[q.sub->id] = std::max(q.request.model_a ? q.request.model_a->confidence : 0.0,
                                                   q.request.model_b ? q.request.model_b->confidence : 0.0);
      } else if (v.decision != DecisionKind::ModelA && v.decision != DecisionKind::ModelB) {
        out.issues.push_back({q.request.path, IssueType::Conflict,
                              fmt::format("models disagree ({}); the judge kept neither", shown), IssueAction::ManualReview});
      }
      rulings.push_back({q.draft, q.sub->id, v.decision, v.reason});
      continue;
    }
    const bool listed_by_a = q.request.model_a.has_value();
    switch (v.decision) {
      case DecisionKind::ModelA: d.include = listed_by_a; break;
      case DecisionKind::ModelB: d.include = !listed_by_a; break;
      case DecisionKind::Merge: d.include = true; break;
      case DecisionKind::KeepCurrent: d.include = in_current(d.value, g, in.current); break;
    }
    rulings.push_back({q.draft, "", v.decision, v.reason});
  }

  // Paths name the reconciled list, so they are numbered once the dropped items are gone.
  Candidate chosen;
  chosen.value = Json::array();
  chosen.confidence = std::max(a ? a->confidence : 0.0, b ? b->confidence : 0.0);
  std::vector<std::optional<size_t>> final_index(drafts.size());
  for (size_t i = 0; i < drafts.size(); ++i) {
    if (!drafts[i].include) continue;
    final_index[i] = chosen.value.size();
    chosen.value.push_back(drafts[i].value);
    if (auto lowest = drafts[i].details.lowest_confidence()) chosen.confidence = std::min(chosen.confidence, *lowest);
    chosen.items.push_back(std::move(drafts[i].details));
  }
  size_t paired = 0, single = 0, kept_single = 0, judged_subs = 0;
  for (const auto& d : drafts) {
    if (d.from.left && d.from.right) ++paired;
    else ++single, kept_single += d.include ? 1 : 0;
  }
  for (const auto& r : rulings) {
    if (!r.sub.empty()) ++judged_subs;
    const auto& item = final_index[r.draft];
    std::string path = item ? fmt::format("{}[{}]", g.id, *item) : g.id;
    if (item && !r.sub.empty()) path += "." + r.sub;
    std::string reason = r.reason;
    if (!item) reason = fmt::format("an item only one model listed was left out: {}", r.reason);
    out.item_decisions.push_back({path, r.kind, reason});
  }
  out.decision = Decision{g.id, DecisionKind::Merge,
                          fmt::format("reconciled item by item: {} items paired ({} sub-values judged), {} listed by one "
                                      "model only ({} kept){}",
                                      paired, judged_subs, single, kept_single, note)};
  // An empty result is "none" only when a model said so; otherwise nothing was established.
  const bool said_none = (a && a->value.is_array() && a->value.empty()) || (b && b->value.is_array() && b->value.empty());
  if (!chosen.value.empty() || said_none) out.chosen = std::move(chosen);
  return out;
}

}  // namespace invox::extract
