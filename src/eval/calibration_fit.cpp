#include "eval/calibration_fit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "eval/isotonic.hpp"
#include "eval/signal_model_fit.hpp"
#include "util/sha256.hpp"

namespace invox::eval {

namespace {

MonotoneMap fit_one(const std::vector<const CalibrationSample*>& samples, double prior_weight) {
  std::vector<std::pair<double, double>> points;
  double correct = 0.0;
  for (const auto* s : samples) {
    points.emplace_back(s->raw, s->correct ? 1.0 : 0.0);
    correct += s->correct ? 1.0 : 0.0;
  }
  IsotonicParams p;
  p.prior = samples.empty() ? 0.5 : correct / static_cast<double>(samples.size());
  p.prior_weight = prior_weight;
  return fit_isotonic(std::move(points), p);
}

std::vector<ConfidenceSample> apply_maps(const Calibration& c, const std::vector<const CalibrationSample*>& samples,
                                         double threshold) {
  std::vector<ConfidenceSample> out;
  for (const auto* s : samples) {
    const double p = c.probability(s->type, s->raw, s->signals);
    out.push_back({p, s->correct, p >= threshold});
  }
  return out;
}

// The samples with `raw` replaced by the model's score of their signals.
std::vector<CalibrationSample> model_scored(std::vector<CalibrationSample> samples, const SignalModel& model) {
  for (auto& s : samples) s.raw = model.score(s.signals);
  return samples;
}

}  // namespace

std::map<std::string, int> fold_of_groups(const std::set<std::string>& groups, int folds) {
  std::vector<std::pair<std::string, std::string>> keyed;
  for (const auto& g : groups) keyed.emplace_back(util::sha256_hex(g), g);
  std::sort(keyed.begin(), keyed.end());
  std::map<std::string, int> out;
  for (size_t i = 0; i < keyed.size(); ++i) out[keyed[i].second] = static_cast<int>(i % static_cast<size_t>(folds));
  return out;
}

TypeMaps fit_type_maps(const std::vector<CalibrationSample>& samples, const FitParams& params) {
  std::vector<const CalibrationSample*> all;
  std::map<std::string, std::vector<const CalibrationSample*>> by_type;
  for (const auto& s : samples) {
    all.push_back(&s);
    by_type[s.type].push_back(&s);
  }
  TypeMaps maps;
  maps.samples = static_cast<long>(samples.size());
  maps.global = fit_one(all, params.prior_weight);
  for (const auto& [type, list] : by_type) {
    if (static_cast<long>(list.size()) >= params.min_type_samples)
      maps.by_type[type] = fit_one(list, params.prior_weight);
  }
  return maps;
}

void fit_maps(const std::vector<CalibrationSample>& samples, const FitParams& params, Calibration& into) {
  into.signal_model.reset();
  if (params.signal_model) into.signal_model = fit_signal_model(samples, SignalFitParams{});
  TypeMaps maps = fit_type_maps(into.signal_model ? model_scored(samples, *into.signal_model) : samples, params);
  into.samples = maps.samples;
  into.global = std::move(maps.global);
  into.by_type = std::move(maps.by_type);
}

CrossValidation cross_validate(const std::vector<CalibrationSample>& samples, const FitParams& params) {
  CrossValidation cv;
  std::vector<const CalibrationSample*> all;
  std::vector<ConfidenceSample> raw;
  for (const auto& s : samples) {
    all.push_back(&s);
    raw.push_back({s.raw, s.correct, s.raw >= params.threshold});
  }
  cv.raw = sample_metrics(raw, params.threshold);
  Calibration full;
  fit_maps(samples, params, full);
  cv.in_sample = sample_metrics(apply_maps(full, all, params.threshold), params.threshold);

  std::set<std::string> groups;
  for (const auto& s : samples)
    groups.insert(s.group);
  const auto folds = fold_of_groups(groups, std::max(2, params.folds));
  cv.folds = std::max(2, params.folds);
  std::vector<ConfidenceSample> held_out;
  cv.held_out_confidence.assign(samples.size(), 0.0);
  for (int k = 0; k < cv.folds; ++k) {
    std::vector<CalibrationSample> train;
    std::vector<const CalibrationSample*> test;
    for (const auto& s : samples) {
      if (folds.at(s.group) == k)
        test.push_back(&s);
      else
        train.push_back(s);
    }
    if (test.empty()) continue;
    Calibration fitted;
    fit_maps(train, params, fitted);
    cv.held_out_folds.push_back(apply_maps(fitted, test, params.threshold));
    for (size_t i = 0; i < test.size(); ++i)
      cv.held_out_confidence[static_cast<size_t>(test[i] - samples.data())] = cv.held_out_folds.back()[i].confidence;
    held_out.insert(held_out.end(), cv.held_out_folds.back().begin(), cv.held_out_folds.back().end());
  }
  cv.held_out = sample_metrics(held_out, params.threshold);
  return cv;
}

Json validation_json(const CrossValidation& cv) {
  auto figures = [](const ConfidenceMetrics& m) {
    Json j = calibration_json(m);
    j.erase("reviewRate");
    j.erase("completeExact");
    return j;
  };
  return Json{{"folds", cv.folds}, {"raw", figures(cv.raw)}, {"inSample", figures(cv.in_sample)},
              {"crossValidated", figures(cv.held_out)}};
}

std::string samples_fingerprint(std::vector<CalibrationSample> samples) {
  std::sort(samples.begin(), samples.end(), [](const CalibrationSample& a, const CalibrationSample& b) {
    return std::tie(a.group, a.field) < std::tie(b.group, b.field);
  });
  std::string text;
  for (const auto& s : samples) {
    // The signals too: a signal model is stale when a value's evidence or words change.
    std::string signals;
    for (double x : s.signals) signals += fmt::format("{:.3f},", x);
    text += fmt::format("{}\t{}\t{}\t{:.3f}\t{}{}\n", s.group, s.field, s.type, s.raw, s.correct ? 1 : 0,
                        signals.empty() ? "" : "\t" + util::sha256_hex(signals).substr(0, 16));
  }
  return "sha256:" + util::sha256_hex(text);
}

}  // namespace invox::eval
