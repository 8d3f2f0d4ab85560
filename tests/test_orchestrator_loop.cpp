// Orchestrator: clarification re-query, retrieval fallback, transcription and S2 isolation.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "invox/stt.hpp"
#include "support/fake_extractor.hpp"
#include "support/pipeline_fixtures.hpp"

using namespace invox;
using namespace invox::testing;

namespace {

// A model that answers `sex` with an invalid option first and `fixed` from call `fix_at` on.
std::shared_ptr<FakeExtractor> stubborn_model(int fix_at) {
  auto n = std::make_shared<int>(0);
  return std::make_shared<FakeExtractor>([n, fix_at](const ExtractionRequest& r) -> Expected<ExtractionResult> {
    ExtractionResult out;
    const int call = (*n)++;
    for (const Field* f : r.fields) {
      if (f->id == "sex") out.values["sex"] = candidate(call >= fix_at ? "female" : "purple", 0.95, "female");
      if (f->id == "name") out.values["name"] = candidate("Ann Lee", 0.95, "Ann Lee");
    }
    return out;
  });
}

class FakeStore final : public HistoryStore {
 public:
  enum class Mode { Ok, Error, Throw } mode = Mode::Ok;
  Expected<long long> add(const HistoryExample& e) override {
    added.push_back(e);
    return static_cast<long long>(added.size());
  }
  Expected<std::vector<FewShot>> retrieve(const Template&, const std::string&, const RetrievalOptions& o) override {
    last_k = o.k;
    if (mode == Mode::Error) return Error::network("store at 127.0.0.1:1 unreachable");
    if (mode == Mode::Throw) throw std::runtime_error("driver crashed");
    return std::vector<FewShot>{FewShot{"Patient Bo Chen.", Json{{"name", "Bo Chen"}}, Json::object()},
                                FewShot{"Patient Cy Diaz.", Json{{"name", "Cy Diaz"}}, Json::object()}};
  }
  Expected<std::vector<HistoryExample>> list(const std::string&) override { return std::vector<HistoryExample>{}; }
  Expected<HistoryStats> stats() override { return HistoryStats{}; }
  Expected<bool> remove(long long) override { return false; }
  std::vector<HistoryExample> added;
  int last_k = -1;
};

class FakeRecognizer final : public SpeechRecognizer {
 public:
  explicit FakeRecognizer(Expected<Transcript> answer) : answer_(std::move(answer)) {}
  std::string name() const override { return "fake-stt"; }
  Expected<Transcript> transcribe(const std::filesystem::path&, const SttOptions& o) override {
    saw_bias_template = o.bias_template != nullptr;
    ++calls;
    return answer_;
  }
  int calls = 0;
  bool saw_bias_template = false;

 private:
  Expected<Transcript> answer_;
};

}  // namespace

TEST_CASE("re-query asks only the flagged fields, with VER's hint, and can fix them", "[orchestrator][requery]") {
  auto model = stubborn_model(1);
  auto out = make_orchestrator(model).process(text_request("Patient Ann Lee, female."));
  REQUIRE(model->calls() == 2);
  const auto second = model->requests()[1];
  CHECK(second.fields == std::vector<std::string>{"sex"});
  REQUIRE(second.hints.count("sex") == 1);
  CHECK_THAT(second.hints.at("sex"), Catch::Contains("purple"));
  CHECK(out.form.find("sex")->value == Json("female"));
  CHECK(out.form.find("name")->value == Json("Ann Lee"));
  CHECK(out.report.issues.empty());
  CHECK(out.report.status == FormStatus::Complete);
  const StageTiming* rq = find_stage(out.report, "requery");
  REQUIRE(rq != nullptr);
  CHECK(rq->ok);
  CHECK(rq->calls == 1);
  CHECK(out.report.usage.llm_calls == 2);
}

TEST_CASE("the re-query loop is bounded by max_requery", "[orchestrator][requery]") {
  const int rounds = GENERATE(0, 1, 3);
  auto model = stubborn_model(1000);  // never fixes it
  PipelineOptions opts;
  opts.max_requery = rounds;
  auto out = make_orchestrator(model, opts).process(text_request("Patient Ann Lee, female."));
  CHECK(model->calls() == 1 + rounds);
  const Issue* issue = find_issue(out.report, "sex", IssueType::Invalid);
  REQUIRE(issue != nullptr);
  CHECK(issue->action == IssueAction::Requery);
  CHECK(out.report.status == FormStatus::NeedsReview);
  const StageTiming* rq = find_stage(out.report, "requery");
  if (rounds == 0) {
    CHECK(rq == nullptr);
  } else {
    REQUIRE(rq != nullptr);
    CHECK(rq->calls == rounds);
  }
}

TEST_CASE("a model that ignores hints is not asked again: the re-query would repeat its answer",
          "[orchestrator][requery]") {
  auto model = stubborn_model(1);  // would fix the value on a second call, if it were made
  model->ignore_hints();
  auto out = make_orchestrator(model).process(text_request("Patient Ann Lee, female."));
  CHECK(model->calls() == 1);
  CHECK(find_stage(out.report, "requery") == nullptr);
  const Issue* issue = find_issue(out.report, "sex", IssueType::Invalid);
  REQUIRE(issue != nullptr);
  CHECK(issue->action == IssueAction::Requery);
  CHECK(out.report.status == FormStatus::NeedsReview);
}

TEST_CASE("the rules engine reads no hints", "[orchestrator][requery]") {
  CHECK_FALSE(make_rules_extractor()->reads_hints());
}

TEST_CASE("a failing re-query keeps the first answer and is recorded", "[orchestrator][requery]") {
  auto n = std::make_shared<int>(0);
  auto model = std::make_shared<FakeExtractor>([n](const ExtractionRequest&) -> Expected<ExtractionResult> {
    if ((*n)++ > 0) return Error::network("timeout talking to fake");
    ExtractionResult out;
    out.values["sex"] = candidate("purple", 0.95, "purple");
    return out;
  });
  auto out = make_orchestrator(model).process(text_request("Patient Ann Lee, purple."));
  CHECK(out.report.status == FormStatus::NeedsReview);
  // CF rejects the option outside the list, so the field keeps its (empty) current value and the
  // first round's invalid issue stays.
  CHECK(out.form.find("sex")->value.is_null());
  REQUIRE(find_issue(out.report, "sex", IssueType::Invalid) != nullptr);
  const StageTiming* rq = find_stage(out.report, "requery");
  REQUIRE(rq != nullptr);
  CHECK_FALSE(rq->ok);
  CHECK_THAT(rq->error, Catch::Contains("timeout"));
}

TEST_CASE("retrieval: examples reach the model, any failure falls back to zero-shot", "[orchestrator][rag]") {
  auto store = std::make_shared<FakeStore>();
  auto model = FakeExtractor::answering({{"name", candidate("Ann Lee", 0.95, "Ann Lee")}});
  PipelineOptions opts;
  opts.retrieval.k = 50;  // clamped to the paper's maximum
  SECTION("store answers") {
    auto out = make_orchestrator(model, opts, store).process(text_request("Patient Ann Lee."));
    CHECK(model->requests().at(0).examples == 2);
    CHECK(store->last_k == 5);
    const StageTiming* rag = find_stage(out.report, "rag");
    REQUIRE(rag != nullptr);
    CHECK(rag->ok);
    CHECK(rag->warning.empty());
    CHECK(out.report.status == FormStatus::Complete);
  }
  SECTION("store fails or throws") {
    store->mode = GENERATE(FakeStore::Mode::Error, FakeStore::Mode::Throw);
    auto out = make_orchestrator(model, opts, store).process(text_request("Patient Ann Lee."));
    CHECK(model->requests().at(0).examples == 0);
    CHECK(out.report.status == FormStatus::Complete);
    CHECK(out.form.find("name")->value == Json("Ann Lee"));
    const StageTiming* rag = find_stage(out.report, "rag");
    REQUIRE(rag != nullptr);
    CHECK_FALSE(rag->ok);
    CHECK_FALSE(rag->error.empty());
    CHECK_THAT(rag->warning, Catch::Contains("zero-shot"));
  }
}

TEST_CASE("learning adds complete results only", "[orchestrator][rag]") {
  auto store = std::make_shared<FakeStore>();
  PipelineOptions opts;
  opts.learn = true;
  auto good = FakeExtractor::answering({{"name", candidate("Ann Lee", 0.95, "Ann Lee")}});
  auto out = make_orchestrator(good, opts, store).process(text_request("Patient Ann Lee."));
  REQUIRE(out.report.status == FormStatus::Complete);
  REQUIRE(store->added.size() == 1);
  CHECK(store->added[0].template_id == "demo");
  CHECK(store->added[0].expected["name"] == "Ann Lee");
  CHECK(store->added[0].evidence["name"] == "Ann Lee");
  auto missing = FakeExtractor::answering({});
  auto out2 = make_orchestrator(missing, opts, store).process(text_request("Nothing here."));
  CHECK(out2.report.status == FormStatus::NeedsReview);
  CHECK(store->added.size() == 1);
}

TEST_CASE("audio input is transcribed by the recognizer, with an stt stage", "[orchestrator][stt]") {
  Transcript t;
  t.text = "Patient Ann Lee.";
  t.segments = {Segment{0.0, 1.5, "Patient Ann Lee.", 0.9}};
  auto stt = std::make_shared<FakeRecognizer>(t);
  PipelineServices s;
  s.model_a = FakeExtractor::answering({{"name", candidate("Ann Lee", 0.95, "Ann Lee")}});
  s.stt = stt;
  Orchestrator orch({}, s);
  FillRequest req;
  req.tmpl = &demo_template();
  req.input = "/tmp/visit.wav";
  auto out = orch.process(req);
  CHECK(stt->calls == 1);
  CHECK(stt->saw_bias_template);
  CHECK(out.form.transcript == "Patient Ann Lee.");
  const StageTiming* st = find_stage(out.report, "stt");
  REQUIRE(st != nullptr);
  CHECK(st->ok);
  CHECK(out.form.find("name")->evidence->start == Approx(0.0));
  CHECK(out.form.find("name")->evidence->end == Approx(1.5));

  SECTION("a recognizer error fails the input with the reason") {
    s.stt = std::make_shared<FakeRecognizer>(Error::input("visit.wav: no speech found"));
    auto failed = Orchestrator({}, s).process(req);
    CHECK(failed.report.status == FormStatus::Failed);
    CHECK_THAT(failed.report.error, Catch::Contains("no speech found"));
    REQUIRE(find_stage(failed.report, "stt") != nullptr);
    CHECK_FALSE(find_stage(failed.report, "stt")->ok);
  }
  SECTION("without a recognizer the reason the run has none fails the audio input") {
    s.stt = nullptr;
    s.stt_error = Error::internal("the recognizer could not start");
    auto failed = Orchestrator({}, s).process(req);
    CHECK(failed.report.status == FormStatus::Failed);
    CHECK(failed.report.error == "the recognizer could not start");
    REQUIRE(find_stage(failed.report, "stt") != nullptr);
    CHECK(find_stage(failed.report, "stt")->error == "the recognizer could not start");
    REQUIRE(failed.form.filled.size() == demo_template().fields.size());
  }
}
