// S3/S4 over the fake server: call counts, judge calls only for disagreements, locks,
// per-field error isolation, cache hits and cost accounting.
#include <catch2/catch.hpp>

#include <filesystem>

#include "invox/models.hpp"
#include "invox/strategy.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"

using namespace invox;
using namespace invox::test;

namespace {

// Model A (openai:gpt-4o) and model B (gemini:gemini-2.0-flash) agree except on `sex` and
// `temperature_c`; the judge (openai:gpt-4o-mini) always picks model_b.
const Json kAnswerA = {{"patient_name", "Jane Roe"}, {"sex", "female"}, {"temperature_c", 38.5},
                       {"visit_date", nullptr}, {"visit_time", nullptr}, {"allergies", "penicillin"}, {"smoker", false}};
const Json kAnswerB = {{"patient_name", "Jane Roe"}, {"sex", "other"}, {"temperature_c", 37.5},
                       {"visit_date", nullptr}, {"visit_time", nullptr}, {"allergies", "penicillin"}, {"smoker", false}};

struct Counts {
  int a = 0, b = 0, judge = 0;
};

Counts count(const FakeLlmServer& server) {
  Counts c;
  for (const auto& r : server.requests()) {
    if (is_judge_request(r)) ++c.judge;
    else if (r.model == "gpt-4o") ++c.a;
    else if (r.model == "gemini-2.0-flash") ++c.b;
  }
  return c;
}

FakeReply scripted_reply(const FakeRequest& r) {
  if (is_judge_request(r)) {
    return reply_for(r, says(R"({"decision": "model_b", "reason": "B matches the transcript", "merged": null})"));
  }
  const Json& all = r.model == "gpt-4o" ? kAnswerA : kAnswerB;
  Json answer = Json::object();
  for (const auto& f : asked_fields(r)) answer[f.id] = all.contains(f.id) ? all[f.id] : Json();
  return reply_for(r, says(answer.dump()));
}

struct S3S4Run {
  Template tmpl = sample_template();
  Transcript transcript;
  CurrentValues current;
  std::shared_ptr<Extractor> a, b;
  std::shared_ptr<Judge> judge;

  explicit S3S4Run(const ModelServices& services, const std::string& judge_spec = "openai:gpt-4o-mini") {
    transcript.text = "Patient Jane Roe, sex other, temperature 37.5, allergic to penicillin, non-smoker.";
    a = *make_chat_extractor(*parse_model_spec("openai:gpt-4o"), services);
    b = *make_chat_extractor(*parse_model_spec("gemini:gemini-2.0-flash"), services);
    auto j = make_chat_judge(*parse_model_spec(judge_spec), services);
    REQUIRE(j.has_value());
    judge = *j;
  }
  StrategyInput input() {
    StrategyInput in;
    in.base.tmpl = &tmpl;
    for (const auto& f : tmpl.fields) in.base.fields.push_back(&f);
    in.base.transcript = &transcript;
    in.base.current = &current;
    in.model_a = a.get();
    in.model_b = b.get();
    in.judge = judge.get();
    return in;
  }
};

// An extractor that answers from a fixed map, for reconciliation paths the LLM client filters.
class ScriptedExtractor final : public Extractor {
 public:
  explicit ScriptedExtractor(std::map<std::string, Json> values) : values_(std::move(values)) {}
  std::string name() const override { return "scripted"; }
  Expected<ExtractionResult> extract(const ExtractionRequest& request) override {
    ++calls;
    ExtractionResult r;
    for (const auto* f : request.fields) {
      if (auto it = values_.find(f->id); it != values_.end()) r.values[f->id] = Candidate{it->second, 0.9, std::nullopt, {}};
    }
    return r;
  }
  std::atomic<int> calls{0};

 private:
  std::map<std::string, Json> values_;
};

class CountingJudge final : public Judge {
 public:
  std::string name() const override { return "counting"; }
  Expected<JudgeVerdict> decide(const JudgeRequest&) override {
    ++calls;
    JudgeVerdict v;
    v.decision = DecisionKind::ModelB;
    v.reason = "counting judge";
    return v;
  }
  std::atomic<int> calls{0};
};

}  // namespace

TEST_CASE("S3: two whole-form calls, judge calls only for disagreeing fields", "[llm][s3]") {
  FakeLlmServer server;
  server.set_handler(scripted_reply);
  S3S4Run run(services_for(server));
  auto out = run_s3(run.input());
  REQUIRE(out.has_value());
  const auto c = count(server);
  CHECK(c.a == 1);
  CHECK(c.b == 1);
  CHECK(c.judge == 2);  // sex and temperature_c
  CHECK(out->calls == 4);
  CHECK(server.violations().empty());
  CHECK(out->values.at("sex").value == "other");  // the judge chose model_b
  CHECK(out->values.at("temperature_c").value == 37.5);
  REQUIRE(decision_for(*out, "patient_name"));
  CHECK(decision_for(*out, "patient_name")->reason == "agreement");
  CHECK(decision_for(*out, "sex")->decision == DecisionKind::ModelB);
  CHECK(decision_for(*out, "visit_date") == nullptr);  // neither model offered a value
  // Usage adds up every call: A (gpt-4o), B (gemini-2.0-flash), 2 x judge (gpt-4o-mini).
  CHECK(out->usage.llm_calls == 4);
  CHECK(out->usage.prompt_tokens == 400);
  const double expected = (100 * 2.50 + 20 * 10.00) / 1e6 + (100 * 0.10 + 20 * 0.40) / 1e6 +
                          2 * (100 * 0.15 + 20 * 0.60) / 1e6;
  CHECK(out->usage.cost_usd == Approx(expected));
}

TEST_CASE("S4: one call per field and model, judge only where they disagree", "[llm][s4]") {
  FakeLlmServer server;
  server.set_handler(scripted_reply);
  S3S4Run run(services_for(server));
  auto out = run_s4(run.input());
  REQUIRE(out.has_value());
  const auto c = count(server);
  const int fields = static_cast<int>(run.tmpl.fields.size());
  CHECK(c.a == fields);
  CHECK(c.b == fields);
  CHECK(c.judge == 2);
  CHECK(out->calls == 2 * fields + 2);
  for (const auto& r : server.requests()) {
    if (!is_judge_request(r)) CHECK(asked_fields(r).size() == 1);
  }
  CHECK(out->values.at("temperature_c").value == 37.5);
  CHECK(out->values.at("smoker").value == false);
  CHECK(out->usage.llm_calls == 2 * fields + 2);
}

TEST_CASE("S3 and S4 never overwrite a locked field", "[llm][s3][s4]") {
  FakeLlmServer server;
  server.set_handler(scripted_reply);
  S3S4Run run(services_for(server));
  run.current["sex"] = CurrentValue{"female", true, "manual"};
  run.current["patient_name"] = CurrentValue{"Jon Smith", true, "manual"};
  SECTION("LLM models") {
    auto out = run_s3(run.input());
    REQUIRE(out.has_value());
    CHECK(out->values.count("sex") == 0);
    CHECK(out->values.count("patient_name") == 0);
    CHECK(count(server).judge == 1);  // only temperature_c: the locked sex needs no judge
  }
  SECTION("a model that insists on overwriting") {
    ScriptedExtractor a({{"patient_name", "Mallory"}, {"sex", "male"}});
    ScriptedExtractor b({{"patient_name", "Eve"}, {"sex", "other"}});
    CountingJudge judge;
    auto in = run.input();
    in.model_a = &a;
    in.model_b = &b;
    in.judge = &judge;
    for (auto* run_fn : {&run_s3, &run_s4}) {
      auto out = (*run_fn)(in);
      REQUIRE(out.has_value());
      CHECK(out->values.count("patient_name") == 0);
      CHECK(out->values.count("sex") == 0);
      REQUIRE(decision_for(*out, "sex"));
      CHECK(decision_for(*out, "sex")->decision == DecisionKind::KeepCurrent);
      CHECK(decision_for(*out, "sex")->reason.find("locked") != std::string::npos);
    }
    CHECK(judge.calls == 0);
  }
}

TEST_CASE("S4 isolates a failing field: the other model's value stands, other fields go on", "[llm][s4]") {
  FakeLlmServer server;
  server.set_handler([](const FakeRequest& r) {
    const auto asked = asked_fields(r);
    if (r.model == "gemini-2.0-flash" && asked.size() == 1 && asked[0].id == "allergies") {
      return error_reply(400, "bad request for this field");
    }
    return scripted_reply(r);
  });
  S3S4Run run(services_for(server));
  auto out = run_s4(run.input());
  REQUIRE(out.has_value());
  CHECK(out->values.at("allergies").value == "penicillin");
  REQUIRE(decision_for(*out, "allergies"));
  CHECK(decision_for(*out, "allergies")->decision == DecisionKind::ModelA);
  CHECK(decision_for(*out, "allergies")->reason.find("model_b failed") != std::string::npos);
  bool issue = false;
  for (const auto& i : out->issues) issue |= i.field == "allergies" && i.detail.find("gemini") != std::string::npos;
  CHECK(issue);
  CHECK(out->values.at("patient_name").value == "Jane Roe");
  CHECK(out->values.at("sex").value == "other");
}

TEST_CASE("S3 survives transient errors and one model failing", "[llm][s3]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  SECTION("a 500 then success is retried transparently") {
    server.push(error_reply(500, "flaky"));
    server.set_handler(scripted_reply);
    S3S4Run run(services);
    auto out = run_s3(run.input());
    REQUIRE(out.has_value());
    CHECK(out->values.at("patient_name").value == "Jane Roe");
    CHECK(sleeps.delays_ms.size() == 1);
  }
  SECTION("model B down: model A's values are used, with an issue") {
    server.set_handler([](const FakeRequest& r) {
      return r.model == "gemini-2.0-flash" ? error_reply(403, "permission denied") : scripted_reply(r);
    });
    S3S4Run run(services);
    auto out = run_s3(run.input());
    REQUIRE(out.has_value());
    CHECK(out->values.at("sex").value == "female");
    CHECK(count(server).judge == 0);
    REQUIRE_FALSE(out->issues.empty());
    CHECK(out->issues[0].detail.find("403") != std::string::npos);
  }
  SECTION("both down is an error") {
    server.set_handler([](const FakeRequest&) { return error_reply(404, "no such model"); });
    S3S4Run run(services);
    auto out = run_s3(run.input());
    REQUIRE_FALSE(out.has_value());
    CHECK(out.error().message.find("both models failed") != std::string::npos);
  }
}

TEST_CASE("S3 re-run with the cache on sends nothing and costs nothing", "[llm][s3]") {
  FakeLlmServer server;
  server.set_handler(scripted_reply);
  auto services = services_for(server);
  const auto dir = std::filesystem::temp_directory_path() / ("invox-s3-cache-" + std::to_string(server.port()));
  std::filesystem::remove_all(dir);
  services.cache_path = (dir / "c.sqlite").string();
  S3S4Run first(services);
  auto one = run_s3(first.input());
  const int sent = server.request_count();
  S3S4Run second(services);
  auto two = run_s3(second.input());
  REQUIRE(one.has_value());
  REQUIRE(two.has_value());
  CHECK(sent == 4);
  CHECK(server.request_count() == sent);
  CHECK(two->usage.cost_usd == 0.0);
  CHECK(two->values.at("sex").value == one->values.at("sex").value);
  std::filesystem::remove_all(dir);
}

TEST_CASE("S3/S4 without two models or a judge is a configuration error", "[llm][s3]") {
  ScriptedExtractor a({});
  StrategyInput in;
  Template t = sample_template();
  in.base.tmpl = &t;
  in.model_a = &a;
  auto out = run_s3(in);
  REQUIRE_FALSE(out.has_value());
  CHECK(out.error().kind == ErrorKind::Config);
  CHECK(out.error().message.find("--models") != std::string::npos);
}

TEST_CASE("the rules judge works offline in S3", "[llm][s3][judge]") {
  ScriptedExtractor a({{"patient_name", "Jane Roe"}, {"temperature_c", 38.5}, {"allergies", "penicillin"}});
  ScriptedExtractor b({{"patient_name", "Jane Doe"}, {"temperature_c", 37.5}, {"allergies", "latex"}});
  auto judge = make_rules_judge();
  Template t = sample_template();
  Transcript tr;
  tr.text = "Jane Roe has a temperature of 37.5 and is allergic to penicillin and latex.";
  StrategyInput in;
  in.base.tmpl = &t;
  for (const auto& f : t.fields) in.base.fields.push_back(&f);
  in.base.transcript = &tr;
  in.model_a = &a;
  in.model_b = &b;
  in.judge = judge.get();
  auto out = run_s3(in);
  REQUIRE(out.has_value());
  CHECK(out->values.at("patient_name").value == "Jane Roe");  // only A is grounded
  CHECK(out->values.at("temperature_c").value == 37.5);       // only B is grounded
  CHECK(out->values.at("allergies").value == "penicillin, latex");  // both grounded: merged
  CHECK(decision_for(*out, "allergies")->decision == DecisionKind::Merge);
  CHECK(out->usage.llm_calls == 0);
}
