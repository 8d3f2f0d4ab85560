#include "extract/agreement_confidence.hpp"

#include <algorithm>

namespace invox::reconcile_confidence {

namespace {
constexpr double kJudgedDoubt = 0.75;  // a disagreement: one of the two readings is wrong
constexpr double kAloneDoubt = 0.9;    // no second reading to confirm it
double bounded(double p) { return std::clamp(p, 0.0, 0.99); }
}  // namespace

double agreed(double a, double b) { return bounded(1.0 - (1.0 - bounded(a)) * (1.0 - bounded(b))); }
double judged(double chosen) { return bounded(chosen * kJudgedDoubt); }
double alone(double chosen) { return bounded(chosen * kAloneDoubt); }

}  // namespace invox::reconcile_confidence
