// Token log probabilities as a confidence signal (docs/PIPELINE.md "LLM confidence signals"):
// which requests ask for them, how a value's probability is read from the providers' answers
// (the fake server sends them in each provider's format), and how it and a re-ask move the
// value's raw confidence.
#include <catch2/catch.hpp>

#include <cmath>

#include "invox/models.hpp"
#include "llm/token_logprobs.hpp"
#include "llm/value_confidence.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"

using namespace invox;
using namespace invox::test;
using invox::llm::TokenLogprobs;
using invox::llm::ValueProbabilities;

namespace {

const std::string kTranscript = "Patient Jane Roe, female, temperature 38.5, allergic to penicillin and latex.";

struct LogprobFixture {
  Template tmpl = sample_template();
  Transcript transcript;
  CurrentValues current;
  LogprobFixture() { transcript.text = kTranscript; }
  ExtractionRequest request() const {
    return test::request_for(tmpl, transcript, current);
  }
};

const Json kAnswer = {{"patient_name", "Jane Roe"}, {"sex", "female"}, {"temperature_c", 38.5}, {"visit_date", nullptr},
                      {"visit_time", nullptr}, {"allergies", "penicillin, latex"}, {"smoker", nullptr}};

ModelSays answering(const Json& content, std::vector<std::pair<std::string, double>> doubt = {}) {
  ModelSays m;
  m.content = content.dump();
  m.doubt = std::move(doubt);
  return m;
}

ExtractionResult extract_with(const std::string& model, FakeLlmServer& server, ModelServices services) {
  auto spec = parse_model_spec(model);
  REQUIRE(spec.has_value());
  auto extractor = make_chat_extractor(*spec, services);
  REQUIRE(extractor.has_value());
  LogprobFixture fx;
  auto result = (*extractor)->extract(fx.request());
  REQUIRE(result.has_value());
  CHECK(server.violations().empty());
  return *result;
}

double confidence_of(const ExtractionResult& r, const std::string& id) {
  auto it = r.values.find(id);
  REQUIRE(it != r.values.end());
  return it->second.confidence;
}

TokenLogprobs tokens(std::vector<std::pair<std::string, double>> list) {
  TokenLogprobs t;
  for (auto& [text, lp] : list) t.tokens.push_back({text, lp});
  return t;
}

}  // namespace

TEST_CASE("Only models that accept them are asked for log probabilities", "[llm][logprobs]") {
  FakeLlmServer server;
  server.set_handler([](const FakeRequest& r) { return reply_for(r, answering(kAnswer)); });
  const auto services = services_for(server);
  std::vector<FakeRequest> first;  // each model's first request
  for (const auto* model : {"openai:gpt-4o", "openai:gpt-6.1-sol", "gemini:gemini-2.0-flash", "gemini:gemini-3.8-flash",
                            "ollama:llama3.1"}) {
    const auto before = static_cast<size_t>(server.request_count());
    (void)extract_with(model, server, services);
    REQUIRE(server.requests().size() > before);
    first.push_back(server.requests()[before]);
  }
  CHECK(first[0].json.value("logprobs", Json()) == true);
  CHECK_FALSE(first[1].json.contains("logprobs"));
  CHECK(first[2].json["generationConfig"].value("responseLogprobs", Json()) == true);
  CHECK_FALSE(first[3].json["generationConfig"].contains("responseLogprobs"));
  CHECK(first[4].json.value("logprobs", Json()) == true);
}

TEST_CASE("The model configuration switches log probabilities per model", "[llm][logprobs][config]") {
  ModelConfig config = ModelConfig::built_in();
  CHECK(config.logprobs(*parse_model_spec("openai:gpt-6.1-sol")) == false);
  CHECK(config.logprobs(*parse_model_spec("openai:gpt-4o-2024-08-06")) == true);  // a dated snapshot
  CHECK(config.logprobs(*parse_model_spec("openai:some-new-model")) == false);
  REQUIRE(config.merge_toml("[models.\"openai:gpt-6.1-sol\"]\nlogprobs = true\n", "test.toml"));
  CHECK(config.logprobs(*parse_model_spec("openai:gpt-6.1-sol")) == true);
  const auto wrong = config.merge_toml("[models.\"openai:*\"]\nlogprobs = 1\n", "test.toml");
  REQUIRE_FALSE(wrong);
  CHECK(wrong.error().message.find("logprobs") != std::string::npos);
  CHECK(wrong.error().message.find("true or false") != std::string::npos);

  // A compatible server is not asked by default; the configuration turns it on.
  FakeLlmServer server;
  server.set_handler([](const FakeRequest& r) { return reply_for(r, answering(kAnswer)); });
  auto services = services_for(server);
  const std::string model = "openai-compatible:qwen@" + server.openai_base();
  (void)extract_with(model, server, services);
  const auto before = static_cast<size_t>(server.request_count());
  auto configured = std::make_shared<ModelConfig>(ModelConfig::built_in());
  REQUIRE(configured->merge_toml("[models.\"openai-compatible:*\"]\nlogprobs = true\n", "test.toml"));
  services.config = configured;
  (void)extract_with(model, server, services);
  REQUIRE(server.requests().size() > before);
  CHECK_FALSE(server.requests()[0].json.contains("logprobs"));
  CHECK(server.requests()[before].json.value("logprobs", Json()) == true);
}

TEST_CASE("A value the model was unsure of gets a lower confidence", "[llm][logprobs]") {
  for (const auto* model : {"openai:gpt-4o", "gemini:gemini-2.0-flash"}) {
    CAPTURE(model);
    FakeLlmServer certain, unsure;
    certain.set_handler([](const FakeRequest& r) { return reply_for(r, answering(kAnswer)); });
    // The temperature's digits were a coin toss; every other token was certain.
    unsure.set_handler([](const FakeRequest& r) { return reply_for(r, answering(kAnswer, {{"38.5", std::log(0.4)}})); });
    const auto sure_result = extract_with(model, certain, services_for(certain));
    const auto unsure_result = extract_with(model, unsure, services_for(unsure));
    CHECK(confidence_of(unsure_result, "temperature_c") < confidence_of(sure_result, "temperature_c"));
    CHECK(confidence_of(unsure_result, "temperature_c") ==
          Approx(0.4 * confidence_of(sure_result, "temperature_c")));
    CHECK(confidence_of(unsure_result, "patient_name") == Approx(confidence_of(sure_result, "patient_name")));
    CHECK(confidence_of(sure_result, "patient_name") == Approx(llm::kGroundedConfidence));
  }
}

TEST_CASE("Absent or malformed log probabilities leave the confidence alone", "[llm][logprobs]") {
  const Json malformed[] = {
      Json(),                                                            // null
      Json("not an object"),                                             // wrong type
      {{"content", "tokens"}},                                           // content not a list
      {{"content", Json::array({{{"token", "{"}}})}},                    // a token without a logprob
      {{"content", Json::array({{{"token", "{"}, {"logprob", 0.5}}})}},  // a positive log probability
      {{"chosenCandidates", Json::array({{{"logProbability", -0.1}}})}},  // Gemini: a token without text
  };
  for (const auto* model : {"openai:gpt-4o", "gemini:gemini-2.0-flash"}) {
    for (const auto& raw : malformed) {
      CAPTURE(model, raw.dump());
      FakeLlmServer server;
      server.set_handler([raw](const FakeRequest& r) {
        auto m = answering(kAnswer);
        m.raw_logprobs = raw;
        return reply_for(r, m);
      });
      const auto result = extract_with(model, server, services_for(server));
      CHECK(confidence_of(result, "temperature_c") == Approx(llm::kGroundedConfidence));
      CHECK(confidence_of(result, "patient_name") == Approx(llm::kGroundedConfidence));
    }
  }
}

TEST_CASE("A value that needed a re-ask is penalised", "[llm][logprobs]") {
  FakeLlmServer server;
  Json bad = kAnswer;
  bad["temperature_c"] = "hot";  // fails the number check: the extractor asks again
  FakeRequest first;
  first.format = "openai";
  first.model = "gpt-6.1-sol";
  server.push(reply_for(first, answering(bad)));
  server.set_handler([](const FakeRequest& r) { return reply_for(r, answering(kAnswer)); });
  const auto result = extract_with("openai:gpt-6.1-sol", server, services_for(server));
  REQUIRE(server.request_count() == 2);
  CHECK(confidence_of(result, "patient_name") == Approx(llm::kGroundedConfidence));
  CHECK(confidence_of(result, "temperature_c") == Approx(llm::kGroundedConfidence * llm::kReaskFactor));
}

TEST_CASE("Group sub-values get their own token probability", "[llm][logprobs][groups]") {
  FakeLlmServer server;
  const Json answer = {{"patient_name", "Jane Roe"},
                       {"meds", Json::array({{{"drug", "aspirin"}, {"dose_mg", 100}, {"route", "oral"}},
                                             {{"drug", "heparin"}, {"dose_mg", 5000}, {"route", "intravenous"}}})}};
  server.set_handler([answer](const FakeRequest& r) { return reply_for(r, answering(answer, {{"5000", std::log(0.3)}})); });
  auto spec = parse_model_spec("openai:gpt-4o");
  auto extractor = make_chat_extractor(*spec, services_for(server));
  REQUIRE(extractor.has_value());
  const Template tmpl = group_sample_template();
  Transcript transcript;
  transcript.text = "Jane Roe takes aspirin 100 mg oral and heparin 5000 mg intravenous.";
  CurrentValues current;
  ExtractionRequest request;
  request.tmpl = &tmpl;
  for (const auto& f : tmpl.fields) request.fields.push_back(&f);
  request.transcript = &transcript;
  request.current = &current;
  auto result = (*extractor)->extract(request);
  REQUIRE(result.has_value());
  const auto& meds = result->values.at("meds");
  REQUIRE(meds.items.size() == 2);
  const double doubted = meds.items[1].confidence.at("dose_mg");
  CHECK(doubted == Approx(llm::kGroundedConfidence * 0.3));
  CHECK(meds.items[1].confidence.at("drug") == Approx(llm::kGroundedConfidence));
  CHECK(meds.items[0].confidence.at("dose_mg") == Approx(llm::kGroundedConfidence));
  CHECK(meds.confidence == Approx(doubted));  // a group is as sure as its least sure sub-value
}

TEST_CASE("Value spans are found in the answer's JSON text", "[llm][logprobs]") {
  const std::string text = R"(```json
{"a": "x \"q\" y", "n": -1.5e3, "b" : true, "g": [{"s": "1"}, {"s": null}], "e": {}})";
  const auto spans = llm::json_value_spans(text);
  const auto at = [&](const std::string& path) {
    auto it = spans.find(path);
    REQUIRE(it != spans.end());
    return text.substr(it->second.first, it->second.second - it->second.first);
  };
  CHECK(at("a") == R"("x \"q\" y")");
  CHECK(at("n") == "-1.5e3");
  CHECK(at("b") == "true");
  CHECK(at("g[0].s") == R"("1")");
  CHECK(at("g[1].s") == "null");
  CHECK(at("e") == "{}");
  // Cut off: what came before the cut is kept.
  const auto cut = llm::json_value_spans(R"({"a": 1, "b": "unterminated)");
  CHECK(cut.count("a") == 1);
  CHECK(cut.count("b") == 0);
}

TEST_CASE("A value's probability is its least likely token", "[llm][logprobs]") {
  const std::string content = R"({"name": "Jane Roe", "age": 42})";
  // Tokens split across the value boundaries, as real tokenisers do.
  const auto t = tokens({{"{\"name", 0.0}, {"\": \"", 0.0}, {"Jane", std::log(0.9)}, {" Roe", std::log(0.5)},
                         {"\", \"", 0.0}, {"age\": ", 0.0}, {"4", std::log(0.8)}, {"2", std::log(0.7)}, {"}", 0.0}});
  const ValueProbabilities p(content, t);
  REQUIRE(p.of("name"));
  CHECK(*p.of("name") == Approx(0.5));
  CHECK(*p.of("age") == Approx(0.7));
  CHECK_FALSE(p.of("missing"));

  // Tokens that do not spell the answer give no signal rather than a misplaced one.
  const ValueProbabilities other(content, tokens({{"{\"name\": \"Jane Doe\"", std::log(0.1)}}));
  CHECK_FALSE(other.of("name"));

  // Gemini's answer-level average stands in when no token can be placed.
  TokenLogprobs average_only;
  average_only.average = std::log(0.6);
  const ValueProbabilities answer_level(content, average_only);
  REQUIRE(answer_level.of("age"));
  CHECK(*answer_level.of("age") == Approx(0.6));
}

TEST_CASE("OpenAI bytes keep a token that splits a character", "[llm][logprobs]") {
  // "é" is C3 A9: one token carries each byte, so `token` cannot show either half.
  const Json choice = {{"logprobs",
                        {{"content", Json::array({{{"token", "{\"v\": \"caf"}, {"logprob", 0.0}, {"bytes", Json::array({123, 34, 118, 34, 58, 32, 34, 99, 97, 102})}},
                                                  {{"token", "\\xc3"}, {"logprob", std::log(0.25)}, {"bytes", Json::array({195})}},
                                                  {{"token", "\\xa9"}, {"logprob", 0.0}, {"bytes", Json::array({169})}},
                                                  {{"token", "\"}"}, {"logprob", 0.0}, {"bytes", Json::array({34, 125})}}})}}}};
  const auto read = llm::read_openai_logprobs(choice);
  REQUIRE(read.tokens.size() == 4);
  const ValueProbabilities p("{\"v\": \"caf\xc3\xa9\"}", read);
  REQUIRE(p.of("v"));
  CHECK(*p.of("v") == Approx(0.25));
}

TEST_CASE("Signals combine into one raw confidence", "[llm][logprobs]") {
  using llm::combine_llm_signals;
  CHECK(combine_llm_signals({true, std::nullopt, false}) == Approx(llm::kGroundedConfidence));
  CHECK(combine_llm_signals({false, std::nullopt, false}) == Approx(llm::kUngroundedConfidence));
  CHECK(combine_llm_signals({true, 0.5, false}) < combine_llm_signals({true, 0.9, false}));
  CHECK(combine_llm_signals({true, 0.9, true}) < combine_llm_signals({true, 0.9, false}));
  CHECK(combine_llm_signals({false, 0.9, false}) < combine_llm_signals({true, 0.9, false}));
  CHECK(combine_llm_signals({false, 0.0, true}) == Approx(0.05));  // never 0: calibration needs an order
}
