// S3 (two models on the whole form, reconciled per field) and S4 (per field x two models,
// reconciled per field): DESIGN.md "Strategies".
#include <fmt/format.h>

#include "extract/reconcile.hpp"
#include "invox/strategy.hpp"
#include "util/worker_pool.hpp"

namespace invox {

namespace {

std::vector<const Field*> requested_fields(const ExtractionRequest& base) {
  if (!base.fields.empty()) return base.fields;
  std::vector<const Field*> out;
  if (base.tmpl) {
    for (const auto& f : base.tmpl->fields) out.push_back(&f);
  }
  return out;
}

Status check_input(const StrategyInput& in, std::string_view strategy) {
  if (!in.model_a || !in.model_b) {
    return Error::config(fmt::format("strategy {} needs two models (--models A,B)", strategy));
  }
  if (!in.judge) return Error::config(fmt::format("strategy {} needs a judge (--judge MODEL or --judge rules)", strategy));
  return ok();
}

std::optional<Candidate> find_candidate(const Expected<ExtractionResult>& r, const std::string& id) {
  if (!r) return std::nullopt;
  auto it = r->values.find(id);
  if (it == r->values.end()) return std::nullopt;
  return it->second;
}

extract::ReconcileInput reconcile_input(const StrategyInput& in, const Field& f, const Expected<ExtractionResult>& a,
                                        const Expected<ExtractionResult>& b) {
  extract::ReconcileInput r;
  r.field = &f;
  r.transcript = in.base.transcript;
  r.model_a = find_candidate(a, f.id);
  r.model_b = find_candidate(b, f.id);
  if (in.base.current) {
    auto it = in.base.current->find(f.id);
    if (it != in.base.current->end()) r.current = &it->second;
  }
  r.context = in.base.context;
  r.judge = in.judge;
  r.meter = in.base.meter;
  if (!a) r.model_a_failed = a.error().message;
  if (!b) r.model_b_failed = b.error().message;
  return r;
}

void absorb(StrategyOutput& out, const Field& f, extract::ReconcileOutcome&& rec) {
  if (rec.chosen) out.values[f.id] = std::move(*rec.chosen);
  if (rec.decision) out.decisions.push_back(std::move(*rec.decision));
  for (auto& d : rec.item_decisions) out.decisions.push_back(std::move(d));
  for (auto& issue : rec.issues) out.issues.push_back(std::move(issue));
  out.usage += rec.usage;
  out.calls += rec.judge_calls;
}

void absorb_extraction(StrategyOutput& out, const Expected<ExtractionResult>& r, const std::string& field_id,
                       const std::string& model) {
  if (r) {
    out.usage += r->usage;
    for (const auto& issue : r->issues) out.issues.push_back(issue);
  } else {
    out.issues.push_back({field_id, IssueType::Invalid, fmt::format("{} failed: {}", model, r.error().message),
                          field_id.empty() ? IssueAction::ManualReview : IssueAction::Requery});
  }
}

}  // namespace

Expected<StrategyOutput> run_s3(const StrategyInput& in) {
  if (auto st = check_input(in, "S3"); !st) return st.error();
  auto results = util::fan_out(2, 2, [&](size_t i) {
    return (i == 0 ? in.model_a : in.model_b)->extract(in.base);
  });
  const auto& a = results[0];
  const auto& b = results[1];
  if (!a && !b) {
    return Error{a.error().kind, fmt::format("both models failed: {}: {}; {}: {}", in.model_a->name(), a.error().message,
                                             in.model_b->name(), b.error().message)};
  }
  StrategyOutput out;
  out.calls = 2;
  absorb_extraction(out, a, "", in.model_a->name());
  absorb_extraction(out, b, "", in.model_b->name());
  const auto fields = requested_fields(in.base);
  auto reconciled = util::fan_out(fields.size(), in.max_parallel, [&](size_t i) {
    return extract::reconcile_field(reconcile_input(in, *fields[i], a, b));
  });
  for (size_t i = 0; i < fields.size(); ++i) absorb(out, *fields[i], std::move(reconciled[i]));
  return out;
}

Expected<StrategyOutput> run_s4(const StrategyInput& in) {
  if (auto st = check_input(in, "S4"); !st) return st.error();
  const auto fields = requested_fields(in.base);
  struct FieldRun {
    Expected<ExtractionResult> a = Error::internal("not run");
    Expected<ExtractionResult> b = Error::internal("not run");
    extract::ReconcileOutcome rec;
  };
  // Each field runs its two calls and then its reconciliation independently, so a slow field
  // never holds back the judge call of another (per-field error boundaries included).
  auto runs = util::fan_out(fields.size(), in.max_parallel, [&](size_t i) {
    ExtractionRequest request = in.base;
    request.fields = {fields[i]};
    auto both = util::fan_out(2, 2, [&](size_t m) { return (m == 0 ? in.model_a : in.model_b)->extract(request); });
    FieldRun run;
    run.a = std::move(both[0]);
    run.b = std::move(both[1]);
    if (run.a || run.b) run.rec = extract::reconcile_field(reconcile_input(in, *fields[i], run.a, run.b));
    return run;
  });
  StrategyOutput out;
  for (size_t i = 0; i < fields.size(); ++i) {
    auto& run = runs[i];
    out.calls += 2;
    absorb_extraction(out, run.a, fields[i]->id, in.model_a->name());
    absorb_extraction(out, run.b, fields[i]->id, in.model_b->name());
    absorb(out, *fields[i], std::move(run.rec));
  }
  return out;
}

}  // namespace invox
