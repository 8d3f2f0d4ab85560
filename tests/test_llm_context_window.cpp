// Transcripts longer than a model's context window: few-shots go first, then the transcript is
// read in overlapping windows whose answers merge by field (a later mention wins), with evidence
// offsets into the whole transcript. Checked against the fake server with a small window.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "invox/models.hpp"
#include "llm/context_window.hpp"
#include "llm/judge_excerpt.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"

using namespace invox;
using namespace invox::test;

namespace {

constexpr int kContext = 4096;

ModelServices small_model_services(const FakeLlmServer& server) {
  auto services = services_for(server);
  auto config = std::make_shared<ModelConfig>(ModelConfig::built_in());
  const auto toml = "[models.\"openai:small\"]\ninput = 1.0\nmax_output_tokens = 1024\ncontext_window = " +
                    std::to_string(kContext) + "\n";
  REQUIRE(config->merge_toml(toml, "test").has_value());
  services.config = config;
  return services;
}

std::string transcript_in(const FakeRequest& r) {
  const auto text = last_user_text(r);
  const auto open = text.find("<transcript>\n");
  const auto close = text.rfind("\n</transcript>");
  if (open == std::string::npos || close == std::string::npos || close < open + 13) return {};
  return text.substr(open + 13, close - open - 13);
}

// A "model" that reads only what it is sent: the last statement of each fact in its window.
FakeReply reading_model(const FakeRequest& r) {
  const std::string text = transcript_in(r);
  auto last = [&](const std::regex& re) -> Json {
    Json found;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
      found = (*it)[1].str();
    }
    return found;
  };
  Json answer = Json::object();
  for (const auto& f : asked_fields(r)) {
    Json v;
    if (f.id == "patient_name") v = last(std::regex("Patient name is ([A-Z][a-z]+ [A-Z][a-z]+)"));
    if (f.id == "allergies") v = last(std::regex("allergic to ([a-z]+)"));
    if (f.id == "temperature_c") {
      auto t = last(std::regex("temperature is ([0-9]+\\.[0-9])"));
      if (t.is_string()) v = std::stod(t.get<std::string>());
    }
    answer[f.id] = v;
  }
  ModelSays says;
  says.content = answer.dump();
  return reply_for(r, says);
}

// Filler that mentions no field: about 120 bytes a sentence.
std::string filler(int sentences) {
  std::string out;
  for (int i = 0; i < sentences; ++i) {
    out += "The hallway was quiet during round " + std::to_string(i) +
           " and the nurse checked the charts of the ward before moving on. ";
  }
  return out;
}

void check_within_context(const std::vector<FakeRequest>& requests) {
  for (const auto& q : requests) {
    // Four bytes a token is the usual rule for English; the request body includes the JSON
    // framing and the schema, so this counts more than the prompt alone.
    const auto prompt = static_cast<int>(q.body.size() / 4);
    CHECK(prompt + q.json["max_completion_tokens"].get<int>() <= kContext);
  }
}

}  // namespace

TEST_CASE("context: text windows cover the text in order, overlap, and cut at sentence ends", "[llm][context]") {
  const std::string text = filler(40) + "Grüße aus Köln, schön. " + filler(40);
  const auto windows = llm::plan_text_windows(text, 1000, 150);
  REQUIRE(windows.size() >= 9);
  CHECK(windows.front().begin == 0);
  CHECK(windows.back().end == text.size());
  for (size_t i = 0; i < windows.size(); ++i) {
    INFO("window " << i);
    CHECK(windows[i].end - windows[i].begin <= 1000);
    CHECK((static_cast<unsigned char>(text[windows[i].begin]) & 0xC0) != 0x80);  // not inside a character
    if (i + 1 < windows.size()) {
      CHECK(text.substr(windows[i].end - 2, 2) == ". ");  // a sentence end is always within reach here
      CHECK(windows[i + 1].begin < windows[i].end);        // overlap ...
      CHECK(windows[i].end - windows[i + 1].begin >= 100);  // ... of about the asked size
      CHECK(windows[i + 1].begin > windows[i].begin);
      CHECK(text[windows[i + 1].begin - 1] == ' ');  // the next window starts at a word
    }
  }
  CHECK(llm::plan_text_windows("short", 1000, 150).size() == 1);
}

TEST_CASE("context: a transcript longer than the window is read in windows and merged by field", "[llm][context]") {
  FakeLlmServer server;
  server.set_handler(reading_model);
  const auto services = small_model_services(server);
  auto spec = parse_model_spec("openai:small");
  REQUIRE(spec.has_value());
  auto extractor = make_chat_extractor(*spec, services);
  REQUIRE(extractor.has_value());

  Template tmpl = sample_template();
  Transcript transcript;
  // About 17 KB: the name early, an allergy in the middle, a temperature corrected near the end.
  transcript.text = "Patient name is Jane Roe. Her temperature is 37.2 on arrival. " + filler(60) +
                    "She is allergic to penicillin. " + filler(60) + "Correction, the temperature is 38.5 now. " +
                    filler(10);
  ExtractionRequest request;
  request.tmpl = &tmpl;
  for (const auto& f : tmpl.fields) request.fields.push_back(&f);
  request.transcript = &transcript;
  request.context.reference_date = "2026-03-14";
  auto result = (*extractor)->extract(request);
  REQUIRE(result.has_value());
  CHECK(server.violations().empty());

  const auto requests = server.requests();
  std::set<std::string> windows;
  for (const auto& q : requests) windows.insert(transcript_in(q));
  INFO(requests.size() << " requests over " << windows.size() << " windows");
  CHECK(windows.size() >= 3);
  for (const auto& w : windows) CHECK(w.size() < transcript.text.size());
  check_within_context(requests);

  REQUIRE(result->values.count("patient_name"));
  CHECK(result->values["patient_name"].value == "Jane Roe");  // only the first window says it
  REQUIRE(result->values.count("allergies"));
  CHECK(result->values["allergies"].value == "penicillin");
  REQUIRE(result->values.count("temperature_c"));
  CHECK(result->values["temperature_c"].value == 38.5);  // the later mention wins
  CHECK_FALSE(result->values.count("smoker"));

  // Evidence offsets are positions in the whole transcript, not in the window that found them.
  const auto& ev = result->values["temperature_c"].evidence;
  REQUIRE(ev.has_value());
  REQUIRE(ev->char_begin.has_value());
  REQUIRE(ev->char_end.has_value());
  CHECK(*ev->char_begin >= transcript.text.rfind("38.5") - 20);
  CHECK(transcript.text.substr(*ev->char_begin, *ev->char_end - *ev->char_begin) == ev->snippet);
  const auto& name_ev = result->values["patient_name"].evidence;
  REQUIRE(name_ev.has_value());
  CHECK(*name_ev->char_begin == transcript.text.find("Jane Roe"));
  const auto& allergy_ev = result->values["allergies"].evidence;
  REQUIRE(allergy_ev.has_value());
  CHECK(*allergy_ev->char_begin == transcript.text.find("penicillin"));
  CHECK(result->usage.llm_calls == static_cast<int>(requests.size()));
}

TEST_CASE("context: few-shot examples are dropped before the transcript is cut", "[llm][context]") {
  FakeLlmServer server;
  server.set_handler(reading_model);
  const auto services = small_model_services(server);
  auto spec = parse_model_spec("openai:small");
  REQUIRE(spec.has_value());
  auto extractor = make_chat_extractor(*spec, services);
  REQUIRE(extractor.has_value());
  Template tmpl = sample_template();
  Transcript transcript;
  // Fits the window alone (about 3 KB), not with three 1 200-byte examples besides.
  transcript.text = "Patient name is Jane Roe. " + filler(25) + "The temperature is 38.1 today.";
  ExtractionRequest request;
  request.tmpl = &tmpl;
  for (const auto& f : tmpl.fields) request.fields.push_back(&f);
  request.transcript = &transcript;
  request.context.reference_date = "2026-03-14";
  for (int i = 0; i < 3; ++i) {
    request.examples.push_back({filler(10), Json{{"patient_name", "Max Mustermann"}, {"temperature_c", 36.6}}, Json()});
  }
  auto result = (*extractor)->extract(request);
  REQUIRE(result.has_value());
  const auto requests = server.requests();
  REQUIRE_FALSE(requests.empty());
  check_within_context(requests);
  for (const auto& q : requests) {
    CHECK(transcript_in(q) == transcript.text);  // the transcript whole, in every request
  }
  // At least one example had to go in some request (all three do not fit with it).
  int examples_sent = 0;
  for (const auto& [role, content] : messages_of(requests.front())) {
    if (content.rfind("Example transcript", 0) == 0) ++examples_sent;
  }
  CHECK(examples_sent < 3);
  CHECK(result->values["temperature_c"].value == 38.1);
  CHECK(result->values["patient_name"].value == "Jane Roe");
}

TEST_CASE("context: a window too small for the form's own prompt is a configuration error", "[llm][context]") {
  FakeLlmServer server;
  server.set_handler(reading_model);
  auto services = services_for(server);
  auto config = std::make_shared<ModelConfig>(ModelConfig::built_in());
  REQUIRE(config->merge_toml("[models.\"openai:tiny\"]\ncontext_window = 1024\n", "test").has_value());
  services.config = config;
  auto spec = parse_model_spec("openai:tiny");
  REQUIRE(spec.has_value());
  auto extractor = make_chat_extractor(*spec, services);
  REQUIRE(extractor.has_value());
  Template tmpl = sample_template();
  Transcript transcript;
  transcript.text = "Patient name is Jane Roe. " + filler(20);
  ExtractionRequest request;
  request.tmpl = &tmpl;
  request.transcript = &transcript;
  auto result = (*extractor)->extract(request);
  REQUIRE_FALSE(result.has_value());
  CHECK(result.error().kind == ErrorKind::Config);
  CHECK(result.error().message.find("context_window") != std::string::npos);
  CHECK(server.request_count() == 0);
}

TEST_CASE("context: windows are configured per model, with built-in values and checked input", "[llm][context]") {
  const auto& built_in = ModelConfig::built_in();
  auto spec = [](const std::string& s) {
    auto m = parse_model_spec(s);
    REQUIRE(m.has_value());
    return *m;
  };
  CHECK(built_in.context_tokens(spec("openai:gpt-4o")) == 128000);
  CHECK(built_in.context_tokens(spec("ollama:llama3.1")) == 8192);  // the provider's "*" entry
  for (const auto& name : {"openai:gpt-6.1-sol", "gemini:gemini-3.8-flash", "openai-compatible:x@http://h/v1"}) {
    CHECK(built_in.context_tokens(spec(name)).value_or(0) >= 8192);
  }
  ModelConfig c = built_in;
  REQUIRE(c.merge_toml("[models.\"ollama:*\"]\ncontext_window = 32768\n", "mine.toml").has_value());
  CHECK(c.context_tokens(spec("ollama:llama3.1")) == 32768);
  auto bad = c.merge_toml("[models.\"ollama:*\"]\ncontext_window = 10\n", "mine.toml");
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().message.find("context_window") != std::string::npos);
  CHECK(bad.error().message.find("mine.toml") != std::string::npos);
}

TEST_CASE("context: a judge excerpt keeps the text around each anchor, in order, within the size", "[llm][context]") {
  const std::string text = filler(50) + "The temperature is 37.2 on arrival. " + filler(50) +
                           "Correction, the temperature is 38.5 now. " + filler(50);
  const size_t first = text.find("37.2");
  const size_t second = text.find("38.5");
  const std::string cut = llm::transcript_excerpt(text, {{second, second + 4}, {first, first + 4}}, 1200);
  CHECK(cut.size() <= 1200);
  CHECK(cut.rfind("[...] ", 0) == 0);  // text before the first stretch is left out ...
  CHECK(cut.ends_with(" [...]"));       // ... and after the last
  REQUIRE(cut.find("temperature is 37.2") != std::string::npos);
  REQUIRE(cut.find("temperature is 38.5") != std::string::npos);
  CHECK(cut.find("37.2") < cut.find("38.5"));  // in transcript order whatever the anchors' order
  CHECK(cut.find(" [...] ", 6) < cut.find("38.5"));  // two stretches, marked apart
  // Without anchors the end is kept (a later statement wins); text that fits is not cut.
  const std::string tail = llm::transcript_excerpt(text, {}, 600);
  CHECK(tail.size() <= 600);
  CHECK(text.ends_with(tail.substr(6)));
  CHECK(llm::transcript_excerpt("short text", {{0, 5}}, 600) == "short text");
}

TEST_CASE("context: a judge reads the parts of a long transcript around the candidates' evidence", "[llm][context]") {
  FakeLlmServer server;
  server.set_handler([](const FakeRequest& r) {
    ModelSays says;
    says.content = R"({"decision": "model_b", "reason": "corrected later"})";
    return reply_for(r, says);
  });
  const auto services = small_model_services(server);
  auto judge = make_chat_judge(*parse_model_spec("openai:small"), services);
  REQUIRE(judge.has_value());
  Template tmpl = sample_template();
  Transcript transcript;
  // About 36 KB, several times the judge's window.
  transcript.text = "Her temperature is 37.2 on arrival. " + filler(150) + "Correction, the temperature is 38.5 now. " +
                    filler(150);
  const size_t a = transcript.text.find("37.2");
  const size_t b = transcript.text.find("38.5");
  JudgeRequest jr;
  jr.field = tmpl.find("temperature_c");
  jr.transcript = &transcript;
  jr.model_a = Candidate{37.2, 0.9, Evidence{"37.2", a, a + 4, std::nullopt, std::nullopt}, {}};
  jr.model_b = Candidate{38.5, 0.9, Evidence{"38.5", b, b + 4, std::nullopt, std::nullopt}, {}};
  auto verdict = (*judge)->decide(jr);
  REQUIRE(verdict.has_value());
  CHECK(verdict->decision == DecisionKind::ModelB);
  REQUIRE(server.request_count() == 1);
  const auto requests = server.requests();
  check_within_context(requests);
  const std::string seen = transcript_in(requests.front());
  CHECK(seen.size() < transcript.text.size() / 3);
  CHECK(seen.find("temperature is 37.2") != std::string::npos);
  CHECK(seen.find("Correction, the temperature is 38.5") != std::string::npos);
  CHECK(seen.find("[...]") != std::string::npos);
}
