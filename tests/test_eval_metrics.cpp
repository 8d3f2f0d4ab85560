// Evaluation metrics against a dataset scored by hand (tests/data/eval-tiny). The predictions
// are fixed here, so every expected number below is worked out from them, not from the code.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <map>

#include "eval/dataset.hpp"
#include "eval/html_report.hpp"
#include "eval/report.hpp"
#include "eval/runner.hpp"

using invox::Json;
using namespace invox::eval;

namespace {

const std::string kTiny = std::string(INVOX_TEST_DATA_DIR) + "/eval-tiny";

// Fixed predictions per case: field -> value. c3 has none: the processor reports it failed.
const std::map<std::string, Json> kPredictions = {
    // c1: name, visit, smoker correct; age wrong (41 vs 40); allergies omitted; sex hallucinated.
    {"c1", Json::parse(R"({"name":"Ann Lee","age":41,"visit":"2026-01-02","smoker":false,"allergies":null,"sex":"female"})")},
    // c2: name overwrites the locked "Bo Ray" (wrong + lock violation); age/visit correctly empty;
    // smoker, sex correct; allergies hallucinated.
    {"c2", Json::parse(R"({"name":"Bob Ray","age":null,"visit":null,"smoker":true,"allergies":"dust","sex":"male"})")},
    // c4: every field exact.
    {"c4", Json::parse(R"({"name":"Di","age":22,"visit":"2026-02-03","smoker":true,"allergies":"pollen, dust","sex":"female"})")},
};

const std::map<std::string, invox::Usage> kUsage = {
    {"c1", {1, 100, 10, 0.001}}, {"c2", {2, 200, 20, 0.002}}, {"c4", {1, 50, 5, 0.0005}}};

invox::FillOutcome scripted(const invox::FillRequest& req, const std::string& case_id) {
  invox::FillOutcome out;
  out.form.template_id = req.tmpl->id;
  auto it = kPredictions.find(case_id);
  if (it == kPredictions.end()) {
    out.report.status = invox::FormStatus::Failed;
    out.report.error = "scripted failure";
    return out;
  }
  out.report.status = invox::FormStatus::Complete;
  out.report.usage = kUsage.at(case_id);
  for (const auto& [field, value] : it->second.items()) {
    invox::FilledField f;
    f.value = value;
    if (!value.is_null()) f.evidence = invox::Evidence{"snippet of " + field, std::nullopt, std::nullopt, {}, {}};
    out.form.filled.emplace_back(field, f);
  }
  return out;
}

// The processor only sees the request; the case id is recovered from the case file name.
StrategyFactory scripted_factory() {
  return [](invox::Strategy s) -> invox::Expected<StrategyRunner> {
    StrategyRunner r;
    r.strategy = std::string(invox::to_string(s));
    r.model = "scripted";
    r.process = [](const invox::FillRequest& req) { return scripted(req, req.input.stem().string()); };
    return r;
  };
}

EvalResult run_tiny(std::vector<invox::Strategy> strategies = {invox::Strategy::S1}, int jobs = 2) {
  auto ds = load_dataset(kTiny);
  REQUIRE(ds.has_value());
  EvalOptions options;
  options.strategies = std::move(strategies);
  options.jobs = jobs;
  auto result = run_eval(*ds, options, scripted_factory());
  REQUIRE(result.has_value());
  return std::move(*result);
}

}  // namespace

TEST_CASE("eval: metrics of the hand-scored tiny dataset", "[eval]") {
  const auto result = run_tiny();
  REQUIRE(result.strategies.size() == 1);
  const auto& m = result.strategies[0].metrics;
  CHECK(result.cases == 4);
  CHECK(m.cases == 4);
  CHECK(m.failed_cases == 1);
  // 24 fields: correct 3 + 4 + 4 + 6 = 17 (11 of them non-null), 2 hallucinations (c1 sex,
  // c2 allergies), 3 omissions (c1 allergies, c3 name, c3 age), 2 wrong (c1 age, c2 name).
  CHECK(m.counts.correct == 17);
  CHECK(m.counts.correct_non_null == 11);
  CHECK(m.counts.hallucinations == 2);
  CHECK(m.counts.omissions == 3);
  CHECK(m.counts.wrong == 2);
  CHECK(m.counts.precision() == Approx(11.0 / 15.0));
  CHECK(m.counts.recall() == Approx(11.0 / 16.0));
  CHECK(m.counts.f1() == Approx(22.0 / 31.0));
  CHECK(m.exact_form_rate() == Approx(0.25));
  CHECK(m.lock_violations == 1);
  CHECK(m.usage.llm_calls == 4);
  CHECK(m.usage.prompt_tokens == 350);
  CHECK(m.usage.completion_tokens == 35);
  CHECK(m.usage.cost_usd == Approx(0.0035));

  using invox::FieldType;
  const auto& t = m.by_type;
  CHECK(t.at(FieldType::Text).precision() == Approx(2.0 / 3.0));
  CHECK(t.at(FieldType::Text).recall() == Approx(0.5));
  CHECK(t.at(FieldType::Text).f1() == Approx(4.0 / 7.0));
  CHECK(t.at(FieldType::Number).f1() == Approx(0.4));
  CHECK(t.at(FieldType::Date).f1() == Approx(1.0));
  CHECK(t.at(FieldType::Boolean).f1() == Approx(1.0));
  CHECK(t.at(FieldType::Textarea).precision() == Approx(0.5));
  CHECK(t.at(FieldType::Textarea).recall() == Approx(0.5));
  CHECK(t.at(FieldType::Enum).precision() == Approx(2.0 / 3.0));
  CHECK(t.at(FieldType::Enum).recall() == Approx(1.0));
  CHECK(t.at(FieldType::Enum).f1() == Approx(0.8));
}

TEST_CASE("eval: per-field outcomes and the lock violation are attributed to the right fields", "[eval]") {
  const auto result = run_tiny({invox::Strategy::S1}, 1);
  const auto& cases = result.strategies[0].cases;
  REQUIRE(cases.size() == 4);
  auto outcome = [&](size_t c, size_t f) { return cases[c].score.fields[f].outcome; };
  CHECK(outcome(0, 1) == Outcome::Wrong);
  CHECK(outcome(0, 4) == Outcome::Omission);
  CHECK(outcome(0, 5) == Outcome::Hallucination);
  CHECK(cases[1].score.fields[0].lock_violation);
  CHECK(cases[1].score.lock_violations() == 1);
  CHECK(cases[2].score.failed);
  CHECK(cases[2].score.error == "scripted failure");
  CHECK_FALSE(cases[2].score.exact());
  CHECK(cases[3].score.exact());
}

TEST_CASE("eval: --json has exactly the DESIGN.md keys", "[eval]") {
  const auto j = metrics_json(run_tiny({invox::Strategy::S1, invox::Strategy::S2}));
  std::vector<std::string> top;
  for (const auto& [k, v] : j.items()) top.push_back(k);
  CHECK(top == std::vector<std::string>{"dataset", "cases", "strategies"});
  CHECK(j["dataset"] == "eval-tiny");
  CHECK(j["cases"] == 4);
  REQUIRE(j["strategies"].contains("S1"));
  REQUIRE(j["strategies"].contains("S2"));
  const auto& s1 = j["strategies"]["S1"];
  std::vector<std::string> keys;
  for (const auto& [k, v] : s1.items()) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{"model", "cases", "failedCases", "precision", "recall", "f1", "exactForm",
                                         "correct", "hallucinations", "omissions", "wrong", "lockViolations",
                                         "llmCalls", "promptTokens", "completionTokens", "costUsd", "msPerCase",
                                         "byType", "calibration"});
  std::vector<std::string> ck;
  for (const auto& [k, x] : s1["calibration"].items()) ck.push_back(k);
  CHECK(ck == std::vector<std::string>{"samples", "ece", "brier", "aurc", "threshold", "acceptedCoverage",
                                       "acceptedPrecision", "reviewRate", "completeExact"});
  CHECK(s1["calibration"]["threshold"].get<double>() == Approx(0.8));
  CHECK(s1["f1"].get<double>() == Approx(0.7097));
  CHECK(s1["lockViolations"] == 1);
  CHECK(s1["failedCases"] == 1);
  for (const auto& [type, v] : s1["byType"].items()) {
    std::vector<std::string> tk;
    for (const auto& [k, x] : v.items()) tk.push_back(k);
    CHECK(tk == std::vector<std::string>{"precision", "recall", "f1"});
  }
  CHECK(s1["byType"]["enum"]["f1"].get<double>() == Approx(0.8));
}

TEST_CASE("eval: details have one line per strategy, case and field", "[eval]") {
  const auto result = run_tiny();
  const auto line = detail_line("S1", result.strategies[0].cases[1].score, result.strategies[0].cases[1].score.fields[0]);
  CHECK(line["case"] == "c2");
  CHECK(line["field"] == "name");
  CHECK(line["type"] == "text");
  CHECK(line["expected"] == "Bo Ray");
  CHECK(line["predicted"] == "Bob Ray");
  CHECK(line["outcome"] == "wrong");
  CHECK(line["lockViolation"] == true);
  CHECK(line["evidence"]["transcriptSnippet"] == "snippet of name");
}

TEST_CASE("eval: the Markdown and CSV tables carry the numbers", "[eval]") {
  const auto result = run_tiny();
  const std::string md = markdown_report(result);
  CHECK(md.find("| S1 | scripted | 0.733 | 0.688 | 0.710 | 0.250 | 17 | 2 | 3 | 2 | 1 | 1 | 4 | 350/35 |") !=
        std::string::npos);
  CHECK(md.find("| enum | 0.800 (0.667 / 1.000) |") != std::string::npos);
  const std::string csv = csv_report(result);
  CHECK(csv.rfind("strategy,model,cases,failedCases,precision,recall,f1,", 0) == 0);
  CHECK(csv.find("\nS1,scripted,4,1,0.7333,0.6875,0.7097,0.2500,17,2,3,2,1,4,350,35,") != std::string::npos);
}

TEST_CASE("eval: --from-audio sends audio cases through STT and the rest as text", "[eval]") {
  auto ds = load_dataset(kTiny);
  REQUIRE(ds.has_value());
  const auto& c3 = ds->cases[2];
  const auto* tmpl = ds->find_template("tiny");
  auto from_audio = case_request(c3, *tmpl, true);
  CHECK_FALSE(from_audio.transcript.has_value());
  CHECK(from_audio.input.filename() == "c3.wav");
  auto as_text = case_request(c3, *tmpl, false);
  REQUIRE(as_text.transcript.has_value());
  CHECK(as_text.transcript->text == "Cy, thirty.");
  auto no_audio = case_request(ds->cases[0], *tmpl, true);
  CHECK(no_audio.transcript.has_value());
  CHECK(no_audio.current.empty());
  CHECK(case_request(ds->cases[1], *tmpl, false).current.at("name").locked);
}

TEST_CASE("eval: dataset problems are configuration errors naming the file", "[eval]") {
  SECTION("missing folder") {
    auto ds = load_dataset(kTiny + "/nope");
    REQUIRE_FALSE(ds.has_value());
    CHECK(ds.error().kind == invox::ErrorKind::Config);
  }
  SECTION("expected without a template field") {
    auto ds = load_dataset(kTiny);
    REQUIRE(ds.has_value());
    auto doc = Json::parse(R"({"id":"x","template":"tiny","transcript":"t","expected":{"name":"a"}})");
    auto c = parse_case(doc, "cases/x.json", *ds);
    REQUIRE_FALSE(c.has_value());
    CHECK(c.error().message == "cases/x.json: expected has no entry for field 'age' (use null for an empty field)");
  }
  SECTION("unknown template") {
    auto ds = load_dataset(kTiny);
    REQUIRE(ds.has_value());
    auto c = parse_case(Json::parse(R"({"template":"zzz","transcript":"t","expected":{}})"), "cases/y.json", *ds);
    REQUIRE_FALSE(c.has_value());
    CHECK(c.error().message.find("cases/y.json: template 'zzz'") == 0);
  }
}

TEST_CASE("eval: a strategy that cannot be configured stops the evaluation", "[eval]") {
  auto ds = load_dataset(kTiny);
  REQUIRE(ds.has_value());
  EvalOptions options;
  options.strategies = {invox::Strategy::S3};
  auto r = run_eval(*ds, options, [](invox::Strategy) -> invox::Expected<StrategyRunner> {
    return invox::Error::config("set OPENAI_API_KEY");
  });
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().kind == invox::ErrorKind::Config);
}

TEST_CASE("eval: the HTML report is self-contained and shows table, bars and highlighted evidence", "[eval]") {
  auto result = run_tiny();
  // Give c1's name an evidence span the report must highlight inside the transcript.
  auto& c1 = result.strategies[0].cases[0];
  c1.transcript = "Ann Lee, forty years old <b>.";
  c1.score.fields[0].evidence = invox::Evidence{"Ann Lee", size_t{0}, size_t{7}, {}, {}};
  const std::string html = html_report(result);
  // For looking at it in a browser: INVOX_TEST_HTML_OUT=/tmp/r.html invox_tests "[eval]".
  if (const char* keep = std::getenv("INVOX_TEST_HTML_OUT")) std::ofstream(keep) << html;
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("<td class=num><b>0.710</b></td>") != std::string::npos);
  CHECK(html.find("<mark class=\"correct\" title=\"name\">Ann Lee</mark>, forty years old &lt;b&gt;.") !=
        std::string::npos);
  CHECK(html.find("class=\"wrong lock\"") != std::string::npos);  // c2's overwritten lock
  CHECK(html.find("scripted failure") != std::string::npos);      // c3's reason
  // No external assets: nothing is fetched when the file is opened.
  CHECK(html.find("src=\"http") == std::string::npos);
  CHECK(html.find("href=\"http") == std::string::npos);
  CHECK(html.find("@import") == std::string::npos);
}

TEST_CASE("eval: evidence is located by offsets or by snippet, and overlapping marks stay nested", "[eval]") {
  const std::string t = "Temp thirty eight, pulse ninety.";
  auto by_snippet = locate_evidence(t, invox::Evidence{"PULSE ninety", {}, {}, {}, {}});
  REQUIRE(by_snippet.has_value());
  CHECK(by_snippet->first == 19);
  CHECK(by_snippet->second == 31);
  CHECK_FALSE(locate_evidence(t, invox::Evidence{"absent", {}, {}, {}, {}}).has_value());
  auto bad_offsets = locate_evidence(t, invox::Evidence{"Temp", size_t{5}, size_t{500}, {}, {}});
  REQUIRE(bad_offsets.has_value());
  CHECK(bad_offsets->first == 0);
  const std::string out = highlight_transcript(t, {{0, 17, "a", "correct"}, {5, 11, "b", "wrong"}, {19, 31, "c", "wrong"}});
  CHECK(out == "<mark class=\"correct\" title=\"a\">Temp thirty eight</mark>, "
               "<mark class=\"wrong\" title=\"c\">pulse ninety</mark>.");
}
