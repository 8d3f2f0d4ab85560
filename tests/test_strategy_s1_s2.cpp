// Strategies S1 and S2 with a scripted model: call counts, per-field error isolation.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

#include "invox/strategy.hpp"
#include "support/fake_extractor.hpp"
#include "support/pipeline_fixtures.hpp"

using namespace invox;
using namespace invox::testing;

namespace {

StrategyInput input_for(Extractor& model, const Transcript& t, std::vector<std::string> ids = {}) {
  StrategyInput in;
  in.base.tmpl = &demo_template();
  in.base.transcript = &t;
  for (const Field& f : demo_template().fields) {
    if (ids.empty() || std::find(ids.begin(), ids.end(), f.id) != ids.end()) in.base.fields.push_back(&f);
  }
  in.model_a = &model;
  return in;
}

// Answers "value-of-<field>" for every asked field; fails on `error_field`, throws on `throw_field`.
std::shared_ptr<FakeExtractor> per_field_model(std::string error_field, std::string throw_field) {
  return std::make_shared<FakeExtractor>([=](const ExtractionRequest& r) -> Expected<ExtractionResult> {
    ExtractionResult out;
    for (const Field* f : r.fields) {
      if (f->id == error_field) return Error::provider("HTTP 500 for " + f->id);
      if (f->id == throw_field) throw std::runtime_error("parser blew up");
      out.values[f->id] = candidate("value-of-" + f->id);
    }
    out.usage.prompt_tokens = 7;
    return out;
  });
}

}  // namespace

TEST_CASE("S1 makes one call for all fields and drops fields it did not ask", "[strategy]") {
  const Transcript t = transcript_of("text");
  auto model = FakeExtractor::answering({{"name", candidate("A")}, {"temp", candidate(1)}}, true);
  auto in = input_for(*model, t, {"name"});
  auto out = run_s1(in);
  REQUIRE(out);
  CHECK(out->calls == 1);
  CHECK(model->calls() == 1);
  CHECK(out->values.count("name") == 1);
  CHECK(out->values.count("temp") == 0);
}

TEST_CASE("S1's failing call is an error", "[strategy]") {
  const Transcript t = transcript_of("text");
  auto model = per_field_model("name", "");
  auto out = run_strategy(Strategy::S1, input_for(*model, t));
  REQUIRE_FALSE(out);
  CHECK_THAT(out.error().message, Catch::Contains("HTTP 500"));
}

TEST_CASE("S2 makes one call per field, each asking exactly that field", "[strategy]") {
  const Transcript t = transcript_of("text");
  auto model = per_field_model("", "");
  auto out = run_strategy(Strategy::S2, input_for(*model, t));
  REQUIRE(out);
  const size_t n = demo_template().fields.size();
  CHECK(out->calls == static_cast<int>(n));
  CHECK(model->calls() == static_cast<int>(n));
  CHECK(out->values.size() == n);
  CHECK(out->usage.prompt_tokens == 7L * static_cast<long>(n));
  std::set<std::string> asked;
  for (const auto& r : model->requests()) {
    REQUIRE(r.fields.size() == 1);
    asked.insert(r.fields[0]);
  }
  CHECK(asked.size() == n);
}

TEST_CASE("S2 isolates failing fields: errors and exceptions become issues, others proceed", "[strategy]") {
  const Transcript t = transcript_of("text");
  auto model = per_field_model("temp", "sex");
  auto out = run_strategy(Strategy::S2, input_for(*model, t));
  REQUIRE(out);
  const size_t n = demo_template().fields.size();
  CHECK(out->calls == static_cast<int>(n));
  CHECK(out->values.size() == n - 2);
  CHECK(out->values.count("temp") == 0);
  CHECK(out->values.count("sex") == 0);
  CHECK(out->values.at("name").value == Json("value-of-name"));
  REQUIRE(out->issues.size() == 2);
  for (const auto& issue : out->issues) {
    CHECK((issue.field == "temp" || issue.field == "sex"));
    CHECK(issue.action == IssueAction::Requery);
  }
}

TEST_CASE("S2 runs fields in parallel", "[strategy]") {
  const Transcript t = transcript_of("text");
  std::atomic<int> in_flight{0}, peak{0};
  auto model = std::make_shared<FakeExtractor>([&](const ExtractionRequest& r) -> Expected<ExtractionResult> {
    const int now = ++in_flight;
    int p = peak.load();
    while (now > p && !peak.compare_exchange_weak(p, now)) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    --in_flight;
    ExtractionResult out;
    out.values[r.fields[0]->id] = candidate("x");
    return out;
  });
  auto in = input_for(*model, t);
  in.max_parallel = 4;
  auto out = run_s2(in);
  REQUIRE(out);
  CHECK(peak.load() > 1);
  CHECK(peak.load() <= 4);
}

TEST_CASE("S2 passes each field its own hint and only few-shots that filled it", "[strategy]") {
  const Transcript t = transcript_of("text");
  auto model = per_field_model("", "");
  auto in = input_for(*model, t, {"name", "temp"});
  in.base.hints = {{"temp", "out of range"}};
  in.base.examples = {FewShot{"a", Json{{"name", "A"}, {"temp", nullptr}}, {}},
                      FewShot{"b", Json{{"name", "B"}}, {}}, FewShot{"c", Json{{"name", "C"}}, {}}};
  auto out = run_s2(in);
  REQUIRE(out);
  REQUIRE(model->requests().size() == 2);  // one per field: name, temp
  for (const auto& r : model->requests()) {
    if (r.fields[0] == "temp") {
      CHECK(r.hints.at("temp") == "out of range");
      CHECK(r.examples == 0);
    } else {
      CHECK(r.hints.empty());
      CHECK(r.examples == 2);
    }
  }
}

TEST_CASE("S2 through the orchestrator: a failing field keeps its current value and gets an issue",
          "[strategy][orchestrator]") {
  auto model = std::make_shared<FakeExtractor>([](const ExtractionRequest& r) -> Expected<ExtractionResult> {
    ExtractionResult out;
    const std::string id = r.fields[0]->id;
    if (id == "temp") return Error::network("timeout");
    if (id == "name") out.values["name"] = candidate("Ann Lee", 0.95, "Ann Lee");
    return out;
  });
  CurrentValues current;
  current["temp"] = CurrentValue{37.5, false, "manual"};
  current["sex"] = CurrentValue{"female", true, "manual"};
  PipelineOptions opts;
  opts.strategy = Strategy::S2;
  opts.max_requery = 0;
  auto out = make_orchestrator(model, opts).process(text_request("Patient Ann Lee.", current));
  REQUIRE(out.report.status == FormStatus::NeedsReview);
  CHECK(out.form.find("temp")->value == Json(37.5));
  CHECK_FALSE(out.form.find("temp")->changed);
  CHECK(out.form.find("name")->value == Json("Ann Lee"));
  REQUIRE(out.report.issues.size() == 1);
  CHECK(out.report.issues[0].field == "temp");
  CHECK_THAT(out.report.issues[0].detail, Catch::Contains("timeout"));
  // One call per unlocked field.
  const int unlocked = static_cast<int>(demo_template().fields.size()) - 1;
  CHECK(model->calls() == unlocked);
  CHECK(find_stage(out.report, "ie")->calls == unlocked);
}
