// The Whisper backend against a loopback fake of /v1/audio/transcriptions.
#include <catch2/catch.hpp>
#include <httplib.h>

#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include "invox/models.hpp"
#include "invox/stt.hpp"
#include "stt/whisper_wire.hpp"
#include "support/speech_fixtures.hpp"

using namespace invox;

namespace {

// Answers like whisper-1 with verbose_json; times refer to the uploaded (speech-only) audio.
constexpr const char* kVerboseJson = R"({
  "task": "transcribe", "language": "english", "duration": 3.2, "text": "Patient name is John Smith. Temperature 38.5.",
  "segments": [
    {"id": 0, "seek": 0, "start": 0.0, "end": 1.4, "text": " Patient name is John Smith.", "tokens": [1],
     "temperature": 0.0, "avg_logprob": -0.2, "compression_ratio": 1.1, "no_speech_prob": 0.1},
    {"id": 1, "seek": 0, "start": 1.8, "end": 3.1, "text": " Temperature 38.5.", "tokens": [2],
     "temperature": 0.0, "avg_logprob": -1.5, "compression_ratio": 1.1, "no_speech_prob": 0.5}],
  "words": [
    {"word": "Patient", "start": 0.0, "end": 0.3}, {"word": "name", "start": 0.3, "end": 0.5},
    {"word": "is", "start": 0.5, "end": 0.6}, {"word": "John", "start": 0.6, "end": 0.9},
    {"word": "Smith", "start": 0.9, "end": 1.4}, {"word": "Temperature", "start": 1.8, "end": 2.5},
    {"word": "38.5", "start": 2.5, "end": 3.1}]
})";

struct FakeWhisper {
  httplib::Server server;
  std::thread thread;
  int port = 0;
  std::mutex mutex;
  std::vector<httplib::Request> requests;
  std::atomic<int> fail_first{0};  // answer this many requests with HTTP 500 first
  int status = 200;
  std::string error_message = "Incorrect API key provided";
  // Like gpt-4o(-mini)-transcribe: only response_format=json, answered as {"text"}.
  bool json_only = false;

  FakeWhisper() {
    server.Post("/v1/audio/transcriptions", [this](const httplib::Request& req, httplib::Response& res) {
      {
        std::lock_guard lock(mutex);
        requests.push_back(req);
      }
      if (fail_first > 0) {
        --fail_first;
        res.status = 500;
        res.set_content(R"({"error":{"message":"overloaded","type":"server_error"}})", "application/json");
        return;
      }
      res.status = status;
      if (status != 200) {
        res.set_header("x-request-id", "req_123");
        res.set_content(Json{{"error", {{"message", error_message}, {"type", "invalid_request_error"}}}}.dump(),
                        "application/json");
        return;
      }
      if (json_only) {
        if (req.get_file_value("response_format").content != "json" || req.has_file("timestamp_granularities[]")) {
          res.status = 400;
          res.set_content(R"({"error":{"message":"response_format 'verbose_json' is not compatible with model","type":"invalid_request_error"}})",
                          "application/json");
          return;
        }
        res.set_content(R"({"text": "Patient name is John Smith. Temperature 38.5."})", "application/json");
        return;
      }
      res.set_content(kVerboseJson, "application/json");
    });
    port = server.bind_to_any_port("127.0.0.1");
    thread = std::thread([this] { server.listen_after_bind(); });
    for (int i = 0; i < 500 && !server.is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ~FakeWhisper() {
    server.stop();
    thread.join();
  }
  std::string base() const { return "http://127.0.0.1:" + std::to_string(port) + "/v1"; }
};

ModelServices services_for(const FakeWhisper& fake) {
  ModelServices s;
  s.providers.openai_api_key = "sk-test-key";
  s.providers.openai_base_url = fake.base();
  s.retry.base_delay_ms = 1;
  s.retry.max_delay_ms = 5;
  s.http_options.total_timeout_ms = 10'000;
  return s;
}

// Two bursts of "speech": 1.0-2.0 s and 4.0-5.0 s, silence around them.
std::filesystem::path write_bursts(const test::TempDir& dir) {
  const auto p = dir / "dictation.wav";
  test::write_wav(p, test::tone_bursts({{0.0, 1.0}, {1.0, 2.0}, {1.0, 1.0}}, 16000), 16000);
  return p;
}

std::vector<std::string> field_values(const httplib::Request& req, const std::string& name) {
  std::vector<std::string> out;
  auto range = req.files.equal_range(name);
  for (auto it = range.first; it != range.second; ++it) out.push_back(it->second.content);
  return out;
}

}  // namespace

TEST_CASE("stt whisper: multipart request and verbose_json mapped to original times", "[stt][whisper]") {
  FakeWhisper fake;
  test::TempDir dir;
  const auto audio = write_bursts(dir);
  auto tmpl = parse_template(Json::parse(R"({"id":"vitals","title":"Vital signs","fields":[
      {"id":"t","label":"Temperature","type":"number","unit":"°C"},
      {"id":"o","label":"Oxygen delivery","type":"enum","options":["room air","nasal cannula"]}]})"), "t.json");
  REQUIRE(tmpl.has_value());
  SttOptions options;
  options.backend = "openai:whisper-1";
  options.language = "en";
  options.bias_template = &*tmpl;
  auto recognizer = make_recognizer(options, services_for(fake));
  REQUIRE(recognizer.has_value());
  auto t = (*recognizer)->transcribe(audio, options);
  REQUIRE(t.has_value());

  REQUIRE(fake.requests.size() == 1);
  const auto& req = fake.requests[0];
  CHECK(req.get_header_value("Authorization") == "Bearer sk-test-key");
  CHECK(req.get_header_value("Content-Type").rfind("multipart/form-data; boundary=", 0) == 0);
  REQUIRE(req.has_file("file"));
  const auto file = req.get_file_value("file");
  CHECK(file.filename == "audio.wav");
  CHECK(file.content_type == "audio/wav");
  CHECK(file.content.substr(0, 4) == "RIFF");
  // Only speech is uploaded: two ~1.45 s regions plus a 0.3 s gap, not the 6 s file.
  const double uploaded_seconds = static_cast<double>(file.content.size() - 44) / (2 * 16000);
  CHECK(uploaded_seconds == Approx(3.2).margin(0.15));
  CHECK(field_values(req, "model") == std::vector<std::string>{"whisper-1"});
  CHECK(field_values(req, "response_format") == std::vector<std::string>{"verbose_json"});
  CHECK(field_values(req, "temperature") == std::vector<std::string>{"0"});
  CHECK(field_values(req, "language") == std::vector<std::string>{"en"});
  CHECK(field_values(req, "timestamp_granularities[]") == std::vector<std::string>{"segment", "word"});
  const auto prompt = field_values(req, "prompt");
  REQUIRE(prompt.size() == 1);
  CHECK(prompt[0] == "Vital signs: Temperature (°C), Oxygen delivery (room air, nasal cannula).");

  CHECK(t->text == "Patient name is John Smith. Temperature 38.5.");
  CHECK(t->language == "en");
  REQUIRE(t->segments.size() == 2);
  // Packed 0.0 -> first region start (1.0 s minus VAD pre-roll); packed 1.8 lies in the second
  // piece, which starts at packed ~1.75 and original ~3.85.
  CHECK(t->segments[0].start == Approx(0.85).margin(0.05));
  CHECK(t->segments[1].start == Approx(3.9).margin(0.08));
  CHECK(t->segments[1].end <= t->duration_seconds);
  CHECK(t->duration_seconds == Approx(6.0).margin(0.01));
  CHECK(t->segments[0].confidence == Approx(std::exp(-0.2) * 0.9).margin(1e-6));
  CHECK(t->segments[1].confidence == Approx(std::exp(-1.5) * 0.5).margin(1e-6));
  CHECK(t->segments[1].confidence < 0.2);  // a doubtful segment stays recognizably doubtful
}

TEST_CASE("stt whisper: retries server errors, maps auth failures, needs a key", "[stt][whisper]") {
  FakeWhisper fake;
  test::TempDir dir;
  const auto audio = write_bursts(dir);
  SttOptions options;
  options.backend = "openai:whisper-1";
  SECTION("HTTP 500 twice, then success") {
    fake.fail_first = 2;
    auto r = make_recognizer(options, services_for(fake));
    REQUIRE(r.has_value());
    auto t = (*r)->transcribe(audio, options);
    REQUIRE(t.has_value());
    CHECK(fake.requests.size() == 3);
    CHECK(t->language == "en");  // "english" from the server, as an ISO code
  }
  SECTION("HTTP 401 is a configuration error naming the key and the request id") {
    fake.status = 401;
    auto r = make_recognizer(options, services_for(fake));
    REQUIRE(r.has_value());
    auto t = (*r)->transcribe(audio, options);
    REQUIRE_FALSE(t.has_value());
    CHECK(t.error().kind == ErrorKind::Config);
    CHECK(t.error().message.find("OPENAI_API_KEY") != std::string::npos);
    CHECK(t.error().message.find("req_123") != std::string::npos);
    CHECK(t.error().message.find("sk-test-key") == std::string::npos);
    CHECK(fake.requests.size() == 1);
  }
  SECTION("no key configured") {
    auto services = services_for(fake);
    services.providers.openai_api_key.clear();
    auto r = make_recognizer(options, services);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == ErrorKind::Config);
    CHECK(r.error().message.find("OPENAI_API_KEY") != std::string::npos);
  }
  SECTION("openai-compatible servers get no Authorization header") {
    SttOptions local;
    local.backend = "openai-compatible:whisper-large@" + fake.base();
    auto r = make_recognizer(local, services_for(fake));
    REQUIRE(r.has_value());
    auto t = (*r)->transcribe(audio, local);
    REQUIRE(t.has_value());
    REQUIRE(fake.requests.size() == 1);
    CHECK_FALSE(fake.requests[0].has_header("Authorization"));
    CHECK(field_values(fake.requests[0], "model") == std::vector<std::string>{"whisper-large"});
    CHECK(field_values(fake.requests[0], "prompt").empty());  // no template, no prompt
  }
}

TEST_CASE("stt whisper: prompts stay within the token limit, answers without segments parse", "[stt][whisper]") {
  Template big;
  big.title = "Large form";
  for (int i = 0; i < 200; ++i) {
    Field f;
    f.id = "f" + std::to_string(i);
    f.label = "Field label number " + std::to_string(i);
    f.options = {"first option", "second option"};
    big.fields.push_back(f);
  }
  const auto prompt = stt::whisper_prompt(&big);
  CHECK_FALSE(prompt.empty());
  CHECK(stt::estimate_tokens(prompt) <= stt::kWhisperPromptTokens);
  CHECK(prompt.back() == '.');
  CHECK(stt::whisper_prompt(nullptr).empty());

  auto plain = stt::parse_transcription(Json::parse(R"({"text":"hello there world"})"), 3.0);
  REQUIRE(plain.has_value());
  REQUIRE(plain->words.size() == 3);
  CHECK(plain->words[0].start == 0.0);
  CHECK(plain->words[2].end == Approx(3.0));
  CHECK(plain->words[2].ends_segment);
  auto bad = stt::parse_transcription(Json::parse(R"({"segments":[{"start":0}]})"), 1.0);
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().kind == ErrorKind::Provider);
}

TEST_CASE("stt whisper: gpt-4o transcribe models get json without timestamps, so evidence then has no audio times",
          "[stt][whisper]") {
  FakeWhisper fake;
  fake.json_only = true;
  test::TempDir dir;
  const auto audio = write_bursts(dir);
  for (const auto* model : {"openai:gpt-4o-transcribe", "openai:gpt-4o-mini-transcribe"}) {
    INFO(model);
    SttOptions options;
    options.backend = model;
    auto r = make_recognizer(options, services_for(fake));
    REQUIRE(r.has_value());
    auto t = (*r)->transcribe(audio, options);
    REQUIRE(t.has_value());
    CHECK(t->text == "Patient name is John Smith. Temperature 38.5.");
    CHECK(t->segments.empty());  // no times rather than invented ones
    std::lock_guard lock(fake.mutex);
    CHECK(field_values(fake.requests.back(), "response_format") == std::vector<std::string>{"json"});
    CHECK(field_values(fake.requests.back(), "timestamp_granularities[]").empty());
  }
  CHECK(stt::model_gives_timestamps("whisper-1"));
  CHECK(stt::model_gives_timestamps("whisper-large-v3"));
}

TEST_CASE("stt whisper: a server error echoing the key is redacted", "[stt][whisper]") {
  FakeWhisper fake;
  fake.status = 400;
  fake.error_message = "bad request for key sk-test-key";
  test::TempDir dir;
  SttOptions options;
  options.backend = "openai:whisper-1";
  auto r = make_recognizer(options, services_for(fake));
  REQUIRE(r.has_value());
  auto t = (*r)->transcribe(write_bursts(dir), options);
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().message.find("sk-test-key") == std::string::npos);
  CHECK(t.error().message.find("[redacted]") != std::string::npos);
}
