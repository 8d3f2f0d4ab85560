#pragma once
// Fitting a calibration's signal model (invox/calibration.hpp): L2-regularized logistic
// regression of "the value is right" on the value's signals, by Newton's method. The ridge keeps
// weights of rare signals small, so a user's 50 labelled recordings give a model that does not
// learn their quirks; `invox calibrate` keeps the model only when it ranks held-out values better
// than the raw score does.
#include <vector>

#include "eval/calibration_fit.hpp"
#include "invox/calibration.hpp"

namespace invox::eval {

struct SignalFitParams {
  // Ridge penalty on the weights (not the bias), in log-loss units. 3 ranked held-out datasets
  // best (lowest mean AURC) when each of the five sets the built-in calibration is fitted on was
  // left out in turn, against 0.1, 1 and 10 (docs/ACCURACY.md "Value signals").
  double l2 = 3.0;
  int max_iterations = 50;
  double tolerance = 1e-7;  // stop when no weight moves more than this
};

// Samples without signals of the expected length are left out; with none left the model is all
// zeros (score 0.5 for every value).
[[nodiscard]] SignalModel fit_signal_model(const std::vector<CalibrationSample>& samples, const SignalFitParams& params);

}  // namespace invox::eval
