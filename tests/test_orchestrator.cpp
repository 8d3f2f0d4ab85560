// Orchestrator: the shared rules, stages, failures and the clarification loop, driven by a
// scripted fake model.
#include <catch2/catch.hpp>

#include "support/fake_extractor.hpp"
#include "support/pipeline_fixtures.hpp"

using namespace invox;
using namespace invox::testing;

namespace {
CurrentValue cv(Json v, bool locked = false, std::string source = "manual") {
  CurrentValue c;
  c.value = std::move(v);
  c.locked = locked;
  c.source = std::move(source);
  return c;
}
}  // namespace

TEST_CASE("filled lists every template field in template order, null when empty", "[orchestrator]") {
  auto model = FakeExtractor::answering({{"temp", candidate(38.5, 0.95, "38.5")}});
  auto out = make_orchestrator(model).process(text_request("Patient Ann Lee, temperature 38.5 today."));
  const auto& tmpl = demo_template();
  REQUIRE(out.form.filled.size() == tmpl.fields.size());
  for (size_t i = 0; i < tmpl.fields.size(); ++i) CHECK(out.form.filled[i].first == tmpl.fields[i].id);
  CHECK(out.form.find("temp")->value == Json(38.5));
  CHECK(out.form.find("sex")->value.is_null());
  CHECK(out.form.find("sex")->source.empty());
  CHECK_FALSE(out.form.find("sex")->changed);
  CHECK(out.form.template_id == "demo");
  CHECK(out.form.strategy == "S1");
  CHECK(out.form.model == "fake");
  CHECK(out.form.transcript == "Patient Ann Lee, temperature 38.5 today.");
}

TEST_CASE("shared rules: locks, unmentioned fields, changed and previousValue", "[orchestrator]") {
  CurrentValues current;
  current["name"] = cv("Jon Smith", true);        // locked
  current["temp"] = cv(37.0);                     // will change
  current["sex"] = cv("male", false, "import");   // not mentioned
  current["smoker"] = cv(false, false, "ai");     // restated identically
  // The model tries to overwrite the locked name and fills fields it was not asked about.
  auto model = FakeExtractor::answering({{"name", candidate("John Smyth", 0.99, "John Smyth")},
                                         {"temp", candidate(38.0, 0.95, "38")},
                                         {"smoker", candidate(false, 0.95, "non-smoker")},
                                         {"allergies", candidate("latex", 0.95, "latex")}},
                                        /*answer_unasked=*/true);
  auto out = make_orchestrator(model).process(
      text_request("John Smyth, temperature 38, non-smoker, allergic to latex.", current));
  REQUIRE(out.report.status != FormStatus::Failed);

  const auto* name = out.form.find("name");
  CHECK(name->value == Json("Jon Smith"));
  CHECK_FALSE(name->changed);
  CHECK(name->source == "manual");
  // The locked field was not even asked for.
  REQUIRE_FALSE(model->requests().empty());
  for (const auto& req : model->requests()) {
    CHECK(std::find(req.fields.begin(), req.fields.end(), "name") == req.fields.end());
  }

  const auto* temp = out.form.find("temp");
  CHECK(temp->value == Json(38.0));
  CHECK(temp->changed);
  CHECK(temp->previous_value == Json(37.0));
  CHECK(temp->source == "ai");

  const auto* sex = out.form.find("sex");
  CHECK(sex->value == Json("male"));
  CHECK_FALSE(sex->changed);
  CHECK(sex->source == "import");

  const auto* smoker = out.form.find("smoker");
  CHECK(smoker->value == Json(false));
  CHECK_FALSE(smoker->changed);
  CHECK(smoker->source == "ai");

  const auto* allergies = out.form.find("allergies");
  CHECK(allergies->value == Json("latex"));
  CHECK(allergies->changed);
  CHECK(allergies->previous_value.is_null());
  CHECK(allergies->source == "ai");
  // previousValue appears in the JSON exactly for changed fields.
  const Json j = to_json(out.form);
  CHECK(j["filled"]["allergies"].contains("previousValue"));
  CHECK(j["filled"]["allergies"]["previousValue"].is_null());
  CHECK_FALSE(j["filled"]["sex"].contains("previousValue"));
  CHECK_FALSE(j["filled"]["name"].contains("previousValue"));
}

TEST_CASE("a null candidate means not mentioned: the current value stays", "[orchestrator]") {
  CurrentValues current;
  current["temp"] = cv(37.0);
  auto model = FakeExtractor::answering({{"temp", candidate(nullptr)}});
  auto out = make_orchestrator(model).process(text_request("Patient Ann Lee.", current));
  CHECK(out.form.find("temp")->value == Json(37.0));
  CHECK_FALSE(out.form.find("temp")->changed);
}

TEST_CASE("only the new transcript is a source of values", "[orchestrator]") {
  auto model = FakeExtractor::answering({{"name", candidate("Ann Lee", 0.95, "Ann Lee")},
                                         {"allergies", candidate("penicillin", 0.95, "penicillin")}});
  auto req = text_request("Patient Ann Lee.");
  req.old_transcript = "Earlier: allergic to penicillin.";
  auto out = make_orchestrator(model).process(req);
  REQUIRE(model->calls() == 1);
  CHECK(model->requests()[0].transcript == "Patient Ann Lee.");
  CHECK(model->requests()[0].old_transcript == "Earlier: allergic to penicillin.");
  // A value that only the old transcript supports is not grounded in the new one.
  const Issue* issue = find_issue(out.report, "allergies", IssueType::LowConf);
  REQUIRE(issue != nullptr);
  CHECK(issue->action == IssueAction::ManualReview);
  CHECK(find_issue(out.report, "name", IssueType::LowConf) == nullptr);
  CHECK(out.report.status == FormStatus::NeedsReview);
}

TEST_CASE("a complete form: grounded, confident, required fields present", "[orchestrator]") {
  auto model = FakeExtractor::answering({{"name", candidate("Ann Lee", 0.95, "Ann Lee")},
                                         {"sex", candidate("female", 0.9, "female")}});
  auto out = make_orchestrator(model).process(text_request("Patient Ann Lee, female."));
  CHECK(out.report.issues.empty());
  CHECK(out.report.status == FormStatus::Complete);
  REQUIRE(out.report.confidence.size() == 2);
  CHECK(out.report.confidence[0].first == "name");
  CHECK(out.report.confidence[0].second == Approx(0.95));
  CHECK(out.report.usage.llm_calls == 1);
}

TEST_CASE("every stage that ran is timed", "[orchestrator]") {
  auto model = FakeExtractor::answering({{"name", candidate("Ann Lee", 0.95, "Ann Lee")}});
  auto out = make_orchestrator(model).process(text_request("Patient Ann Lee."));
  for (const char* stage : {"ie", "cf", "ver"}) {
    const StageTiming* s = find_stage(out.report, stage);
    REQUIRE(s != nullptr);
    CHECK(s->ok);
    CHECK(s->ms >= 0.0);
    CHECK(s->error.empty());
  }
  CHECK(find_stage(out.report, "ie")->calls == 1);
  // No audio, no store, nothing to re-ask: those stages did not run.
  CHECK(find_stage(out.report, "stt") == nullptr);
  CHECK(find_stage(out.report, "rag") == nullptr);
  CHECK(find_stage(out.report, "requery") == nullptr);
  // The report JSON carries them in pipeline order.
  const Json j = to_json(out.report);
  REQUIRE(j["stages"].size() == 3);
  CHECK(j["stages"][0]["stage"] == "ie");
  CHECK(j["stages"][2]["stage"] == "ver");
}

TEST_CASE("usage is summed into the report", "[orchestrator]") {
  auto model = std::make_shared<FakeExtractor>([](const ExtractionRequest& r) -> Expected<ExtractionResult> {
    ExtractionResult out;
    out.usage.prompt_tokens = 100;
    out.usage.completion_tokens = 10;
    out.usage.cost_usd = 0.5;
    out.values[r.fields[0]->id] = candidate(nullptr);
    return out;
  });
  PipelineOptions opts;
  opts.strategy = Strategy::S2;
  auto out = make_orchestrator(model, opts).process(text_request("Nothing useful."));
  const int n = static_cast<int>(demo_template().fields.size());
  CHECK(out.report.usage.prompt_tokens == 100L * n);
  CHECK(out.report.usage.completion_tokens == 10L * n);
  CHECK(out.report.usage.cost_usd == Approx(0.5 * n));
  CHECK(out.report.usage.llm_calls == n);
}

TEST_CASE("failures become status failed with the reason, never exceptions", "[orchestrator]") {
  auto model = FakeExtractor::answering({});
  SECTION("no template") {
    auto req = text_request("text");
    req.tmpl = nullptr;
    auto out = make_orchestrator(model).process(req);
    CHECK(out.report.status == FormStatus::Failed);
    CHECK_THAT(out.report.error, Catch::Contains("template"));
  }
  SECTION("unreadable transcript file: an input stage, and the current values as if nothing was heard") {
    FillRequest req;
    req.tmpl = &demo_template();
    req.input = "/nonexistent/dir/case.txt";
    req.current["temp"] = cv(37.0);
    req.current["name"] = cv("Ann Lee", true);
    auto out = make_orchestrator(model).process(req);
    CHECK(out.report.status == FormStatus::Failed);
    CHECK_THAT(out.report.error, Catch::Contains("/nonexistent/dir/case.txt"));
    REQUIRE(out.report.stages.size() == 1);
    CHECK(out.report.stages[0].stage == "input");
    CHECK_FALSE(out.report.stages[0].ok);
    CHECK(out.report.stages[0].error == out.report.error);
    CHECK(out.form.template_id == "demo");
    CHECK(out.form.strategy == "S1");
    REQUIRE(out.form.filled.size() == demo_template().fields.size());
    // Same as a successful run whose transcript never mentions these fields.
    auto heard_nothing = make_orchestrator(model).process(text_request("Nothing said.", req.current));
    for (const char* id : {"temp", "name", "sex"}) {
      INFO(id);
      CHECK(to_json(*out.form.find(id)) == to_json(*heard_nothing.form.find(id)));
    }
    CHECK(out.form.find("temp")->confidence == 1.0);
    CHECK(out.form.find("temp")->source == "manual");
    CHECK(out.form.find("sex")->value.is_null());
  }
  SECTION("transcript text given directly is checked like a .txt file") {
    FillRequest req;
    req.tmpl = &demo_template();
    req.text = "  \n ";
    auto out = make_orchestrator(model).process(req);
    CHECK(out.report.status == FormStatus::Failed);
    CHECK(out.report.error == "stdin: transcript is empty");
    req.text = "  Patient Ann Lee.\n";
    auto read = make_orchestrator(model).process(req);
    CHECK(read.report.status != FormStatus::Failed);
    CHECK(read.form.transcript == "Patient Ann Lee.");
  }
  SECTION("empty transcript") {
    auto out = make_orchestrator(model).process(text_request("   \n"));
    CHECK(out.report.status == FormStatus::Failed);
    CHECK_THAT(out.report.error, Catch::Contains("empty"));
  }
  SECTION("S1's single call fails") {
    auto failing = std::make_shared<FakeExtractor>(
        [](const ExtractionRequest&) -> Expected<ExtractionResult> { return Error::provider("HTTP 500 from fake"); });
    CurrentValues current;
    current["temp"] = cv(37.0);
    auto out = make_orchestrator(failing).process(text_request("Patient Ann Lee.", current));
    CHECK(out.report.status == FormStatus::Failed);
    CHECK_THAT(out.report.error, Catch::Contains("HTTP 500 from fake"));
    const StageTiming* ie = find_stage(out.report, "ie");
    REQUIRE(ie != nullptr);
    CHECK_FALSE(ie->ok);
    CHECK_THAT(ie->error, Catch::Contains("HTTP 500"));
    // The current values survive in the failed form.
    CHECK(out.form.find("temp")->value == Json(37.0));
  }
  SECTION("a model that throws") {
    auto throwing = std::make_shared<FakeExtractor>(
        [](const ExtractionRequest&) -> Expected<ExtractionResult> { throw std::runtime_error("boom"); });
    auto out = make_orchestrator(throwing).process(text_request("Patient Ann Lee."));
    CHECK(out.report.status == FormStatus::Failed);
    CHECK_THAT(out.report.error, Catch::Contains("boom"));
  }
  SECTION("no model") {
    auto out = make_orchestrator(nullptr).process(text_request("Patient Ann Lee."));
    CHECK(out.report.status == FormStatus::Failed);
  }
  SECTION("S3 without a second model and judge") {
    PipelineOptions opts;
    opts.strategy = Strategy::S3;
    auto out = make_orchestrator(model, opts).process(text_request("Patient Ann Lee."));
    CHECK(out.report.status == FormStatus::Failed);
    CHECK_THAT(out.report.error, Catch::Contains("two models"));
  }
}
