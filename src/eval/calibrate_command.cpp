#include "eval/calibrate_command.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "eval/confidence_charts.hpp"
#include "invox/output.hpp"
#include "invox/value_signals.hpp"
#include "util/file_io.hpp"
#include "util/sha256.hpp"
#include "util/time_format.hpp"

namespace invox::eval {

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The case has an issue that no threshold decides. The runs raise no low-confidence issue
// (raw_score_factory), and an optional field left empty (missing, manual_review) is what the
// kept maps decide, so every other issue blocks `complete` whatever the maps say.
bool blocked(const CaseRun& cr) {
  if (cr.status == FormStatus::Failed) return true;
  return std::any_of(cr.issues.begin(), cr.issues.end(), [](const Issue& i) {
    return !(i.type == IssueType::Missing && i.action == IssueAction::ManualReview);
  });
}

void print_row(std::FILE* out, const char* name, const ConfidenceMetrics& m) {
  std::fprintf(out, "| %s | %s | %s | %s | %s | %s |\n", name, metric_text(m.ece).c_str(), metric_text(m.brier).c_str(),
               metric_text(m.aurc).c_str(), metric_text(m.accepted_precision).c_str(), metric_text(m.accepted_coverage).c_str());
}

Json threshold_choice_json(const ThresholdChoice& choice) {
  return Json{{"targetPrecision", choice.target_precision},
              {"threshold", number_or_null(choice.threshold)},
              {"chosenWithoutEachFold", {{"acceptedPrecision", number_or_null(choice.held_out_precision)},
                                         {"acceptedCoverage", number_or_null(choice.held_out_coverage)}}}};
}

void print_threshold_choice(std::FILE* out, const ThresholdChoice& choice, const std::optional<double>& given) {
  if (given) {
    std::fprintf(out, "\nReview threshold: %.2f (--review-threshold), written to the file.\n", *given);
    return;
  }
  if (!choice.threshold) {
    std::fprintf(out,
                 "\nReview threshold: none from %.2f to %.2f reaches precision %.2f on the held-out values, so the "
                 "file carries none and runs use %.2f. Lower --target-precision, or add labelled cases.\n",
                 kThresholdGridLow / 100.0, kThresholdGridHigh / 100.0, choice.target_precision,
                 kDefaultReviewThreshold);
    return;
  }
  std::fprintf(out,
               "\nReview threshold: %.2f, the lowest from which the held-out values accepted are right at least "
               "%.0f %% of the time. Chosen again without each fold in turn and measured on that fold: precision "
               "%s at coverage %s. Runs that apply this file use it unless --review-threshold is given.\n",
               *choice.threshold, choice.target_precision * 100.0, metric_text(choice.held_out_precision).c_str(),
               metric_text(choice.held_out_coverage).c_str());
}

// One JSON line per sample: what was read, what was expected, and the confidence the sample got
// from maps fitted without its fold, so a user sees which values the chosen threshold would have
// accepted wrongly and which empty fields it would have trusted.
std::string details_jsonl(const std::vector<CalibrationSample>& samples, const std::vector<double>& held_out,
                          double threshold, bool set_by_run) {
  std::string text;
  for (size_t i = 0; i < samples.size(); ++i) {
    const CalibrationSample& s = samples[i];
    const double confidence = i < held_out.size() ? held_out[i] : 0.0;
    Json line{{"case", s.group},
              {"field", s.field},
              {"type", s.type},
              {"setByRun", set_by_run},
              {"predicted", s.predicted},
              {"expected", s.expected},
              {"correct", s.correct},
              {"rawConfidence", s.raw},
              {"heldOutConfidence", confidence},
              {"accepted", confidence >= threshold}};
    text += line.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
  }
  return text;
}

}  // namespace

std::string dataset_sha256(const Dataset& dataset) {
  std::string text;
  for (const char* part : {"templates", "cases"}) {
    for (const auto& file : files_in(dataset.root / part)) {
      auto content = util::read_file(file);
      text += fmt::format("{}/{}\n{}\n", part, file.filename().string(),
                          util::sha256_hex(content ? *content : std::string()));
    }
  }
  return util::sha256_hex(text);
}

StrategyFactory raw_score_factory(PipelineOptions pipeline, const ModelServices& services) {
  pipeline.calibration = nullptr;
  pipeline.builtin_calibration = false;
  pipeline.review_threshold = 0.0;
  return pipeline_factory(std::move(pipeline), services, std::nullopt);
}

Expected<CollectedSamples> collect_samples(const std::vector<std::string>& datasets, Strategy strategy,
                                           const StrategyFactory& factory, int jobs) {
  CollectedSamples out;
  out.strategy = std::string(to_string(strategy));
  for (const auto& path : datasets) {
    auto dataset = load_dataset(path);
    if (!dataset) return dataset.error();
    EvalOptions eo;
    eo.strategies = {strategy};
    eo.jobs = jobs;
    auto result = run_eval(*dataset, eo, factory);
    if (!result) return result.error();
    if (result->interrupted) return Error::input("calibrate was stopped before every case ran: nothing was written");
    const StrategyRun& run = result->strategies.front();
    out.models = run.metrics.model;
    out.datasets.push_back({path, static_cast<long>(dataset->cases.size()), dataset_sha256(*dataset)});
    for (const auto& cr : run.cases) {
      const std::string group = dataset->name + "/" + cr.score.case_id;
      const Template* tmpl = dataset->find_template(cr.score.template_id);
      const TranscriptTraits traits = transcript_traits(cr.transcript);
      for (const auto& field : cr.score.fields) {
        if (field.kept_raw)
          out.kept.push_back({group, field.field, std::string(to_string(field.type)), *field.kept_raw,
                              field.outcome == Outcome::Correct, {}, field.predicted, field.expected});
        const Field* def = tmpl ? tmpl->find(field.field) : nullptr;
        for_each_scored_value(field, [&](const FieldScore& f) {
          if (!f.set_by_run || !f.changed) return;
          const double raw = f.raw_confidence.value_or(f.confidence);
          // The signals the pipeline computes for this value (orchestrator: calibrate_fields).
          const Field* own = def && def->is_group() ? def->find(f.sub_field.substr(f.sub_field.find('.') + 1)) : def;
          std::vector<double> signals;
          if (own && tmpl)
            signals = value_signals({*own, *tmpl, f.predicted, f.evidence ? &*f.evidence : nullptr, traits, raw,
                                     &f.extractor_signals});
          out.samples.push_back({group, f.field, std::string(to_string(f.type)), raw, f.outcome == Outcome::Correct,
                                 std::move(signals), f.predicted, f.expected});
        });
      }
      out.cases.push_back({group, cr.score.exact(), blocked(cr)});
    }
  }
  return out;
}

std::string collected_fingerprint(const CollectedSamples& collected) {
  std::vector<CalibrationSample> all = collected.samples;
  for (auto s : collected.kept) {
    s.field = "kept:" + s.field;
    all.push_back(std::move(s));
  }
  return samples_fingerprint(std::move(all));
}

Expected<int> run_calibrate_command(const CalibrateCommandOptions& o, std::FILE* out, std::FILE* err) {
  if (o.datasets.empty()) return Error::config("calibrate: name at least one labelled dataset folder");
  if (auto s = check_output_file(o.out_path, "--out"); !s) return s.error();
  if (!o.svg_path.empty())
    if (auto s = check_output_file(o.svg_path, "--svg"); !s) return s.error();
  if (!o.details_path.empty())
    if (auto s = check_output_file(o.details_path, "--details"); !s) return s.error();
  auto collected = collect_samples(o.datasets, o.pipeline.strategy, raw_score_factory(o.pipeline, o.model_services),
                                   o.jobs);
  if (!collected) return collected.error();
  if (collected->samples.empty())
    return Error::input("calibrate: the runs set no value on these datasets, so there is nothing to fit; check the "
                        "datasets' cases and the model");

  Calibration c;
  c.strategy = collected->strategy;
  c.models = collected->models;
  c.created = util::utc_now_iso8601();
  c.datasets = collected->datasets;
  c.raw_fingerprint = collected_fingerprint(*collected);
  // Maps on the raw score, and maps on a signal model's score, each cross-validated by case.
  FitParams raw_fit = o.fit;
  raw_fit.signal_model = false;
  raw_fit.threshold = o.pipeline.review_threshold.value_or(kDefaultReviewThreshold);
  FitParams signal_fit = raw_fit;
  signal_fit.signal_model = true;
  CrossValidation raw_cv = cross_validate(collected->samples, raw_fit);
  std::optional<CrossValidation> signal_cv;
  if (o.signal_model != SignalModelChoice::Off) signal_cv = cross_validate(collected->samples, signal_fit);
  const bool use_signals =
      o.signal_model == SignalModelChoice::On ||
      (o.signal_model == SignalModelChoice::Auto && signal_cv && signal_cv->held_out.aurc && raw_cv.held_out.aurc &&
       *signal_cv->held_out.aurc < *raw_cv.held_out.aurc);
  const FitParams& fit = use_signals ? signal_fit : raw_fit;
  const ThresholdChoice choice = choose_review_threshold((use_signals ? *signal_cv : raw_cv).held_out_folds,
                                                         o.target_precision, kDefaultReviewThreshold);
  c.review_threshold = o.pipeline.review_threshold ? o.pipeline.review_threshold : choice.threshold;
  if (!o.pipeline.review_threshold && choice.threshold) c.target_precision = o.target_precision;
  if (c.review_threshold && *c.review_threshold != fit.threshold) {
    // The figures are reported at the threshold the file carries.
    raw_fit.threshold = signal_fit.threshold = *c.review_threshold;
    raw_cv = cross_validate(collected->samples, raw_fit);
    if (signal_cv) signal_cv = cross_validate(collected->samples, signal_fit);
  }
  const CrossValidation& cv = use_signals ? *signal_cv : raw_cv;
  fit_maps(collected->samples, fit, c);
  c.validation = validation_json(cv);
  c.validation["thresholdChoice"] = threshold_choice_json(choice);
  c.validation["signalModel"] = use_signals;
  if (signal_cv) {
    // The other fit's held-out figures, so the file shows what the choice was made on.
    const CrossValidation& other = use_signals ? raw_cv : *signal_cv;
    c.validation[use_signals ? "crossValidatedRawScoreOnly" : "crossValidatedWithSignalModel"] =
        validation_json(other)["crossValidated"];
  }
  c.kept = fit_type_maps(collected->kept, raw_fit);  // kept fields have no signals
  const CrossValidation kept_cv = cross_validate(collected->kept, raw_fit);
  const StatusValidation status = cross_validate_status(collected->samples, collected->kept, collected->cases, fit);
  c.kept_validation = validation_json(kept_cv);
  c.kept_validation["status"] = Json{{"folds", status.folds},
                                     {"valuesOnly", status_json(status.values_only)},
                                     {"withKept", status_json(status.with_kept)}};

  const std::string text = to_json(c).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
  if (auto s = write_file_atomically(o.out_path, text); !s) return Error::config("--out " + s.error().message);
  if (!o.svg_path.empty()) {
    const std::string title = fmt::format("{} {}: {}-fold cross-validated", c.strategy, c.models, cv.folds);
    if (auto s = write_file_atomically(o.svg_path, reliability_svg(cv.held_out, title)); !s)
      return Error::config("--svg " + s.error().message);
  }
  if (!o.details_path.empty()) {
    const std::string details = details_jsonl(collected->samples, cv.held_out_confidence, fit.threshold, true) +
                                details_jsonl(collected->kept, kept_cv.held_out_confidence, fit.threshold, false);
    if (auto s = write_file_atomically(o.details_path, details); !s)
      return Error::config("--details " + s.error().message);
  }

  std::fprintf(out, "Calibration of %s %s on %zu dataset(s), %ld samples; maps for: %s\n\n", c.strategy.c_str(),
               c.models.c_str(), c.datasets.size(), c.samples, [&] {
                 std::string types;
                 for (const auto& [t, m] : c.by_type) types += fmt::format("{}{} ({})", types.empty() ? "" : ", ", t, m.samples);
                 return (types.empty() ? std::string("none") : types) + fmt::format("; other types pooled (global, {})", c.global.samples);
               }().c_str());
  std::fprintf(out, "| scores | ECE | Brier | AURC | precision >= %.2f | coverage >= %.2f |\n|---|---|---|---|---|---|\n",
               fit.threshold, fit.threshold);
  print_row(out, "raw", cv.raw);
  print_row(out, "calibrated, in-sample", cv.in_sample);
  print_row(out, fmt::format("calibrated, {}-fold cross-validated", cv.folds).c_str(), cv.held_out);
  if (signal_cv) {
    const CrossValidation& other = use_signals ? raw_cv : *signal_cv;
    print_row(out,
              fmt::format("{}, {}-fold cross-validated", use_signals ? "raw score alone (not chosen)" : "signal model (not chosen)",
                          other.folds)
                  .c_str(),
              other.held_out);
  }
  std::fprintf(out, "\nSignal model: %s\n",
               use_signals ? (o.signal_model == SignalModelChoice::On
                                  ? "used (--signal-model on)"
                                  : "used: it ranks held-out values better than the raw score (lower AURC)")
                           : (o.signal_model == SignalModelChoice::Off
                                  ? "not fitted (--signal-model off)"
                                  : "not used: it does not rank held-out values better than the raw score"));
  print_threshold_choice(out, choice, o.pipeline.review_threshold);
  std::fprintf(out, "\nFields the runs did not set (empty or kept unchanged), %ld samples:\n\n", c.kept->samples);
  std::fprintf(
      out, "| kept scores | ECE | Brier | AURC | precision >= %.2f | coverage >= %.2f |\n|---|---|---|---|---|---|\n",
      fit.threshold, fit.threshold);
  print_row(out, "raw", kept_cv.raw);
  print_row(out, "calibrated, in-sample", kept_cv.in_sample);
  print_row(out, fmt::format("calibrated, {}-fold cross-validated", kept_cv.folds).c_str(), kept_cv.held_out);
  std::fprintf(out,
               "\nForm status, %d-fold cross-validated over %ld cases:\n\n| complete when | complete forms | fully "
               "correct | review rate |\n|---|---|---|---|\n",
               status.folds, status.with_kept.cases);
  for (const auto& [name, s] : {std::pair{"every value accepted", &status.values_only},
                                std::pair{"every value and every kept field accepted", &status.with_kept}}) {
    std::fprintf(out, "| %s | %ld | %s | %.3f |\n", name, s->complete, metric_text(s->complete_exact_rate()).c_str(),
                 s->review_rate());
  }
  if (!o.quiet)
    std::fprintf(err, "invox: wrote %s (apply it with: invox fill ... --calibration %s)\n", o.out_path.c_str(),
                 o.out_path.c_str());
  return 0;
}

}  // namespace invox::eval
