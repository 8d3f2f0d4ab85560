#pragma once
// Fitting a Calibration from labelled samples: an isotonic map per field type, a pooled global
// map for types with too few samples, and k-fold cross-validation by case so the reported ECE
// is measured on cases the maps did not see.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "eval/confidence_metrics.hpp"
#include "invox/calibration.hpp"

namespace invox::eval {

// One value a run set, with its raw score, labelled by the dataset.
struct CalibrationSample {
  std::string group;  // "dataset/case": folds never split a case
  std::string field;
  std::string type;   // field type name; a group's sub-value carries its own type
  double raw = 0.0;
  bool correct = false;
  // value_signals() of the value (empty for kept fields); `= {}` keeps the five-member brace
  // initializations free of -Wmissing-field-initializers.
  std::vector<double> signals = {};
  // What was read and what the dataset expected: only for `invox calibrate --details`.
  Json predicted = nullptr, expected = nullptr;
};

struct FitParams {
  long min_type_samples = 40;  // fewer: the type uses the global map
  // Fit a signal model (invox/value_signals.hpp, eval/signal_model_fit.hpp) and map its scores
  // instead of the raw scores; needs samples with signals.
  bool signal_model = false;
  double prior_weight = 2.0;   // see IsotonicParams
  int folds = 5;
  double threshold = 0.8;      // acceptance threshold for the accepted figures
};

// An isotonic map per type with at least `min_type_samples` samples, and a global map of all.
[[nodiscard]] TypeMaps fit_type_maps(const std::vector<CalibrationSample>& samples, const FitParams& params);

// Fills `into.global`, `into.by_type` and `into.samples` from `samples`, and with
// `params.signal_model` `into.signal_model`, whose scores the maps are then fitted on.
void fit_maps(const std::vector<CalibrationSample>& samples, const FitParams& params, Calibration& into);

// The fold (0..folds-1) of each group ("dataset/case"), in an order that does not follow the
// datasets' file order; the same groups always get the same folds.
[[nodiscard]] std::map<std::string, int> fold_of_groups(const std::set<std::string>& groups, int folds);

struct CrossValidation {
  int folds = 0;
  ConfidenceMetrics raw;        // the raw scores as they are
  ConfidenceMetrics in_sample;  // maps fitted on every sample, measured on the same samples
  ConfidenceMetrics held_out;   // each fold measured with maps fitted on the other folds
  std::vector<std::vector<ConfidenceSample>> held_out_folds;  // those samples, fold by fold
  // Each sample's held-out confidence, in the order of the samples given (for --details).
  std::vector<double> held_out_confidence;
};

// Acceptance in these figures is confidence alone (>= threshold): no report issues are involved.
[[nodiscard]] CrossValidation cross_validate(const std::vector<CalibrationSample>& samples, const FitParams& params);

// The `validation` object a calibration file records.
[[nodiscard]] Json validation_json(const CrossValidation& cv);

// sha256 of the samples in a canonical order: changes exactly when the engine reads a dataset
// differently (another value, score or outcome).
[[nodiscard]] std::string samples_fingerprint(std::vector<CalibrationSample> samples);

}  // namespace invox::eval
