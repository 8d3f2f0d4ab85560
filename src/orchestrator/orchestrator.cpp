// The pipeline of DESIGN.md: STT -> RAG -> IE -> CF -> VER (-> re-query), one input at a time.
#include "invox/orchestrator.hpp"

#include <algorithm>

#include <fmt/format.h>

#include <set>

#include "invox/failure.hpp"
#include "invox/log.hpp"
#include "orchestrator/asr_evidence.hpp"
#include "orchestrator/form_assembly.hpp"
#include "orchestrator/stages.hpp"
#include "invox/group.hpp"
#include "invox/value_signals.hpp"
#include "invox/verify.hpp"
#include "util/cancel.hpp"

namespace invox {

namespace {

// The calibration a run applies: the given one, else the built-in one when it was fitted for
// exactly this strategy and these models.
std::shared_ptr<const Calibration> resolve_calibration(const PipelineOptions& o, const std::string& models) {
  const std::string strategy(to_string(o.strategy));
  if (o.calibration && (o.calibration->models != models || o.calibration->strategy != strategy)) {
    // Still applied: the user chose the file; its maps may just not fit these scores.
    log::warn(fmt::format("the calibration was fitted for {} {}, this run is {} {}: its probabilities may not hold "
                          "(run 'invox calibrate' for this setup)",
                          o.calibration->strategy, o.calibration->models, strategy, models));
  }
  if (o.calibration || !o.builtin_calibration) return o.calibration;
  auto builtin = builtin_rules_calibration();
  if (builtin && builtin->samples > 0 && builtin->models == models && builtin->strategy == strategy)
    return builtin;
  return nullptr;
}

}  // namespace

Orchestrator::Orchestrator(PipelineOptions options, PipelineServices services)
    : options_(std::move(options)), services_(std::move(services)), models_(describe_models(services_)) {
  options_.calibration = resolve_calibration(options_, models_);
  // A calibration's threshold was chosen for its maps: it holds only with them.
  if (!options_.review_threshold)
    options_.review_threshold = options_.calibration && options_.calibration->review_threshold
                                    ? *options_.calibration->review_threshold
                                    : kDefaultReviewThreshold;
}

namespace {

// A group's sub-values are calibrated by their own types (as `invox calibrate` fits them); the
// group's confidence stays the lowest of its items'.
void calibrate_items(const Template& tmpl, const Field& group, const Calibration& calibration,
                     const TranscriptTraits& traits, FilledField& f) {
  std::optional<double> lowest;
  for (size_t i = 0; i < f.items.size(); ++i) {
    auto& item = f.items[i];
    for (auto& [sub_id, c] : item.confidence) {
      const Field* sub = group.find(sub_id);
      if (!sub) continue;
      item.raw_confidence[sub_id] = c;
      static const Json kNoItem;
      const Json& value = sub_value(f.value.is_array() && i < f.value.size() ? f.value[i] : kNoItem, *sub);
      auto ev = item.evidence.find(sub_id);
      c = calibration.probability(
          to_string(sub->type), c,
          calibration.signal_model
              ? value_signals({*sub, tmpl, value, ev == item.evidence.end() ? nullptr : &ev->second, traits, c, nullptr})
              : std::vector<double>{});
    }
    if (auto c = item.lowest_confidence()) lowest = lowest ? std::min(*lowest, *c) : *c;
  }
  if (lowest) f.confidence = *lowest;
}

// Values this run set get the calibrated probability; the extractor's score stays as raw. A
// carried value keeps confidence 1 even when an earlier run set it (source "ai"): this run did
// not estimate it, and its 1 is no raw score of the maps' kind. A signal model reads the value's
// signals (docs/PIPELINE.md "Value signals"), computed only when there is one.
void calibrate_fields(const Template& tmpl, const Calibration* calibration, FilledForm& form) {
  if (!calibration) return;
  const TranscriptTraits traits =
      calibration->signal_model ? transcript_traits(form.transcript) : TranscriptTraits{};
  for (auto& [id, f] : form.filled) {
    const Field* field = tmpl.find(id);
    if (!field || !f.changed || f.source != "ai" || f.value.is_null()) continue;
    f.raw_confidence = f.confidence;
    if (field->is_group() && !f.items.empty()) {
      calibrate_items(tmpl, *field, *calibration, traits, f);
    } else {
      const double raw = f.confidence;
      f.confidence = calibration->probability(
          to_string(field->type), raw,
          calibration->signal_model
              ? value_signals({*field, tmpl, f.value, f.evidence ? &*f.evidence : nullptr, traits, raw,
                               &f.extractor_signals})
              : std::vector<double>{});
    }
  }
}

// Fields this run did not set get their raw kept score and, with kept maps, the probability that
// what they hold (null, or the current value) is right (docs/PIPELINE.md "Kept fields").
void score_kept_fields(const verify::VerifyInput& in, const Calibration* calibration, FilledForm& form) {
  for (const auto& [id, raw] : verify::kept_raw_scores(in)) {
    FilledField* f = form.find(id);
    const Field* field = in.tmpl->find(id);
    if (!f || !field) continue;
    f->kept_raw = raw;
    if (calibration) f->kept_confidence = calibration->apply_kept(to_string(field->type), raw);
  }
}

// Everything one input's run accumulates between stages.
struct RunState {
  const FillRequest& request;
  const Template& tmpl;
  Transcript transcript;
  std::vector<util::ByteSpan> segment_spans;
  CfCandidates candidates;
  std::vector<Issue> extraction_issues;  // from the strategy (per-field failures)
};

void fail(FillOutcome& out, std::string reason) {
  out.report.status = FormStatus::Failed;
  out.report.error = std::move(reason);
  out.report.issues.clear();
}

// ASR mapping then CF for a strategy's candidates.
CfCandidates to_cf(RunState& st, std::map<std::string, Candidate> values) {
  for (auto& [id, cand] : values) apply_asr_evidence(cand, st.transcript, st.segment_spans);
  return normalize_candidates(values, st.tmpl, st.request.current, st.request.context);
}

// Builds the form from the current candidates, verifies it, and returns all issues.
std::vector<Issue> assemble_and_verify(RunState& st, FillOutcome& out, const PipelineOptions& options) {
  out.form.filled = assemble_fields(st.tmpl, st.request.current, st.candidates);
  calibrate_fields(st.tmpl, options.calibration.get(), out.form);
  verify::VerifyInput vin{&st.tmpl, &out.form, &st.transcript, st.request.context};
  score_kept_fields(vin, options.calibration.get(), out.form);
  std::vector<Issue> issues = st.extraction_issues;
  for (const auto& [id, c] : st.candidates) {
    if (c.issue) issues.push_back(*c.issue);
  }
  const double threshold = options.review_threshold.value_or(kDefaultReviewThreshold);
  for (auto& i : verify::verify_form(vin, {threshold})) issues.push_back(std::move(i));
  return verify::dedupe_issues(std::move(issues));
}

// Fields a clarification round re-asks, with VER's details as hints.
std::map<std::string, std::string> requery_hints(const RunState& st, const std::vector<Issue>& issues) {
  std::map<std::string, std::string> hints;
  for (const auto& i : issues) {
    // A group is asked again as a whole list; the hint names the sub-value ("vehicles[1].colour: ...").
    const std::string id(path_field_id(i.field));
    if (i.action != IssueAction::Requery || !is_writable(st.tmpl, st.request.current, id)) continue;
    std::string& h = hints[id];
    h += (h.empty() ? "" : "; ") + (id == i.field ? i.detail : i.field + ": " + i.detail);
  }
  return hints;
}

void run_pipeline(const PipelineOptions& options, const PipelineServices& services, const FillRequest& request,
                  const std::shared_ptr<UsageMeter>& meter, FillOutcome& out) {
  Report& report = out.report;
  if (!request.tmpl) return fail(out, "no form template given");
  const Template& tmpl = *request.tmpl;
  // The form of a failed input: every field keeps its current value, exactly as in a run that
  // heard nothing about it (carried values have confidence 1: this run did not estimate them).
  out.form.filled = assemble_fields(tmpl, request.current, {});
  if (request.transcript) out.form.transcript = request.transcript->text;
  if (!services.model_a) return fail(out, "no extraction model is configured");
  if (needs_two_models(options.strategy) && (!services.model_b || !services.judge)) {
    return fail(out, fmt::format("strategy {} needs two models and a judge (--models A,B --judge J)",
                                 to_string(options.strategy)));
  }

  auto transcript = obtain_transcript(request, options, services, report);
  if (!transcript) {
    const auto& e = transcript.error();
    return fail(out, e.kind == ErrorKind::Config ? config_failure(e.message) : e.message);
  }
  out.form.transcript = transcript->text;
  if (transcript->text.find_first_not_of(" \t\r\n") == std::string::npos) {
    return fail(out, "the transcript is empty: nothing to extract");
  }
  RunState st{request, tmpl, std::move(*transcript), {}, {}, {}};
  st.segment_spans = locate_segments(st.transcript);

  StrategyInput input;
  input.base.tmpl = &tmpl;
  input.base.transcript = &st.transcript;
  input.base.old_transcript = request.old_transcript;
  input.base.current = &request.current;
  input.base.context = request.context;
  input.base.meter = meter;
  for (const Field& f : tmpl.fields) {
    if (is_writable(tmpl, request.current, f.id)) input.base.fields.push_back(&f);
  }
  input.model_a = services.model_a.get();
  input.model_b = services.model_b.get();
  input.judge = services.judge.get();
  if (services.history) {
    input.base.examples = retrieve_examples(*services.history, tmpl, st.transcript.text, options.retrieval, report);
  }

  // IE
  StageClock ie_clock("ie");
  auto extracted = run_strategy_guarded(options.strategy, input);
  if (!extracted) {
    report.stages.push_back(ie_clock.finish(false, extracted.error().message));
    const auto& e = extracted.error();
    return fail(out, e.kind == ErrorKind::Config ? config_failure(e.message) : "extraction failed: " + e.message);
  }
  StageTiming ie = ie_clock.finish();
  ie.calls = extracted->calls;
  report.stages.push_back(ie);
  report.decisions = extracted->decisions;
  st.extraction_issues = extracted->issues;

  // CF
  StageClock cf_clock("cf");
  st.candidates = to_cf(st, std::move(extracted->values));
  report.stages.push_back(cf_clock.finish());

  // VER
  StageClock ver_clock("ver");
  std::vector<Issue> issues = assemble_and_verify(st, out, options);
  report.stages.push_back(ver_clock.finish());

  // Clarification: re-ask only fields with requery issues, with the issues as hints.
  std::optional<StageTiming> requery;
  const bool hints_heard = services.model_a->reads_hints() || (services.model_b && services.model_b->reads_hints());
  for (int round = 0; hints_heard && round < options.max_requery; ++round) {
    auto hints = requery_hints(st, issues);
    if (hints.empty()) break;
    StageClock clock("requery");
    StrategyInput again = input;
    again.base.fields.clear();
    for (const auto& [id, hint] : hints) again.base.fields.push_back(tmpl.find(id));
    again.base.hints = hints;
    auto r = run_strategy_guarded(options.strategy, again);
    StageTiming t = clock.finish(bool(r), r ? std::string() : r.error().message);
    if (r) {
      t.calls = r->calls;
      std::erase_if(report.decisions, [&](const Decision& d) { return hints.count(d.field) > 0; });
      for (auto& d : r->decisions) report.decisions.push_back(std::move(d));
      std::erase_if(st.extraction_issues, [&](const Issue& i) { return hints.count(std::string(path_field_id(i.field))) > 0; });
      for (auto& i : r->issues) {
        if (hints.count(std::string(path_field_id(i.field)))) st.extraction_issues.push_back(std::move(i));
      }
      std::map<std::string, Candidate> fresh;
      for (auto& [id, c] : r->values) {
        if (hints.count(id) && !c.value.is_null()) fresh[id] = std::move(c);
      }
      for (auto& [id, c] : to_cf(st, std::move(fresh))) st.candidates[id] = std::move(c);
      issues = assemble_and_verify(st, out, options);
      t.ms = clock.elapsed_ms();
    }
    if (!requery) {
      requery = t;
    } else {
      requery->ms += t.ms;
      requery->calls = requery->calls.value_or(0) + t.calls.value_or(0);
      requery->ok = requery->ok && t.ok;
      if (!t.error.empty()) requery->error = t.error;
    }
    if (!r) break;
  }
  if (requery) report.stages.push_back(*requery);

  report.issues = std::move(issues);
  report.status = verify::status_for(report.issues);
  for (const auto& [id, f] : out.form.filled) {
    if (!f.value.is_null()) report.confidence.emplace_back(id, f.confidence);
    if (f.kept_confidence) report.kept_confidence.emplace_back(id, *f.kept_confidence);
  }
  if (options.learn && services.history) learn_from(*services.history, out);
}

}  // namespace

FillOutcome Orchestrator::process(const FillRequest& request) const {
  FillOutcome out;
  out.form.template_id = request.tmpl ? request.tmpl->id : "";
  out.form.strategy = std::string(to_string(options_.strategy));
  out.form.model = models_;
  // Usage is what the model clients metered: every request that reached a model, re-asks and
  // failed or refused calls included; the offline rules engine sends none (llmCalls 0).
  auto meter = std::make_shared<UsageMeter>();
  try {
    run_pipeline(options_, services_, request, meter, out);
  } catch (const util::StopRequested&) {
    throw;  // cut short, not failed: the batch leaves the input "not run"
  } catch (const std::exception& e) {
    fail(out, fmt::format("internal error: {}", e.what()));
  } catch (...) {
    fail(out, "internal error: unknown exception");
  }
  out.report.usage = meter->total();
  if (out.report.status == FormStatus::Failed) {
    log::debug(fmt::format("{}: failed: {}", request.input.string(), out.report.error));
  }
  return out;
}

}  // namespace invox
