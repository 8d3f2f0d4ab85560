// The rules engine's raw confidence signals (docs/RULES.md "Confidence signals"): each one moves
// the raw score in its documented direction, and the combination keeps the reader's order.
#include <catch2/catch.hpp>

#include "extract/agreement_confidence.hpp"
#include "extract/rules/confidence_signals.hpp"
#include "extract/rules/rules_engine.hpp"

using namespace invox;
using namespace invox::rules;

namespace {

Template gauge_template() {
  Template t;
  t.id = "gauge";
  Field pressure;
  pressure.id = "pressure";
  pressure.label = "Pressure";
  pressure.type = FieldType::Number;
  Field reading;
  reading.id = "reading_date";
  reading.label = "Reading date";
  reading.type = FieldType::Date;
  t.fields = {pressure, reading};
  return t;
}

double confidence_of(const std::string& text, const std::string& field) {
  NormalizeContext ctx;
  ctx.reference_date = "2026-03-14";
  auto out = extract_all(gauge_template(), text, {}, ctx);
  auto it = out.find(field);
  REQUIRE(it != out.end());
  return it->second.confidence;
}

Template meds_template() {
  Template t = gauge_template();
  Field meds;
  meds.id = "medications";
  meds.label = "Medications";
  meds.type = FieldType::Textarea;
  t.fields.push_back(meds);
  return t;
}

Candidate list_read(const std::string& text) {
  NormalizeContext ctx;
  ctx.reference_date = "2026-03-14";
  auto out = extract_all(meds_template(), text, {}, ctx);
  auto it = out.find("medications");
  REQUIRE(it != out.end());
  return it->second;
}

ConfidenceSignals cued(double score) {
  ConfidenceSignals s;
  s.reader_score = score;
  s.cue_led = true;
  return s;
}

}  // namespace

TEST_CASE("signals: rivals, negation and inference lower the raw score, order is kept", "[rules][calibration]") {
  const double base = combine_signals(cued(0.9));
  CHECK(base == Approx(0.9));
  auto rival = cued(0.9);
  rival.rivals = 1;
  CHECK(combine_signals(rival) == Approx(0.72));
  rival.rivals = 9;
  CHECK(combine_signals(rival) == Approx(0.45));  // the doubt is bounded
  auto negated = cued(0.9);
  negated.negated = true;
  CHECK(combine_signals(negated) < base);
  negated.corrected = true;  // "no, sorry, 60": the negation belongs to the correction
  CHECK(combine_signals(negated) == Approx(base));
  auto inferred = cued(0.9);
  inferred.cue_led = false;
  CHECK(combine_signals(inferred) < base);
  CHECK(combine_signals(cued(0.6)) < combine_signals(cued(0.7)));
  CHECK(combine_signals(cued(5.0)) == Approx(0.99));
  CHECK(combine_signals(cued(0.0)) == Approx(0.05));
}

TEST_CASE("signals: a field said twice with different values is less certain than said once", "[rules][calibration]") {
  const double once = confidence_of("Pressure 40.", "pressure");
  const double twice = confidence_of("Pressure 40. Later on, pressure 45.", "pressure");
  CHECK(twice < once);
}

TEST_CASE("signals: a list that runs on, may go on elsewhere or starts mid-phrase is less certain",
          "[rules][calibration]") {
  const double clean = combine_signals(cued(0.85));
  for (auto flag : {&ConfidenceSignals::list_runs_on, &ConfidenceSignals::list_continues,
                    &ConfidenceSignals::list_open_start, &ConfidenceSignals::list_unmarked_split}) {
    auto doubtful = cued(0.85);
    doubtful.*flag = true;
    CHECK(combine_signals(doubtful) < clean);
  }
  // Read from text: the same list, closed by a sentence end, then added to two sentences later.
  const Candidate closed = list_read("Medications: aspirin and metformin. Pressure 40.");
  const Candidate added = list_read("Medications: aspirin and metformin. Pressure 40. He also takes vitamin D.");
  CHECK(closed.value == added.value);
  CHECK(added.confidence < closed.confidence);
  // A joiner that leads into another field's cue ends the list like the cue alone.
  const Candidate next_cue = list_read("medications aspirin and metformin and pressure 40");
  CHECK(next_cue.value == list_read("medications aspirin and metformin pressure 40").value);
  CHECK(next_cue.confidence == Approx(list_read("medications aspirin and metformin pressure 40").confidence));
  // Items run together without a comma, one of three words: where it splits is a guess. With a
  // comma, or with short items, it is not.
  const Candidate run_together = list_read("Medications: low dose aspirin and metformin. Pressure 40.");
  const Candidate with_comma = list_read("Medications: low dose aspirin, and metformin. Pressure 40.");
  CHECK(run_together.value == with_comma.value);
  CHECK(run_together.confidence < with_comma.confidence);
  CHECK(closed.confidence == Approx(list_read("Medications: aspirin, metformin. Pressure 40.").confidence));
}

TEST_CASE("S3/S4 signals: agreement raises, a judged disagreement or a lone answer lowers", "[calibration][strategy]") {
  CHECK(reconcile_confidence::agreed(0.8, 0.7) == Approx(0.94));
  CHECK(reconcile_confidence::agreed(0.99, 0.99) == Approx(0.99));
  CHECK(reconcile_confidence::agreed(0.8, 0.7) > 0.8);
  CHECK(reconcile_confidence::judged(0.8) < 0.8);
  CHECK(reconcile_confidence::alone(0.8) < 0.8);
  CHECK(reconcile_confidence::alone(0.8) > reconcile_confidence::judged(0.8));
}
