#pragma once
// How well confidence tracks correctness (DESIGN.md "Scoring confidence"): ECE, Brier, AURC,
// accepted precision and coverage, review rate and the exactness of forms marked complete.
#include <optional>
#include <string>
#include <vector>

#include "eval/runner.hpp"
#include "invox/json.hpp"

namespace invox::eval {

// One value the run set: its confidence, whether it is right, whether it was accepted (no issue).
struct ConfidenceSample {
  double confidence = 0.0;
  bool correct = false;
  bool accepted = false;
};

struct ReliabilityBin {
  double lo = 0.0, hi = 0.0;
  long samples = 0;
  double mean_confidence = 0.0;
  double accuracy = 0.0;
};

struct ConfidenceMetrics {
  long samples = 0;
  std::optional<double> ece, brier, aurc;
  double threshold = 0.0;
  std::optional<double> accepted_coverage, accepted_precision;
  std::optional<double> review_rate;     // cases needs_review / cases
  std::optional<double> complete_exact;  // exact forms among complete ones; none when no form is complete
  long complete_forms = 0;
  std::vector<ReliabilityBin> bins;        // the 10 equal-width bins, empty ones included
  std::vector<std::pair<double, double>> risk_coverage;  // (coverage, error rate) per prefix, by confidence
};

inline constexpr int kReliabilityBins = 10;

// Metrics over samples alone (no statuses): ECE, Brier, AURC, bins, accepted figures.
[[nodiscard]] ConfidenceMetrics sample_metrics(const std::vector<ConfidenceSample>& samples, double threshold);

// Everything of a strategy's run: samples from values the run set, statuses of the cases.
[[nodiscard]] ConfidenceMetrics confidence_metrics(const StrategyRun& run, double threshold);

// The DESIGN.md `calibration` block: samples, ece, brier, aurc, threshold, acceptedCoverage,
// acceptedPrecision, reviewRate, completeExact (null where undefined).
[[nodiscard]] Json calibration_json(const ConfidenceMetrics& m);

// A metric for a JSON document: the number, or null when it could not be measured.
[[nodiscard]] Json number_or_null(const std::optional<double>& v);

// A metric for a table or chart: three decimals, "n/a" when it could not be measured.
[[nodiscard]] std::string metric_text(const std::optional<double>& v);

}  // namespace invox::eval
