#pragma once
// Raw confidence of an S3/S4 value from how the two models and the judge arrived at it
// (docs/PIPELINE.md "S3/S4 confidence"): agreement of two independent models is stronger
// evidence than either score; a value a judge had to pick between disagreeing models, or one
// model's answer when the other failed, is weaker. Calibration then maps it to a probability.
namespace invox::reconcile_confidence {

// Both models gave the same value: 1 - (1 - a)(1 - b), at most 0.99.
[[nodiscard]] double agreed(double a, double b);
// The models disagreed and the judge chose this model's value (or merged both lists).
[[nodiscard]] double judged(double chosen);
// The other model failed outright: this value stands unchecked.
[[nodiscard]] double alone(double chosen);

}  // namespace invox::reconcile_confidence
