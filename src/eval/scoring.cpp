#include "eval/scoring.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "invox/group_items.hpp"

#include "invox/group.hpp"

namespace invox::eval {

namespace {
double ratio(long num, long den) { return den > 0 ? static_cast<double>(num) / static_cast<double>(den) : 0.0; }

size_t item_count(const Json& v) { return v.is_array() ? v.size() : 0; }

// DESIGN.md "Scoring a group": pair the items, score each sub-field of each pair like a scalar.
void score_group(const Field& group, const FilledField* filled, const std::vector<Issue>* issues, FieldScore& fs) {
  const bool ai = filled && filled->source == "ai";
  for (const auto& [e, p] : match_group_items(fs.expected, fs.predicted, group)) {
    static const Json kNone;
    const Json& expected_item = e ? fs.expected[*e] : kNone;
    const Json& predicted_item = p ? fs.predicted[*p] : kNone;
    const ItemDetails* details = p && filled && *p < filled->items.size() ? &filled->items[*p] : nullptr;
    const std::string index = !p ? "-" : (e ? "" : "+") + std::to_string(*p);
    for (const auto& sub : group.fields) {
      FieldScore s;
      s.field = fmt::format("{}[{}].{}", group.id, index, sub.id);
      s.sub_field = group.id + "." + sub.id;
      s.type = sub.type;
      s.expected = sub_value(expected_item, sub);
      s.predicted = sub_value(predicted_item, sub);
      s.outcome = classify_match(s.expected, s.predicted, sub);
      if (details) {
        if (auto it = details->evidence.find(sub.id); it != details->evidence.end()) s.evidence = it->second;
        auto c = details->confidence.find(sub.id);
        s.confidence = c != details->confidence.end() ? c->second : filled->confidence;
      }
      s.set_by_run = ai && p && !s.predicted.is_null();
      s.changed = filled && filled->changed;
      if (issues && p) {
        const std::string path = sub_value_path(group.id, *p, sub.id);
        for (const auto& i : *issues) s.flagged = s.flagged || i.field == path || i.field == group.id;
      }
      fs.sub_values.push_back(std::move(s));
    }
  }
  const bool all_correct =
      std::all_of(fs.sub_values.begin(), fs.sub_values.end(), [](const FieldScore& s) { return s.outcome == Outcome::Correct; });
  if (all_correct) fs.outcome = Outcome::Correct;
  else if (item_count(fs.expected) == 0) fs.outcome = Outcome::Hallucination;
  else if (item_count(fs.predicted) == 0) fs.outcome = Outcome::Omission;
  else fs.outcome = Outcome::Wrong;
}
}  // namespace

bool CaseScore::exact() const {
  if (failed) return false;
  for (const auto& f : fields) {
    if (f.outcome != Outcome::Correct) return false;
  }
  return true;
}

std::optional<bool> CaseScore::item_counts_exact() const {
  std::optional<bool> all;
  for (const auto& f : fields) {
    if (f.type != FieldType::Group) continue;
    all = all.value_or(true) && item_count(f.expected) == item_count(f.predicted);
  }
  return all;
}

int CaseScore::lock_violations() const {
  int n = 0;
  for (const auto& f : fields) n += f.lock_violation ? 1 : 0;
  return n;
}

CaseScore score_case(const std::string& case_id, const Template& tmpl, const Json& expected, const FilledForm* form,
                     const CurrentValues& current, const std::vector<Issue>* issues) {
  CaseScore cs;
  cs.case_id = case_id;
  cs.template_id = tmpl.id;
  cs.failed = form == nullptr;
  for (const auto& field : tmpl.fields) {
    FieldScore fs;
    fs.field = field.id;
    fs.type = field.type;
    auto e = expected.find(field.id);
    fs.expected = e == expected.end() ? Json(nullptr) : *e;
    const FilledField* filled = form ? form->find(field.id) : nullptr;
    if (filled) {
      fs.predicted = filled->value;
      fs.evidence = filled->evidence;
      fs.confidence = filled->confidence;
      fs.raw_confidence = filled->raw_confidence;
      fs.extractor_signals = filled->extractor_signals;
      fs.set_by_run = filled->source == "ai" && !filled->value.is_null() && !field.is_group();
      fs.changed = filled->changed;
      fs.kept_raw = filled->kept_raw;
    }
    if (issues) {
      for (const auto& i : *issues) fs.flagged = fs.flagged || i.field == field.id;
    }
    if (field.is_group()) {
      score_group(field, filled, issues, fs);
    } else {
      fs.outcome = classify_match(fs.expected, fs.predicted, field);
    }
    // A failed case wrote nothing, so it cannot have overwritten a lock.
    if (auto cv = current.find(field.id); form && cv != current.end() && cv->second.locked) {
      const Json& locked = cv->second.value;
      const bool same = locked.is_null() ? fs.predicted.is_null()
                                         : !fs.predicted.is_null() && values_match(locked, fs.predicted, field);
      fs.lock_violation = !same;
    }
    cs.fields.push_back(std::move(fs));
  }
  return cs;
}

void Counts::add(Outcome o, bool expected_non_null) {
  switch (o) {
    case Outcome::Correct:
      ++correct;
      if (expected_non_null) ++correct_non_null;
      break;
    case Outcome::Hallucination: ++hallucinations; break;
    case Outcome::Omission: ++omissions; break;
    case Outcome::Wrong: ++wrong; break;
  }
}

Counts& Counts::operator+=(const Counts& o) {
  correct += o.correct;
  correct_non_null += o.correct_non_null;
  hallucinations += o.hallucinations;
  omissions += o.omissions;
  wrong += o.wrong;
  return *this;
}

double Counts::precision() const { return ratio(correct_non_null, predicted_non_null()); }
double Counts::recall() const { return ratio(correct_non_null, expected_non_null()); }
double Counts::f1() const {
  const double p = precision(), r = recall();
  return p + r > 0.0 ? 2.0 * p * r / (p + r) : 0.0;
}

void StrategyMetrics::add(const CaseScore& score, const Usage& case_usage, double ms) {
  ++cases;
  if (score.failed) ++failed_cases;
  if (score.exact()) ++exact_forms;
  lock_violations += score.lock_violations();
  for (const auto& f : score.fields) {
    if (f.type != FieldType::Group) {
      counts.add(f.outcome, !f.expected.is_null());
      by_type[f.type].add(f.outcome, !f.expected.is_null());
      continue;
    }
    for (const auto& s : f.sub_values) {
      counts.add(s.outcome, !s.expected.is_null());
      by_type[FieldType::Group].add(s.outcome, !s.expected.is_null());
      by_group_field[s.sub_field].add(s.outcome, !s.expected.is_null());
    }
  }
  if (auto counts_exact = score.item_counts_exact()) {
    ++group_cases;
    if (*counts_exact && !score.failed) ++item_count_exact;
  }
  usage += case_usage;
  total_ms += ms;
}

double StrategyMetrics::exact_form_rate() const { return ratio(exact_forms, cases); }
std::optional<double> StrategyMetrics::item_count_exact_rate() const {
  if (group_cases == 0) return std::nullopt;
  return ratio(item_count_exact, group_cases);
}
double StrategyMetrics::ms_per_case() const { return cases > 0 ? total_ms / static_cast<double>(cases) : 0.0; }

}  // namespace invox::eval
