// The HTTP layer shared by model clients: admission gate, retries, error shaping, redaction.
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

#include "invox/http.hpp"
#include "invox/models.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"

using namespace invox;
using namespace invox::test;

TEST_CASE("RequestGate never lets more than max_inflight requests run at once", "[llm][http]") {
  RequestGate gate;
  std::atomic<int> running{0};
  std::atomic<int> worst{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 24; ++i) {
    threads.emplace_back([&] {
      auto permit = gate.acquire("p", 3);
      const int now = ++running;
      int prev = worst.load();
      while (now > prev && !worst.compare_exchange_weak(prev, now)) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      --running;
    });
  }
  for (auto& t : threads) t.join();
  CHECK(worst.load() <= 3);
  CHECK(gate.peak_in_flight() == worst.load());
  CHECK(gate.in_flight() == 0);
}

TEST_CASE("RequestGate spaces requests of one key to the requests-per-minute limit", "[llm][http]") {
  RequestGate gate;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 4; ++i) auto permit = gate.acquire("gemini", 8, 1200);  // one per 50 ms
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(elapsed >= std::chrono::milliseconds(150));  // 3 gaps of 50 ms after the first
  // Another key is not held back by the first one's budget.
  const auto other = std::chrono::steady_clock::now();
  { auto permit = gate.acquire("openai", 8, 1200); }
  CHECK(std::chrono::steady_clock::now() - other < std::chrono::milliseconds(40));
}

TEST_CASE("send_model_request retries 429 honoring Retry-After, then succeeds", "[llm][http]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  services.retry.max_delay_ms = 5000;
  server.push(error_reply(429, "slow down", 2));
  server.push(error_reply(503, "overloaded"));
  auto r = send_model_request(services, "openai", chat_post(server.openai_base()));
  REQUIRE(r.has_value());
  CHECK(r->status == 200);
  CHECK(server.request_count() == 3);
  REQUIRE(sleeps.delays_ms.size() == 2);
  CHECK(sleeps.delays_ms[0] == 2000);  // Retry-After: 2 seconds, exactly
  CHECK(sleeps.delays_ms[1] >= 5);     // backoff base 10 ms x 2^1 with jitter in [0.5, 1]
  CHECK(sleeps.delays_ms[1] <= 20);
}

TEST_CASE("send_model_request gives up when Retry-After is beyond the limit", "[llm][http]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  services.retry.max_server_delay_ms = 60'000;
  server.push(error_reply(429, "quota exhausted for today", 3600));
  auto r = send_model_request(services, "openai", chat_post(server.openai_base()));
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().kind == ErrorKind::Provider);
  CHECK(r.error().message.find("429") != std::string::npos);
  CHECK(r.error().message.find("quota exhausted") != std::string::npos);
  CHECK(server.request_count() == 1);
  CHECK(sleeps.delays_ms.empty());
}

TEST_CASE("non-retryable statuses fail at once with the API's message and request id", "[llm][http]") {
  FakeLlmServer server;
  auto services = services_for(server);
  server.push(error_reply(401, std::string("Incorrect API key provided: ") + kCanaryOpenAiKey));
  auto r = send_model_request(services, "openai", chat_post(server.openai_base()));
  REQUIRE_FALSE(r.has_value());
  CHECK(server.request_count() == 1);
  CHECK(r.error().message.find("HTTP 401") != std::string::npos);
  CHECK(r.error().message.find("req_fake_error") != std::string::npos);
  CHECK(r.error().message.find("OPENAI_API_KEY") != std::string::npos);
  // The key the server echoed back is redacted.
  CHECK(r.error().message.find(kCanaryOpenAiKey) == std::string::npos);
  CHECK(r.error().message.find("[redacted]") != std::string::npos);
}

TEST_CASE("a dropped connection and a timeout are retried as network errors", "[llm][http]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  services.http_options.total_timeout_ms = 300;
  FakeReply drop;
  drop.kind = FakeReply::Kind::CloseConnection;
  server.push(drop);
  FakeReply slow = error_reply(200, "");
  slow.delay_ms = 1200;  // past the 300 ms total timeout
  server.push(slow);
  auto r = send_model_request(services, "openai", chat_post(server.openai_base()));
  REQUIRE(r.has_value());
  CHECK(r->status == 200);
  CHECK(server.request_count() == 3);
  CHECK(sleeps.delays_ms.size() == 2);
}

TEST_CASE("a 200 whose JSON body was cut short is asked for again", "[llm][http]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  FakeReply cut;
  cut.body = R"({"id":"chatcmpl-1","choices":[{"message":{"content":"{\"a\")";
  server.push(cut);
  auto r = send_model_request(services, "openai", chat_post(server.openai_base()));
  REQUIRE(r.has_value());
  CHECK(Json::accept(r->body));
  CHECK(server.request_count() == 2);
  CHECK(sleeps.delays_ms.size() == 1);

  // Every attempt damaged: the last damaged answer comes back for the caller to reject.
  services.retry.max_attempts = 2;
  server.set_handler([&](const FakeRequest&) { return cut; });
  auto bad = send_model_request(services, "openai", chat_post(server.openai_base()));
  REQUIRE(bad.has_value());
  CHECK_FALSE(Json::accept(bad->body));
  CHECK(server.request_count() == 4);
}

TEST_CASE("all attempts timing out is a Network error naming the URL without a query", "[llm][http]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  services.http_options.total_timeout_ms = 200;
  services.retry.max_attempts = 2;
  server.set_handler([](const FakeRequest&) {
    FakeReply slow;
    slow.delay_ms = 800;
    return slow;
  });
  auto req = chat_post(server.openai_base());
  req.url += "?key=should-not-show";
  auto r = send_model_request(services, "openai", req);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().kind == ErrorKind::Network);
  CHECK(r.error().message.find("timed out") != std::string::npos);
  CHECK(r.error().message.find("should-not-show") == std::string::npos);
  CHECK(server.request_count() == 2);
}

TEST_CASE("x-should-retry: false stops retries of a 500", "[llm][http]") {
  FakeLlmServer server;
  SleepLog sleeps;
  auto services = services_for(server, &sleeps);
  auto reply = error_reply(500, "do not retry me");
  reply.headers.emplace_back("x-should-retry", "false");
  server.push(reply);
  auto r = send_model_request(services, "openai", chat_post(server.openai_base()));
  REQUIRE_FALSE(r.has_value());
  CHECK(server.request_count() == 1);
}

TEST_CASE("send_model_request respects the shared in-flight cap", "[llm][http]") {
  FakeLlmServer::Options o;
  o.latency_ms = 40;
  FakeLlmServer server(o);
  auto services = services_for(server);
  services.max_inflight = 2;
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      if (auto r = send_model_request(services, "openai", chat_post(server.openai_base())); r && r->status == 200) ++ok;
    });
  }
  for (auto& t : threads) t.join();
  CHECK(ok == 8);
  CHECK(services.gate->peak_in_flight() == 2);
}

TEST_CASE("describe_request_redacted hides keys and auth headers", "[llm][http]") {
  FakeLlmServer server;
  auto services = services_for(server);
  HttpRequest r = chat_post(server.openai_base());
  r.headers.emplace_back("x-goog-api-key", kCanaryGeminiKey);
  r.body = std::string(R"({"note":")") + kCanaryOpenAiKey + R"("})";
  const auto text = describe_request_redacted(r, services);
  CHECK(text.find(kCanaryOpenAiKey) == std::string::npos);
  CHECK(text.find(kCanaryGeminiKey) == std::string::npos);
  CHECK(text.find("Authorization: [redacted]") != std::string::npos);
  CHECK(text.find("POST " + server.openai_base() + "/chat/completions") != std::string::npos);
}

TEST_CASE("redact_secrets replaces every occurrence and ignores empty secrets", "[llm][http]") {
  CHECK(redact_secrets("a KEY b KEY", {"KEY", ""}) == "a [redacted] b [redacted]");
  CHECK(redact_secrets("nothing", {""}) == "nothing");
  CHECK(url_without_query("https://h/p?key=1") == "https://h/p");
}
