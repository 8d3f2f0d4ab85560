// Value signals and the calibration's signal model (invox/value_signals.hpp, docs/PIPELINE.md
// "Value signals"): what each signal reads, fitting the logistic model, the file format, and
// the pipeline scoring values through it. Templates, values and samples are invented.
#include <algorithm>
#include <cmath>
#include <set>

#include <catch2/catch.hpp>

#include "eval/calibration_fit.hpp"
#include "eval/signal_model_fit.hpp"
#include "extract/rules/rules_engine.hpp"
#include "invox/calibration.hpp"
#include "invox/value_signals.hpp"
#include "support/fake_extractor.hpp"
#include "support/pipeline_fixtures.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;
using namespace invox::eval;

namespace {

size_t signal_index(const std::string& name) {
  const auto& names = value_signal_names();
  const auto it = std::find(names.begin(), names.end(), name);
  REQUIRE(it != names.end());
  return static_cast<size_t>(it - names.begin());
}

std::vector<double> signals_of(const std::string& field_id, const Json& value, const std::string& snippet,
                               const std::string& transcript, double raw = 0.8) {
  const Template& t = testing::demo_template();
  Evidence e;
  e.snippet = snippet;
  const TranscriptTraits traits = transcript_traits(transcript);
  return value_signals({*t.find(field_id), t, value, snippet.empty() ? nullptr : &e, traits, raw, nullptr});
}

double signal(const std::vector<double>& s, const std::string& name) { return s.at(signal_index(name)); }

// `n` samples whose correctness depends on one signal, not on the raw score: with the signal set
// they are right 30 % of the time, without it 90 %, at the same raw score 0.8.
std::vector<CalibrationSample> samples_split_by(const std::string& name, int n) {
  std::vector<CalibrationSample> out;
  const size_t k = signal_index(name);
  for (int i = 0; i < n; ++i) {
    const bool flagged = i % 2 == 0;
    std::vector<double> x(value_signal_names().size(), 0.0);
    x[signal_index("raw")] = 0.8;
    x[signal_index("type_number")] = 1.0;
    x[k] = flagged ? 1.0 : 0.0;
    const int j = i / 2;
    const bool correct = flagged ? j % 10 < 3 : j % 10 < 9;
    out.push_back({"set/case-" + std::to_string(i), "f", "number", 0.8, correct, x});
  }
  return out;
}

// Pipeline options whose calibration is the identity map over a signal model that weighs one
// signal: a value's confidence is then 1 / (1 + e^-(bias + weight * signal)).
PipelineOptions with_signal_model(const std::string& signal, double weight, double bias) {
  auto c = std::make_shared<Calibration>();
  c->strategy = "S1";
  c->models = "fake";
  c->samples = 100;
  c->global.knots = {{0.0, 0.0}, {1.0, 1.0}};
  SignalModel m;
  m.signals = value_signal_names();
  m.weights.assign(m.signals.size(), 0.0);
  m.weights[signal_index(signal)] = weight;
  m.bias = bias;
  c->signal_model = m;
  PipelineOptions options;
  options.calibration = c;
  return options;
}

}  // namespace

TEST_CASE("value signals: one named entry each, all between 0 and 1", "[calibration][signals]") {
  const auto& names = value_signal_names();
  CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
  const auto s = signals_of("visit", Json("2026-03-13"), "yesterday, Friday the 13th?", "Nurse: Hi. Patient: Hello.");
  REQUIRE(s.size() == names.size());
  for (double x : s) {
    CHECK(x >= 0.0);
    CHECK(x <= 1.0);
  }
}

TEST_CASE("value signals: what the evidence, the value and the transcript say", "[calibration][signals]") {
  const std::string cased = "Nurse: Good morning. Patient: Morning. Nurse: Who is the patient here today?";
  const auto date = signals_of("visit", Json("2026-03-13"), "seen yesterday, Friday", cased);
  CHECK(signal(date, "evidence_relative_day") == 1.0);
  CHECK(signal(date, "evidence_weekday") == 1.0);
  CHECK(signal(date, "evidence_month") == 0.0);
  CHECK(signal(date, "type_date") == 1.0);
  CHECK(signal(date, "date*evidence_weekday") == 1.0);
  CHECK(signal(date, "number*evidence_weekday") == 0.0);  // per-type copies are set for the value's type only
  CHECK(signal(date, "speaker_turns") == 1.0);
  CHECK(signal(date, "transcript_cased") == 1.0);

  const auto absolute = signals_of("visit", Json("2026-03-13"), "March 13, 2026", cased);
  CHECK(signal(absolute, "evidence_month") == 1.0);
  CHECK(signal(absolute, "evidence_year") == 1.0);
  CHECK(signal(absolute, "evidence_relative_day") == 0.0);

  // A name read lowercase where the transcript writes names with capitals.
  const auto lower_name = signals_of("name", Json("floor sorry"), "it's the twelfth floor sorry", cased);
  CHECK(signal(lower_name, "lowercase_text_in_cased_transcript") == 1.0);
  CHECK(signal(lower_name, "value_in_evidence") == 1.0);
  const auto proper = signals_of("name", Json("Ann Lee"), "Patient name Ann Lee", cased);
  CHECK(signal(proper, "lowercase_text_in_cased_transcript") == 0.0);
  CHECK(signal(proper, "label_in_evidence") == 1.0);  // "Patient" of the label "Patient name"
  CHECK(signal(proper, "value_capitalized") == 1.0);
  // In a lowercase recognizer transcript lowercase is no sign of anything.
  const auto asr = signals_of("name", Json("ann lee"), "patient name ann lee", "patient name ann lee temperature 38");
  CHECK(signal(asr, "transcript_cased") == 0.0);
  CHECK(signal(asr, "lowercase_text_in_cased_transcript") == 0.0);
  CHECK(signal(asr, "speaker_turns") == 0.0);

  const auto keyword = signals_of("smoker", Json(true), "cigarettes", cased);
  CHECK(signal(keyword, "evidence_one_word") == 1.0);
  CHECK(signal(keyword, "evidence_yes_no") == 0.0);
  const auto answered = signals_of("smoker", Json(false), "Do you smoke? No, never.", cased);
  CHECK(signal(answered, "evidence_yes_no") == 1.0);
  CHECK(signal(answered, "evidence_question") == 1.0);
  CHECK(signal(answered, "boolean*evidence_question") == 1.0);

  const auto no_evidence = signals_of("temp", Json(38.5), "", cased, 0.6);
  CHECK(signal(no_evidence, "evidence_one_word") == 1.0);
  CHECK(signal(no_evidence, "raw") == Approx(0.6));
  CHECK(signal(no_evidence, "raw_squared") == Approx(0.36));
  // demo_template has three number fields (temp, sys, dia), counted up to five.
  CHECK(signal(no_evidence, "fields_of_same_type") == Approx(3.0 / 5.0));
}

TEST_CASE("signal model fit: a signal that marks wrong values gets a negative weight and ranks them last",
          "[calibration][signals]") {
  const auto samples = samples_split_by("evidence_one_word", 400);
  const SignalModel m = fit_signal_model(samples, SignalFitParams{});
  REQUIRE(m.weights.size() == value_signal_names().size());
  CHECK(m.signals == value_signal_names());
  CHECK(m.weights[signal_index("evidence_one_word")] < -0.5);
  // The scores order the two kinds and sit near their rates.
  const double flagged = m.score(samples[0].signals), clean = m.score(samples[1].signals);
  CHECK(flagged < clean);
  CHECK(flagged == Approx(0.3).margin(0.1));
  CHECK(clean == Approx(0.9).margin(0.1));
  // Nothing to learn from: no weights, the base rate nowhere (0.5).
  const SignalModel empty = fit_signal_model({}, SignalFitParams{});
  CHECK(std::all_of(empty.weights.begin(), empty.weights.end(), [](double w) { return w == 0.0; }));
  CHECK(empty.score(samples[0].signals) == Approx(0.5));
}

TEST_CASE("cross-validation with a signal model: held-out values the raw score cannot tell apart are ranked",
          "[calibration][signals]") {
  const auto samples = samples_split_by("lowercase_text_in_cased_transcript", 400);
  FitParams raw_only;
  FitParams with_signals;
  with_signals.signal_model = true;
  const auto raw_cv = cross_validate(samples, raw_only);
  const auto signal_cv = cross_validate(samples, with_signals);
  REQUIRE(raw_cv.held_out.aurc);
  REQUIRE(signal_cv.held_out.aurc);
  CHECK(*signal_cv.held_out.aurc < *raw_cv.held_out.aurc - 0.05);
  // The accepted values (>= 0.8) are the clean ones only.
  REQUIRE(signal_cv.held_out.accepted_precision);
  CHECK(*signal_cv.held_out.accepted_precision > 0.85);
  Calibration c;
  fit_maps(samples, with_signals, c);
  REQUIRE(c.signal_model);
  CHECK(c.probability("number", 0.8, samples[0].signals) < c.probability("number", 0.8, samples[1].signals));
}

TEST_CASE("calibration file: a signal model round trips as format 2, another invox's signals are refused",
          "[calibration][signals]") {
  Calibration c;
  c.strategy = "S1";
  c.models = "fake";
  c.global.knots = {{0.0, 0.1}, {1.0, 0.9}};
  SignalModel m;
  m.signals = value_signal_names();
  m.weights.assign(m.signals.size(), 0.0);
  m.weights[signal_index("evidence_one_word")] = -2.0;
  m.bias = 1.0;
  c.signal_model = m;
  const Json doc = to_json(c);
  CHECK(doc["invoxCalibration"] == 2);
  auto back = calibration_from_json(doc, "c.json");
  REQUIRE(back);
  REQUIRE(back->signal_model);
  CHECK(to_json(*back) == doc);

  Json renamed = doc;
  renamed["signalModel"]["signals"][0] = "something_else";
  auto foreign = calibration_from_json(renamed, "c.json");
  REQUIRE_FALSE(foreign);
  CHECK_THAT(foreign.error().message, Catch::Contains("re-run 'invox calibrate'"));
  Json short_weights = doc;
  short_weights["signalModel"]["weights"].erase(0);
  auto mismatch = calibration_from_json(short_weights, "c.json");
  REQUIRE_FALSE(mismatch);
  CHECK_THAT(mismatch.error().message, Catch::Contains("weights"));
  Json future = doc;
  future["invoxCalibration"] = 3;
  CHECK_FALSE(calibration_from_json(future, "c.json"));
}

TEST_CASE("pipeline: a signal model scores each value by its signals, rawConfidence keeps the model's score",
          "[calibration][signals][orchestrator]") {
  using namespace invox::testing;
  const PipelineOptions options = with_signal_model("evidence_one_word", -3.0, 1.5);
  auto bare = FakeExtractor::answering({{"temp", candidate(38.5, 0.9, "38.5")}});
  auto cued = FakeExtractor::answering({{"temp", candidate(38.5, 0.9, "temperature is 38.5")}});
  const auto one_word = make_orchestrator(bare, options).process(text_request("Temperature is 38.5."));
  const auto sentence = make_orchestrator(cued, options).process(text_request("Temperature is 38.5."));
  const FilledField* a = one_word.form.find("temp");
  const FilledField* b = sentence.form.find("temp");
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->confidence == Approx(1.0 / (1.0 + std::exp(1.5))));  // 1.5 - 3
  CHECK(b->confidence == Approx(1.0 / (1.0 + std::exp(-1.5))));
  REQUIRE(a->raw_confidence);
  CHECK(*a->raw_confidence == Approx(0.9));
  CHECK(count_issues(one_word.report, "temp", IssueType::LowConf) == 1);
  CHECK(count_issues(sentence.report, "temp", IssueType::LowConf) == 0);  // 0.818 passes the 0.8 threshold
}

TEST_CASE("extractor signals: the rules engine reports how it found each value", "[calibration][signals][rules]") {
  static const Template t = testing::invented_template(R"({
    "id": "delivery-check", "title": "Delivery check", "version": "1",
    "fields": [
      {"id": "pallets", "label": "Pallets", "type": "number", "aliases": ["pallets"]},
      {"id": "delivered_on", "label": "Delivery date", "type": "date"},
      {"id": "damage", "label": "Damage", "type": "textarea", "aliases": ["damage"]}
    ]})");
  NormalizeContext ctx;
  ctx.reference_date = "2026-05-12";
  rules::EngineParams params;
  params.imply_event_date = true;
  const auto out = rules::extract_all(t, "Pallets: 12, no, 14. Damage: a torn wrap, a crushed corner.", {}, ctx, params);
  const auto& names = extractor_signal_names();
  auto reported = [&](const std::string& field, const std::string& signal) {
    REQUIRE(out.count(field) == 1);
    const auto& s = out.at(field).signals;
    REQUIRE(std::find(names.begin(), names.end(), signal) != names.end());
    for (const auto& [name, x] : s) {
      CHECK(std::find(names.begin(), names.end(), name) != names.end());  // only documented names
      CHECK(x >= 0.0);
      CHECK(x <= 1.0);
    }
    auto it = s.find(signal);
    return it == s.end() ? 0.0 : it->second;
  };
  CHECK(out.at("pallets").value == 14);
  CHECK(reported("pallets", "found_after_cue") == 1.0);
  CHECK(reported("pallets", "corrected") == 1.0);
  CHECK(reported("pallets", "said_literally") == 1.0);
  CHECK(reported("pallets", "implied") == 0.0);
  CHECK(reported("delivered_on", "implied") == 1.0);  // today's date, never said
  CHECK(reported("damage", "corrected") == 0.0);
  // The engine reports every documented name: a name misspelt on one side would be a zero.
  for (const auto& name : names) {
    INFO(name);
    CHECK(out.at("pallets").signals.count(name) == 1);
  }

  // They reach the value's signals under their own names; a model that reports none gets zeros.
  const TranscriptTraits traits = transcript_traits("Pallets: 12, no, 14.");
  const Json v(14);
  const auto with = value_signals({*t.find("pallets"), t, v, nullptr, traits, 0.9, &out.at("pallets").signals});
  const auto without = value_signals({*t.find("pallets"), t, v, nullptr, traits, 0.9, nullptr});
  CHECK(signal(with, "extractor.corrected") == 1.0);
  CHECK(signal(without, "extractor.corrected") == 0.0);
}

TEST_CASE("pipeline: the extractor's signals reach the signal model", "[calibration][signals][orchestrator]") {
  using namespace invox::testing;
  const PipelineOptions options = with_signal_model("extractor.rival_readings", -4.0, 2.0);
  Candidate contested = candidate(38.5, 0.9, "temperature is 38.5");
  contested.signals["rival_readings"] = 1.0;
  auto sure = FakeExtractor::answering({{"temp", candidate(38.5, 0.9, "temperature is 38.5")}});
  auto doubtful = FakeExtractor::answering({{"temp", contested}});
  const auto a = make_orchestrator(sure, options).process(text_request("Temperature is 38.5."));
  const auto b = make_orchestrator(doubtful, options).process(text_request("Temperature is 38.5."));
  CHECK(a.form.find("temp")->confidence == Approx(1.0 / (1.0 + std::exp(-2.0))));
  CHECK(b.form.find("temp")->confidence == Approx(1.0 / (1.0 + std::exp(2.0))));
  // Not part of the outputs: what a person reads stays confidence and rawConfidence.
  CHECK_FALSE(to_json(*b.form.find("temp")).contains("extractorSignals"));
}
