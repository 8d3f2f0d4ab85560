#pragma once
// Calibrated confidence (DESIGN.md "Calibration"): monotone maps from a model's raw score to the
// probability that the value is correct, one per field type with a pooled global map for types
// that had too few samples. `invox calibrate` fits them (src/eval/calibration_fit.hpp); fill and
// eval apply them. A group's sub-value is calibrated by its own type, like a scalar field.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "invox/expected.hpp"
#include "invox/json.hpp"

namespace invox {

// Format 2 adds the signal model; a file without one is written as format 1, which older invox
// builds read too.
inline constexpr int kCalibrationFormatVersion = 2;

// A run accepts a value without review when its confidence is at least the review threshold:
// --review-threshold, else the applied calibration's own (Calibration::review_threshold), else this.
inline constexpr double kDefaultReviewThreshold = 0.8;

// A non-decreasing piecewise-linear map given by knots (raw score, probability), sorted by raw
// score; constant beyond the first and last knot. No knots = the identity.
struct MonotoneMap {
  std::vector<std::pair<double, double>> knots;
  long samples = 0;  // how many samples it was fitted on

  [[nodiscard]] double apply(double raw) const;
};

// Maps per field type with a pooled global map for types that had too few samples.
struct TypeMaps {
  long samples = 0;
  MonotoneMap global;
  std::map<std::string, MonotoneMap> by_type;  // field type name ("date") -> map

  // The probability for field type `type` at raw score `raw`: its own map, else the global one;
  // below the lowest raw score its own map was fitted on, the lower of the two.
  [[nodiscard]] double apply(std::string_view type, double raw) const;
};

// A logistic model over a value's signals (invox/value_signals.hpp): score = 1 / (1 + e^-(bias +
// weights . signals)). When a calibration has one, its maps turn this score, not the model's raw
// score, into a probability: the signals separate right from wrong values that the raw score
// alone ranks alike (docs/PIPELINE.md "Value signals").
struct SignalModel {
  std::vector<std::string> signals;  // value_signal_names() of the invox that fitted it
  std::vector<double> weights;       // one per signal
  double bias = 0.0;

  [[nodiscard]] double score(const std::vector<double>& values) const;
};

// One labelled dataset a calibration was fitted on.
struct CalibrationDataset {
  std::string path;
  long cases = 0;
  std::string sha256;  // of its templates and cases, file names included
};

struct Calibration {
  std::string strategy;  // "S1"
  std::string models;    // as outputs name them ("rules", "a + b, judge j")
  std::string created;   // UTC, ISO 8601
  std::vector<CalibrationDataset> datasets;
  long samples = 0;
  // sha256 of the raw samples (case, field, raw confidence, correct) the maps were fitted on:
  // equal only when the engine still reads the datasets exactly as it did (staleness check).
  std::string raw_fingerprint;
  Json validation = Json::object();  // cross-validated and in-sample figures, as calibrate printed them
  MonotoneMap global;
  std::map<std::string, MonotoneMap> by_type;  // field type name ("date") -> map
  // When set, the maps above take the model's score of a value's signals instead of its raw score.
  std::optional<SignalModel> signal_model;
  // Fields a run did not set (left empty, or kept at their current value): maps from the raw
  // kept score (src/verify/kept_signals.hpp) to the probability that what the field holds (null,
  // or the current value) is right. Absent in files written before it existed: VER then falls
  // back to flagging only empty fields the transcript names (docs/PIPELINE.md).
  std::optional<TypeMaps> kept;
  Json kept_validation = Json::object();  // cross-validated figures of the kept maps and of form status
  // The threshold `invox calibrate` chose: the lowest at which the values it held out were right
  // at least `target_precision` of the time once accepted (eval/threshold_choice.hpp). Unset in
  // files written before it existed, or when no threshold reached the target.
  std::optional<double> review_threshold;
  double target_precision = 0.0;

  // The calibrated probability of a value of field type `type` with raw score `raw` (as
  // TypeMaps::apply). With a signal model, `raw` must be the model's score (probability()).
  [[nodiscard]] double apply(std::string_view type, double raw) const;
  // The calibrated probability of a value: through the signal model when there is one (then
  // `signals` must be value_signals() of the value), else apply(type, raw).
  [[nodiscard]] double probability(std::string_view type, double raw, const std::vector<double>& signals) const;
  // The probability that a field the run did not set is right, or nullopt without kept maps.
  [[nodiscard]] std::optional<double> apply_kept(std::string_view type, double raw) const;
  // sha256 of the document: what a run's settings fingerprint records.
  [[nodiscard]] std::string fingerprint() const;
};

[[nodiscard]] Json to_json(const Calibration& c);
// `origin` names the file in messages.
[[nodiscard]] Expected<Calibration> calibration_from_json(const Json& doc, const std::string& origin);
// Reads a calibration file; errors name the file and what to do (Config kind).
[[nodiscard]] Expected<Calibration> load_calibration(const std::filesystem::path& path);

// The calibration shipped with invox for the offline `rules` engine (strategy S1), fitted by
// scripts/calibrate-rules.sh on the project's labelled datasets and compiled in.
[[nodiscard]] std::shared_ptr<const Calibration> builtin_rules_calibration();

}  // namespace invox
