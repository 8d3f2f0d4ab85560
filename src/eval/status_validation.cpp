#include "eval/status_validation.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace invox::eval {

double StatusFigures::review_rate() const {
  return cases > 0 ? static_cast<double>(cases - complete) / static_cast<double>(cases) : 0.0;
}

std::optional<double> StatusFigures::complete_exact_rate() const {
  if (complete == 0) return std::nullopt;
  return static_cast<double>(complete_exact) / static_cast<double>(complete);
}

namespace {

std::vector<CalibrationSample> outside_fold(const std::vector<CalibrationSample>& samples,
                                            const std::map<std::string, int>& folds, int k) {
  std::vector<CalibrationSample> out;
  for (const auto& s : samples) {
    auto it = folds.find(s.group);
    if (it == folds.end() || it->second != k) out.push_back(s);
  }
  return out;
}

// Groups with a sample whose probability (`probability(sample)`) is below the threshold.
template <class Probability>
std::set<std::string> doubtful_groups(const std::vector<CalibrationSample>& samples, Probability&& probability,
                                      double threshold) {
  std::set<std::string> out;
  for (const auto& s : samples)
    if (probability(s) < threshold) out.insert(s.group);
  return out;
}

}  // namespace

StatusValidation cross_validate_status(const std::vector<CalibrationSample>& values,
                                       const std::vector<CalibrationSample>& kept,
                                       const std::vector<CalibrationCase>& cases, const FitParams& params) {
  StatusValidation out;
  out.folds = std::max(2, params.folds);
  std::set<std::string> groups;
  for (const auto& c : cases)
    groups.insert(c.group);
  const auto folds = fold_of_groups(groups, out.folds);
  for (int k = 0; k < out.folds; ++k) {
    // The value maps as `invox calibrate` fits them: on a signal model's scores when it fits one.
    Calibration fitted;
    fit_maps(outside_fold(values, folds, k), params, fitted);
    const TypeMaps kept_maps = fit_type_maps(outside_fold(kept, folds, k), params);
    const auto doubtful_value = doubtful_groups(
        values, [&](const CalibrationSample& s) { return fitted.probability(s.type, s.raw, s.signals); },
        params.threshold);
    const auto doubtful_kept = doubtful_groups(
        kept, [&](const CalibrationSample& s) { return kept_maps.apply(s.type, s.raw); }, params.threshold);
    for (const auto& c : cases) {
      if (folds.at(c.group) != k) continue;
      const bool values_ok = !c.blocked && !doubtful_value.contains(c.group);
      const bool kept_ok = values_ok && !doubtful_kept.contains(c.group);
      for (auto [figures, complete] : {std::pair{&out.values_only, values_ok}, std::pair{&out.with_kept, kept_ok}}) {
        ++figures->cases;
        if (!complete) continue;
        ++figures->complete;
        if (c.exact) ++figures->complete_exact;
      }
    }
  }
  return out;
}

Json status_json(const StatusFigures& s) {
  const auto exact = s.complete_exact_rate();
  return Json{{"cases", s.cases},
              {"completeForms", s.complete},
              {"reviewRate", s.review_rate()},
              {"completeExact", exact ? Json(*exact) : Json(nullptr)}};
}

}  // namespace invox::eval
