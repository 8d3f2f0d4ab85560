#include "eval/signal_model_fit.hpp"

#include <algorithm>
#include <cmath>

#include "invox/value_signals.hpp"

namespace invox::eval {

namespace {

// Solves A x = b for a symmetric positive definite A (n x n, row-major) by Cholesky; false when
// A is not positive definite.
bool solve_spd(std::vector<double> a, std::vector<double>& b, size_t n) {
  for (size_t j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (d <= 0.0) return false;
    a[j * n + j] = std::sqrt(d);
    for (size_t i = j + 1; i < n; ++i) {
      double v = a[i * n + j];
      for (size_t k = 0; k < j; ++k) v -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = v / a[j * n + j];
    }
  }
  for (size_t i = 0; i < n; ++i) {  // L y = b
    for (size_t k = 0; k < i; ++k) b[i] -= a[i * n + k] * b[k];
    b[i] /= a[i * n + i];
  }
  for (size_t i = n; i-- > 0;) {  // L^T x = y
    for (size_t k = i + 1; k < n; ++k) b[i] -= a[k * n + i] * b[k];
    b[i] /= a[i * n + i];
  }
  return true;
}

}  // namespace

SignalModel fit_signal_model(const std::vector<CalibrationSample>& samples, const SignalFitParams& params) {
  SignalModel model;
  model.signals = value_signal_names();
  const size_t p = model.signals.size();
  model.weights.assign(p, 0.0);
  std::vector<const CalibrationSample*> used;
  for (const auto& s : samples)
    if (s.signals.size() == p) used.push_back(&s);
  if (used.empty()) return model;

  // Parameters: the weights, then the bias (index p), which the ridge does not penalize.
  const size_t n = p + 1;
  std::vector<double> w(n, 0.0);
  double right = 0.0;
  for (const auto* s : used) right += s->correct ? 1.0 : 0.0;
  const double rate = std::clamp(right / static_cast<double>(used.size()), 1e-3, 1.0 - 1e-3);
  w[p] = std::log(rate / (1.0 - rate));  // start at the base rate
  for (int it = 0; it < params.max_iterations; ++it) {
    std::vector<double> grad(n, 0.0), hess(n * n, 0.0);
    for (const auto* s : used) {
      double z = w[p];
      for (size_t j = 0; j < p; ++j) z += w[j] * s->signals[j];
      const double q = 1.0 / (1.0 + std::exp(-z));
      const double err = q - (s->correct ? 1.0 : 0.0);
      const double h = std::max(q * (1.0 - q), 1e-9);
      for (size_t j = 0; j < n; ++j) {
        const double xj = j < p ? s->signals[j] : 1.0;
        if (xj == 0.0) continue;
        grad[j] += err * xj;
        for (size_t k = 0; k <= j; ++k) {
          const double xk = k < p ? s->signals[k] : 1.0;
          hess[j * n + k] += h * xj * xk;
        }
      }
    }
    for (size_t j = 0; j < p; ++j) {
      grad[j] += params.l2 * w[j];
      hess[j * n + j] += params.l2;
    }
    hess[p * n + p] += 1e-9;
    for (size_t j = 0; j < n; ++j)
      for (size_t k = j + 1; k < n; ++k) hess[j * n + k] = hess[k * n + j];
    if (!solve_spd(hess, grad, n)) break;
    double moved = 0.0;
    for (size_t j = 0; j < n; ++j) {
      w[j] -= grad[j];
      moved = std::max(moved, std::abs(grad[j]));
    }
    if (moved < params.tolerance) break;
  }
  std::copy(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(p), model.weights.begin());
  model.bias = w[p];
  return model;
}

}  // namespace invox::eval
