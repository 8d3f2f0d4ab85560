// How answers and failures are handled (issue 13, items 1-4, 6, 7, 14), each against the fake
// server speaking the provider's documented format.
#include <catch2/catch.hpp>

#include <chrono>
#include <set>

#include "invox/models.hpp"
#include "invox/orchestrator.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"

using namespace invox;
using namespace invox::test;

namespace {

struct Input {
  Template tmpl = sample_template();
  Transcript transcript;
  std::shared_ptr<UsageMeter> meter = std::make_shared<UsageMeter>();
  Input() { transcript.text = "Patient Jane Roe, female, temperature 38.5."; }
  ExtractionRequest request() const {
    ExtractionRequest r;
    r.tmpl = &tmpl;
    for (const auto& f : tmpl.fields) r.fields.push_back(&f);
    r.transcript = &transcript;
    r.context.reference_date = "2026-03-14";
    r.meter = meter;
    return r;
  }
};

ModelSays saying(std::string content) {
  ModelSays m;
  m.content = std::move(content);
  m.prompt_tokens = 1000;
  m.completion_tokens = 50;
  return m;
}

ModelSays refusing(std::string why) {
  auto m = saying("");
  m.refusal = std::move(why);
  return m;
}

ModelSays filtered() {
  auto m = saying("");
  m.finish = "content_filter";
  return m;
}

FakeLlmServer::Handler replying(ModelSays says) {
  return [says](const FakeRequest& r) { return reply_for(r, says); };
}

FakeReply gemini_429(const std::string& delay) {
  FakeReply r;
  r.status = 429;
  r.body = Json{{"error", {{"code", 429}, {"message", "Resource has been exhausted (e.g. check quota)."},
                           {"status", "RESOURCE_EXHAUSTED"},
                           {"details", Json::array({{{"@type", "type.googleapis.com/google.rpc.QuotaFailure"}},
                                                    {{"@type", "type.googleapis.com/google.rpc.RetryInfo"},
                                                     {"retryDelay", delay}}})}}}}
               .dump();
  return r;
}

const std::string kGoodAnswer = R"({"patient_name": "Jane Roe", "sex": "female", "temperature_c": 38.5, "visit_date": null,
  "visit_time": null, "allergies": null, "smoker": null})";

// Answers the fields a request asks for with valid values, so no re-ask muddles the counts.
FakeReply good_answer(const FakeRequest& r) {
  const auto all = Json::parse(kGoodAnswer);
  Json answer = Json::object();
  for (const auto& f : asked_fields(r)) answer[f.id] = all.value(f.id, Json());
  return reply_for(r, saying(answer.dump()));
}

}  // namespace

TEST_CASE("Gemini's RetryInfo retryDelay is honoured in full", "[llm][failures]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  server.set_handler(good_answer);
  server.push(gemini_429("30s"));
  Input in;
  auto r = chat_extractor("gemini:gemini-3.8-flash", services)->extract(in.request());
  REQUIRE(r.has_value());
  REQUIRE(sleeps.delays_ms.size() == 1);
  CHECK(sleeps.delays_ms[0] == 30'000);  // not capped to invox's own 20 s backoff ceiling
  CHECK(server.request_count() == 2);
}

TEST_CASE("a requested wait beyond the cap fails at once and says so", "[llm][failures]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  server.push(gemini_429("3600s"));
  Input in;
  auto r = chat_extractor("gemini:gemini-3.8-flash", services)->extract(in.request());
  REQUIRE_FALSE(r.has_value());
  CHECK(sleeps.delays_ms.empty());
  CHECK(r.error().message.find("asked to wait 3600 s") != std::string::npos);
  CHECK(r.error().message.find("120 s") != std::string::npos);

  FakeReply openai;
  openai.status = 429;
  openai.body = R"({"error": {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"}})";
  openai.headers = {{"retry-after-ms", "1500"}};
  server.push(openai);
  auto ok = chat_extractor("openai:gpt-6.1-sol", services)->extract(in.request());
  REQUIRE(ok.has_value());
  REQUIRE(sleeps.delays_ms.size() == 1);
  CHECK(sleeps.delays_ms[0] == 1500);
}

TEST_CASE("billed calls count whatever the answer: refusal, filter, safety block, unparsable, judge refusal",
          "[llm][failures]") {
  FakeLlmServer server;
  const auto services = services_for(server);
  Input in;
  SECTION("OpenAI refusal") {
    server.set_handler(replying(refusing("I can't help with that")));
    CHECK_FALSE(chat_extractor("openai:gpt-6.1-sol", services)->extract(in.request()).has_value());
    const auto u = in.meter->total();
    CHECK(u.llm_calls == 1);
    CHECK(u.prompt_tokens == 1000);
    CHECK(u.cost_usd == Approx(1000 * 2.0 / 1e6 + 50 * 10.0 / 1e6));
  }
  SECTION("content filter") {
    server.set_handler(replying(filtered()));
    CHECK_FALSE(chat_extractor("openai:gpt-6.1-sol", services)->extract(in.request()).has_value());
    CHECK(in.meter->total().completion_tokens == 50);
  }
  SECTION("Gemini safety block") {
    server.set_handler(replying(refusing("x")));
    CHECK_FALSE(chat_extractor("gemini:gemini-3.8-flash", services)->extract(in.request()).has_value());
    CHECK(in.meter->total().prompt_tokens == 1000);
  }
  SECTION("unparsable twice: both requests count") {
    server.set_handler([](const FakeRequest& r) { return reply_for(r, saying("no JSON here")); });
    CHECK_FALSE(chat_extractor("openai:gpt-6.1-sol", services)->extract(in.request()).has_value());
    CHECK(in.meter->total().llm_calls == 2);
    CHECK(in.meter->total().prompt_tokens == 2000);
  }
  SECTION("judge refusal") {
    server.set_handler(replying(refusing("no")));
    auto judge = make_chat_judge(*parse_model_spec("openai:gpt-6.1-terra"), services);
    REQUIRE(judge.has_value());
    JudgeRequest jr;
    jr.field = in.tmpl.find("sex");
    jr.transcript = &in.transcript;
    jr.model_a = Candidate{"female", 0.9, std::nullopt, {}};
    jr.model_b = Candidate{"male", 0.9, std::nullopt, {}};
    jr.meter = in.meter;
    CHECK_FALSE((*judge)->decide(jr).has_value());
    CHECK(in.meter->total().llm_calls == 1);
    CHECK(in.meter->total().cost_usd == Approx(1000 * 1.0 / 1e6 + 50 * 5.0 / 1e6));
  }
}

TEST_CASE("a re-ask is a request of its own in llmCalls", "[llm][failures]") {
  FakeLlmServer server;
  int n = 0;
  server.set_handler([&n](const FakeRequest& r) {
    // First answer has an invalid enum value, the re-ask fixes it.
    return reply_for(r, saying(n++ == 0 ? R"({"patient_name": "Jane Roe", "sex": "femme"})" : kGoodAnswer));
  });
  Input in;
  auto r = chat_extractor("openai:gpt-6.1-sol", services_for(server))->extract(in.request());
  REQUIRE(r.has_value());
  CHECK(server.request_count() == 2);
  CHECK(r->usage.llm_calls == 2);
  CHECK(in.meter->total().llm_calls == 2);
  CHECK(in.meter->total().prompt_tokens == 2000);
}

TEST_CASE("usage: null is tolerated: the answer is used, its tokens unknown", "[llm][failures]") {
  FakeLlmServer server;
  server.set_handler([](const FakeRequest& r) {
    auto reply = reply_for(r, saying(kGoodAnswer));
    auto body = Json::parse(reply.body);
    body["usage"] = nullptr;
    reply.body = body.dump();
    return reply;
  });
  Input in;
  auto r = chat_extractor("openai-compatible:qwen@" + server.openai_base(), services_for(server))->extract(in.request());
  REQUIRE(r.has_value());
  CHECK(r->values.at("patient_name").value == "Jane Roe");
  // Every request counts (an 8k-context server may take the form in parts), none has tokens.
  REQUIRE_FALSE(server.requests().empty());
  CHECK(static_cast<size_t>(r->usage.llm_calls) == server.requests().size());
  CHECK(r->usage.prompt_tokens == 0);
}

TEST_CASE("answers of the wrong shape are errors without library exception text", "[llm][failures]") {
  FakeLlmServer server;
  for (const auto* body : {R"({"choices": [{"message": {"content": 42}, "finish_reason": 7}], "usage": "many"})",
                           R"({"choices": "none"})", R"([1, 2, 3])"}) {
    INFO(body);
    FakeReply reply;
    reply.body = body;
    server.push(reply);
    server.push(reply);
    Input in;
    auto r = chat_extractor("openai:gpt-6.1-sol", services_for(server))->extract(in.request());
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("json.exception") == std::string::npos);
    CHECK(r.error().message.find("type_error") == std::string::npos);
  }
}

TEST_CASE("the output-token request is capped per model, and a form that does not fit is asked in parts",
          "[llm][failures]") {
  FakeLlmServer server;
  server.set_handler(good_answer);
  auto services = services_for(server);
  auto config = std::make_shared<ModelConfig>(ModelConfig::built_in());
  REQUIRE(config->merge_toml("[models.\"openai:tiny\"]\ninput = 1.0\nmax_output_tokens = 1024\n", "test").has_value());
  services.config = config;
  Input in;  // 7 fields: 512 + 7 x 256 = 2304 tokens would be asked of a model that allows 1024
  auto r = chat_extractor("openai:tiny", services)->extract(in.request());
  REQUIRE(r.has_value());
  const auto requests = server.requests();
  REQUIRE(requests.size() == 4);  // (1024 - 512) / 256 = 2 fields per call
  std::set<std::string> asked;
  for (const auto& q : requests) {
    CHECK(q.json["max_completion_tokens"].get<int>() <= 1024);
    const auto fields = asked_fields(q);
    CHECK(fields.size() <= 2);
    for (const auto& f : fields) CHECK(asked.insert(f.id).second);  // no field asked twice
  }
  CHECK(asked.size() == in.tmpl.fields.size());
  CHECK(r->values.count("patient_name") == 1);
  CHECK(r->values.count("temperature_c") == 1);  // from the second part
  CHECK(r->usage.llm_calls == 4);
}

TEST_CASE("Gemini's 400 API_KEY_INVALID is a configuration error naming GEMINI_API_KEY", "[llm][failures]") {
  FakeLlmServer server;
  FakeReply bad;
  bad.status = 400;
  bad.body = Json{{"error", {{"code", 400}, {"message", "API key not valid. Please pass a valid API key."},
                             {"status", "INVALID_ARGUMENT"},
                             {"details", Json::array({{{"@type", "type.googleapis.com/google.rpc.ErrorInfo"},
                                                       {"reason", "API_KEY_INVALID"},
                                                       {"domain", "googleapis.com"}}})}}}}
                 .dump();
  server.push(bad);
  Input in;
  auto r = chat_extractor("gemini:gemini-3.8-flash", services_for(server))->extract(in.request());
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().kind == ErrorKind::Config);
  CHECK(r.error().message.find("GEMINI_API_KEY") != std::string::npos);
  CHECK(server.request_count() == 1);
}

TEST_CASE("prompts carry the actual reference date, never 'today'", "[llm][failures]") {
  FakeLlmServer server;
  Input in;
  auto request = in.request();
  request.context.reference_date.clear();
  request.context.timezone = "Pacific/Auckland";
  // 2026-11-24 20:00 UTC is already 2026-11-25 in Auckland.
  request.context.now = std::chrono::sys_days{std::chrono::year{2026} / 11 / 24} + std::chrono::hours{20};
  REQUIRE(chat_extractor("openai:gpt-6.1-sol", services_for(server))->extract(request).has_value());
  std::string all;
  for (const auto& [role, text] : messages_of(server.requests().at(0))) all += text;
  CHECK(all.find("Reference date: 2026-11-25") != std::string::npos);
  CHECK(all.find("Reference date: today") == std::string::npos);
}

TEST_CASE("report usage: a refused S1 call is billed in the failed report, rules adds no llmCalls",
          "[llm][failures][orchestrator]") {
  FakeLlmServer server;
  server.set_handler(replying(refusing("no")));
  const Template tmpl = sample_template();
  FillRequest request;
  request.tmpl = &tmpl;
  request.input = "visit.txt";
  request.text = "Patient Jane Roe, female.";
  request.context.reference_date = "2026-03-14";

  PipelineServices llm;
  llm.model_a = chat_extractor("openai:gpt-6.1-sol", services_for(server));
  const auto failed = Orchestrator(PipelineOptions{}, llm).process(request);
  CHECK(failed.report.status == FormStatus::Failed);
  CHECK(failed.report.usage.llm_calls == 1);
  CHECK(failed.report.usage.prompt_tokens == 1000);
  CHECK(failed.report.usage.cost_usd > 0);

  PipelineServices offline;
  offline.model_a = std::shared_ptr<Extractor>(make_rules_extractor());
  const auto ruled = Orchestrator(PipelineOptions{}, offline).process(request);
  CHECK(ruled.report.status != FormStatus::Failed);
  CHECK(ruled.report.usage.llm_calls == 0);
  const auto* ie = &ruled.report.stages.front();
  for (const auto& s : ruled.report.stages) {
    if (s.stage == "ie") ie = &s;
  }
  CHECK(ie->stage == "ie");
  CHECK(ie->calls == 1);  // the rules engine's call is reported as a stage call
}
