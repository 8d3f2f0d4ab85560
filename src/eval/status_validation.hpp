#pragma once
// Whether forms marked `complete` can be filed unread, measured the honest way: the value maps
// and the kept maps are fitted on k-1 folds of the cases and the status of each case of the
// held-out fold is decided with them, as VER would (docs/PIPELINE.md "Status").
#include <optional>
#include <string>
#include <vector>

#include "eval/calibration_fit.hpp"
#include "invox/json.hpp"

namespace invox::eval {

// One labelled case, for the status figures.
struct CalibrationCase {
  std::string group;     // "dataset/case", as its samples'
  bool exact = false;    // every field right
  bool blocked = false;  // an issue no threshold decides: missing required, invalid, ungrounded, conflict
};

struct StatusFigures {
  long cases = 0;
  long complete = 0;
  long complete_exact = 0;

  [[nodiscard]] double review_rate() const;
  [[nodiscard]] std::optional<double> complete_exact_rate() const;  // none when no form is complete
};

struct StatusValidation {
  int folds = 0;
  StatusFigures values_only;  // complete: not blocked and every value the run set accepted
  StatusFigures with_kept;    // ... and every field it did not set accepted by the kept maps too
};

// `values` and `kept` are the value and kept samples, `cases` every case (with or without
// samples); acceptance is probability >= params.threshold.
[[nodiscard]] StatusValidation cross_validate_status(const std::vector<CalibrationSample>& values,
                                                     const std::vector<CalibrationSample>& kept,
                                                     const std::vector<CalibrationCase>& cases,
                                                     const FitParams& params);

[[nodiscard]] Json status_json(const StatusFigures& s);

}  // namespace invox::eval
