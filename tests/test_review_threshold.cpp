// The review threshold a calibration carries (DESIGN.md "Calibration"): how `invox calibrate`
// chooses it from held-out values, the file that records it, and the runs that apply it unless
// --review-threshold says otherwise. Expected thresholds are worked out by hand from the samples.
#include <catch2/catch.hpp>

#include "eval/report.hpp"
#include "eval/runner.hpp"
#include "eval/threshold_choice.hpp"
#include "invox/calibration.hpp"
#include "support/fake_extractor.hpp"
#include "support/pipeline_fixtures.hpp"

using namespace invox;
using namespace invox::eval;

namespace {

// `n` samples at confidence `p`, the first `right` of them correct.
void add_at(std::vector<ConfidenceSample>& out, double p, int n, int right) {
  for (int i = 0; i < n; ++i) out.push_back({p, i < right, false});
}

std::shared_ptr<Calibration> identity_calibration(std::optional<double> review_threshold) {
  auto c = std::make_shared<Calibration>();
  c->strategy = "S1";
  c->models = "fake";
  c->samples = 100;
  c->global.knots = {{0.0, 0.0}, {1.0, 1.0}};
  c->review_threshold = review_threshold;
  c->target_precision = review_threshold ? 0.95 : 0.0;
  return c;
}

}  // namespace

TEST_CASE("review threshold: the lowest from which accepted values reach the target, just under them",
          "[calibration][threshold]") {
  std::vector<ConfidenceSample> s;
  add_at(s, 0.97, 100, 98);
  add_at(s, 0.90, 100, 93);
  add_at(s, 0.70, 100, 60);
  // Down to 0.71 the accepted values are the 200 at 0.97 and 0.90, right 191 times (0.955); at
  // 0.70 the other 100 join (0.837). 0.71 would accept values between 0.71 and 0.90 that no
  // sample vouches for, so the threshold sits at the weakest accepted value instead.
  auto t = lowest_threshold_reaching(s, 0.95);
  REQUIRE(t);
  CHECK(*t == Approx(0.90));
  // 0.97 alone is right 98 % of the time; with the 0.90 values 95.5 %.
  t = lowest_threshold_reaching(s, 0.97);
  REQUIRE(t);
  CHECK(*t == Approx(0.97));
  CHECK_FALSE(lowest_threshold_reaching(s, 0.99));
}

TEST_CASE("review threshold: precision reaches the target to the three decimals it is reported with",
          "[calibration][threshold]") {
  std::vector<ConfidenceSample> close;
  add_at(close, 0.96, 10000, 9497);  // 0.9497 reads 0.950
  REQUIRE(lowest_threshold_reaching(close, 0.95));
  std::vector<ConfidenceSample> short_of;
  add_at(short_of, 0.96, 10000, 9490);  // 0.949
  CHECK_FALSE(lowest_threshold_reaching(short_of, 0.95));
}

TEST_CASE("review threshold: a higher threshold that falls short stops the search, a handful of values does not",
          "[calibration][threshold]") {
  std::vector<ConfidenceSample> dip;
  add_at(dip, 0.98, 40, 36);   // 0.90: enough values to tell, and short of 0.95
  add_at(dip, 0.93, 200, 198);  // together 0.975, but the values above are not to be trusted
  CHECK_FALSE(lowest_threshold_reaching(dip, 0.95));

  std::vector<ConfidenceSample> few;
  add_at(few, 0.99, 10, 5);     // ten values say nothing on their own
  add_at(few, 0.93, 200, 198);  // with them: 203 of 210, 0.967
  auto t = lowest_threshold_reaching(few, 0.95);
  REQUIRE(t);
  CHECK(*t == Approx(0.93));
}

TEST_CASE("review threshold: the held-out figure chooses without each fold and falls back where nothing reaches",
          "[calibration][threshold]") {
  std::vector<std::vector<ConfidenceSample>> folds(2);
  add_at(folds[0], 0.97, 100, 100);
  add_at(folds[1], 0.97, 100, 50);
  const ThresholdChoice c = choose_review_threshold(folds, 0.95, 0.8);
  CHECK(c.target_precision == Approx(0.95));
  CHECK_FALSE(c.threshold);  // 150 of 200 over both folds
  // Fold 0 is measured at the fallback 0.8 (fold 1 alone reaches nothing): all 100 accepted,
  // all right. Fold 1 at 0.97 (what fold 0 gives): all 100 accepted, 50 right.
  REQUIRE(c.held_out_precision);
  CHECK(*c.held_out_precision == Approx(0.75));
  CHECK(*c.held_out_coverage == Approx(1.0));

  std::vector<std::vector<ConfidenceSample>> alike(2);
  for (auto& f : alike) {
    add_at(f, 0.96, 60, 59);
    add_at(f, 0.60, 40, 20);
  }
  const ThresholdChoice a = choose_review_threshold(alike, 0.95, 0.8);
  REQUIRE(a.threshold);
  CHECK(*a.threshold == Approx(0.96));
  CHECK(*a.held_out_precision == Approx(59.0 / 60.0));
  CHECK(*a.held_out_coverage == Approx(0.6));
}

TEST_CASE("calibration file: the review threshold round trips, and a bad one says what to do",
          "[calibration][threshold]") {
  Calibration c = *identity_calibration(0.93);
  const Json doc = to_json(c);
  REQUIRE(doc.contains("reviewThreshold"));
  CHECK(doc["reviewThreshold"]["value"] == Json(0.93));
  CHECK(doc["reviewThreshold"]["targetPrecision"] == Json(0.95));
  auto back = calibration_from_json(doc, "c.json");
  REQUIRE(back);
  REQUIRE(back->review_threshold);
  CHECK(*back->review_threshold == Approx(0.93));
  CHECK(to_json(*back) == doc);

  Json older = doc;
  older.erase("reviewThreshold");
  auto without = calibration_from_json(older, "c.json");
  REQUIRE(without);
  CHECK_FALSE(without->review_threshold);

  Json bad = doc;
  bad["reviewThreshold"]["value"] = 1.5;
  auto refused = calibration_from_json(bad, "c.json");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("c.json") != std::string::npos);
  CHECK(refused.error().message.find("reviewThreshold") != std::string::npos);
}

TEST_CASE("pipeline: a calibration's review threshold decides review unless one is given",
          "[calibration][threshold][orchestrator]") {
  using namespace invox::testing;
  auto model = FakeExtractor::answering({{"temp", candidate(38.5, 0.85, "38.5")}});
  PipelineOptions carried;
  carried.calibration = identity_calibration(0.9);
  auto strict = make_orchestrator(model, carried);
  CHECK(strict.review_threshold() == Approx(0.9));
  CHECK(count_issues(strict.process(text_request("Temperature 38.5.")).report, "temp", IssueType::LowConf) == 1);

  PipelineOptions none;
  none.calibration = identity_calibration(std::nullopt);
  auto fallback = make_orchestrator(model, none);
  CHECK(fallback.review_threshold() == Approx(kDefaultReviewThreshold));
  CHECK(count_issues(fallback.process(text_request("Temperature 38.5.")).report, "temp", IssueType::LowConf) == 0);

  PipelineOptions given = carried;
  given.review_threshold = 0.5;
  auto lenient = make_orchestrator(model, given);
  CHECK(lenient.review_threshold() == Approx(0.5));
  CHECK(count_issues(lenient.process(text_request("Temperature 38.5.")).report, "temp", IssueType::LowConf) == 0);
}

TEST_CASE("eval: each strategy's calibration block and table carry its own pipeline's threshold",
          "[calibration][threshold][eval]") {
  auto ds = load_dataset(std::string(INVOX_TEST_DATA_DIR) + "/eval-tiny");
  REQUIRE(ds);
  EvalOptions options;
  options.strategies = {Strategy::S1, Strategy::S2};
  auto result = run_eval(*ds, options, [](Strategy s) -> Expected<StrategyRunner> {
    StrategyRunner r;
    r.strategy = std::string(to_string(s));
    r.model = "scripted";
    r.review_threshold = s == Strategy::S1 ? 0.93 : 0.8;
    r.process = [](const FillRequest& req) {
      FillOutcome out;
      out.form.template_id = req.tmpl->id;
      out.report.status = FormStatus::NeedsReview;
      return out;
    };
    return r;
  });
  REQUIRE(result);
  const Json j = metrics_json(*result);
  CHECK(j["strategies"]["S1"]["calibration"]["threshold"].get<double>() == Approx(0.93));
  CHECK(j["strategies"]["S2"]["calibration"]["threshold"].get<double>() == Approx(0.8));
  const std::string table = markdown_report(*result);
  CHECK(table.find("| S1 | 0.93 |") != std::string::npos);
  CHECK(table.find("| S2 | 0.80 |") != std::string::npos);
}
