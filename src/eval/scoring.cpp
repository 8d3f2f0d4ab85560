#include "eval/scoring.hpp"

namespace invox::eval {

namespace {
double ratio(long num, long den) { return den > 0 ? static_cast<double>(num) / static_cast<double>(den) : 0.0; }
}  // namespace

bool CaseScore::exact() const {
  if (failed) return false;
  for (const auto& f : fields) {
    if (f.outcome != Outcome::Correct) return false;
  }
  return true;
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
    if (form) {
      if (const FilledField* filled = form->find(field.id)) {
        fs.predicted = filled->value;
        fs.evidence = filled->evidence;
        fs.confidence = filled->confidence;
        fs.raw_confidence = filled->raw_confidence;
        fs.set_by_run = filled->source == "ai" && !filled->value.is_null();
      }
    }
    if (issues) {
      for (const auto& i : *issues) fs.flagged = fs.flagged || i.field == field.id;
    }
    fs.outcome = classify_match(fs.expected, fs.predicted, field);
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
    counts.add(f.outcome, !f.expected.is_null());
    by_type[f.type].add(f.outcome, !f.expected.is_null());
  }
  usage += case_usage;
  total_ms += ms;
}

double StrategyMetrics::exact_form_rate() const { return ratio(exact_forms, cases); }
double StrategyMetrics::ms_per_case() const { return cases > 0 ? total_ms / static_cast<double>(cases) : 0.0; }

}  // namespace invox::eval
