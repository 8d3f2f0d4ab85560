#include "eval/confidence_metrics.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace invox::eval {

Json number_or_null(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

ConfidenceMetrics sample_metrics(const std::vector<ConfidenceSample>& samples, double threshold) {
  ConfidenceMetrics m;
  m.threshold = threshold;
  m.samples = static_cast<long>(samples.size());
  m.bins.resize(kReliabilityBins);
  for (int b = 0; b < kReliabilityBins; ++b) {
    m.bins[b].lo = static_cast<double>(b) / kReliabilityBins;
    m.bins[b].hi = static_cast<double>(b + 1) / kReliabilityBins;
  }
  if (samples.empty()) return m;
  const double n = static_cast<double>(samples.size());
  std::vector<double> conf_sum(kReliabilityBins, 0.0), correct_sum(kReliabilityBins, 0.0);
  double brier = 0.0;
  long accepted = 0, accepted_correct = 0;
  for (const auto& s : samples) {
    const int b = std::clamp(static_cast<int>(s.confidence * kReliabilityBins), 0, kReliabilityBins - 1);
    ++m.bins[b].samples;
    conf_sum[b] += s.confidence;
    correct_sum[b] += s.correct ? 1.0 : 0.0;
    brier += (s.confidence - (s.correct ? 1.0 : 0.0)) * (s.confidence - (s.correct ? 1.0 : 0.0));
    if (s.accepted) {
      ++accepted;
      accepted_correct += s.correct ? 1 : 0;
    }
  }
  double ece = 0.0;
  for (int b = 0; b < kReliabilityBins; ++b) {
    auto& bin = m.bins[b];
    if (bin.samples == 0) continue;
    const double k = static_cast<double>(bin.samples);
    bin.mean_confidence = conf_sum[b] / k;
    bin.accuracy = correct_sum[b] / k;
    ece += k / n * std::abs(bin.accuracy - bin.mean_confidence);
  }
  m.ece = ece;
  m.brier = brier / n;
  std::vector<ConfidenceSample> sorted = samples;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const ConfidenceSample& a, const ConfidenceSample& b) { return a.confidence > b.confidence; });
  double errors = 0.0, area = 0.0;
  for (size_t k = 0; k < sorted.size(); ++k) {
    errors += sorted[k].correct ? 0.0 : 1.0;
    const double risk = errors / static_cast<double>(k + 1);
    area += risk;
    m.risk_coverage.emplace_back(static_cast<double>(k + 1) / n, risk);
  }
  m.aurc = area / n;
  m.accepted_coverage = static_cast<double>(accepted) / n;
  if (accepted > 0) m.accepted_precision = static_cast<double>(accepted_correct) / static_cast<double>(accepted);
  return m;
}

ConfidenceMetrics confidence_metrics(const StrategyRun& run, double threshold) {
  std::vector<ConfidenceSample> samples;
  long cases = 0, needs_review = 0, complete = 0, complete_exact = 0;
  for (const auto& cr : run.cases) {
    if (!cr.ran) continue;
    ++cases;
    if (cr.status == FormStatus::NeedsReview) ++needs_review;
    if (cr.status == FormStatus::Complete) {
      ++complete;
      complete_exact += cr.score.exact() ? 1 : 0;
    }
    for (const auto& field : cr.score.fields) {
      for_each_scored_value(field, [&](const FieldScore& f) {
        if (f.set_by_run) samples.push_back({f.confidence, f.outcome == Outcome::Correct, !f.flagged});
      });
    }
  }
  ConfidenceMetrics m = sample_metrics(samples, threshold);
  if (cases > 0) m.review_rate = static_cast<double>(needs_review) / static_cast<double>(cases);
  m.complete_forms = complete;
  if (complete > 0) m.complete_exact = static_cast<double>(complete_exact) / static_cast<double>(complete);
  return m;
}

Json calibration_json(const ConfidenceMetrics& m) {
  return Json{{"samples", m.samples},
              {"ece", number_or_null(m.ece)},
              {"brier", number_or_null(m.brier)},
              {"aurc", number_or_null(m.aurc)},
              {"threshold", m.threshold},
              {"acceptedCoverage", number_or_null(m.accepted_coverage)},
              {"acceptedPrecision", number_or_null(m.accepted_precision)},
              {"reviewRate", number_or_null(m.review_rate)},
              {"completeExact", number_or_null(m.complete_exact)}};
}

std::string metric_text(const std::optional<double>& v) { return v ? fmt::format("{:.3f}", *v) : "n/a"; }

}  // namespace invox::eval
