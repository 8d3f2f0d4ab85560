#pragma once
// `invox calibrate DATASET...` (DESIGN.md "Calibration"): runs the cases of labelled datasets
// with raw scores, fits the per-type maps, reports raw, in-sample and cross-validated figures
// and writes the calibration file. The CLI only parses flags into CalibrateCommandOptions.
#include <cstdio>
#include <string>
#include <vector>

#include "eval/calibration_fit.hpp"
#include "eval/dataset.hpp"
#include "eval/runner.hpp"
#include "eval/status_validation.hpp"
#include "eval/threshold_choice.hpp"
#include "invox/models.hpp"
#include "invox/orchestrator.hpp"

namespace invox::eval {

// Whether the calibration gets a signal model (invox/calibration.hpp): `Auto` keeps one only
// when it ranks the held-out folds' values better (lower cross-validated AURC) than the raw score.
enum class SignalModelChoice { Auto, On, Off };

struct CalibrateCommandOptions {
  std::vector<std::string> datasets;
  PipelineOptions pipeline;  // strategy and models to calibrate; its calibration is ignored
  ModelServices model_services;
  FitParams fit;  // its signal_model is set from `signal_model`, its threshold from the choice below
  // The file's review threshold: pipeline.review_threshold when set (--review-threshold), else the
  // lowest at which held-out values reach this precision (eval/threshold_choice.hpp).
  double target_precision = 0.95;
  SignalModelChoice signal_model = SignalModelChoice::Auto;
  int jobs = 0;
  bool quiet = false;
  std::string out_path = "calibration.json";
  std::string svg_path;  // optional: the cross-validated reliability diagram, as an SVG file
  // Optional: one JSON line per value and kept field with its held-out confidence (--details).
  std::string details_path;
};

// What a calibration is fitted from: every dataset run with raw scores.
struct CollectedSamples {
  std::string strategy;
  std::string models;
  std::vector<CalibrationDataset> datasets;
  std::vector<CalibrationSample> samples;  // values the runs set (changed)
  std::vector<CalibrationSample> kept;     // fields the runs did not set, with their raw kept scores
  std::vector<CalibrationCase> cases;      // every case, for the status figures
};

// Runs every case of `datasets` (paths as given: the file records them so) with `factory`'s
// pipeline for `strategy`; samples are the non-null values the runs set, kept samples the
// fields they did not set (right when the field's final value is).
[[nodiscard]] Expected<CollectedSamples> collect_samples(const std::vector<std::string>& datasets, Strategy strategy,
                                                         const StrategyFactory& factory, int jobs);

// The staleness fingerprint of what a calibration was fitted on (samples_fingerprint of the value
// and the kept samples, the kept ones marked so): the file's `rawFingerprint`.
[[nodiscard]] std::string collected_fingerprint(const CollectedSamples& collected);

// A pipeline factory whose runs report raw scores (no calibration, built-in or given) and raise
// no issue for a low score, so a case's remaining issues are those no threshold decides.
[[nodiscard]] StrategyFactory raw_score_factory(PipelineOptions pipeline, const ModelServices& services);

// sha256 of a dataset's templates/ and cases/ (names and contents).
[[nodiscard]] std::string dataset_sha256(const Dataset& dataset);

// Returns the exit code (0); errors before anything is written.
[[nodiscard]] Expected<int> run_calibrate_command(const CalibrateCommandOptions& options, std::FILE* out,
                                                  std::FILE* err);

}  // namespace invox::eval
