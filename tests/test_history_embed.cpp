// The OpenAI-compatible embeddings client against a loopback fake server (cpp-httplib).
#include <httplib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "history_support.hpp"

using invox::Json;

namespace {

// A fake /v1/embeddings: answers vectors out of order (to test `index`), records requests,
// and can be told to fail the first N requests with a status.
struct FakeEmbeddingsServer {
  httplib::Server server;
  std::thread thread;
  int port = 0;
  std::mutex mu;
  std::vector<Json> bodies;
  std::vector<std::string> auth_headers;
  int fail_first = 0;
  int fail_status = 500;

  FakeEmbeddingsServer() {
    server.Post("/v1/embeddings", [this](const httplib::Request& req, httplib::Response& res) {
      std::lock_guard lock(mu);
      bodies.push_back(Json::parse(req.body));
      auth_headers.push_back(req.get_header_value("Authorization"));
      if (fail_first > 0) {
        --fail_first;
        res.status = fail_status;
        res.set_content(R"({"error":{"message":"simulated failure","type":"server_error"}})", "application/json");
        res.set_header("x-request-id", "req_test123");
        return;
      }
      const Json& input = bodies.back()["input"];
      // One input the server refuses fails its whole request, echoing the key as some servers do.
      for (const auto& text : input) {
        if (text.get<std::string>().find("POISON") != std::string::npos) {
          res.status = 400;
          res.set_content(Json{{"error", {{"message", "input rejected for " + req.get_header_value("Authorization")},
                                          {"type", "invalid_request_error"}}}}.dump(),
                          "application/json");
          return;
        }
      }
      Json data = Json::array();
      for (size_t i = input.size(); i-- > 0;) {  // reversed on purpose
        const auto text = input[i].get<std::string>();
        data.push_back({{"object", "embedding"}, {"index", i},
                        {"embedding", {static_cast<double>(text.size()), 1.0, static_cast<double>(i)}}});
      }
      res.set_content(Json{{"object", "list"}, {"data", data}, {"model", bodies.back()["model"]}}.dump(),
                      "application/json");
    });
    port = server.bind_to_any_port("127.0.0.1");
    thread = std::thread([this] { server.listen_after_bind(); });
    while (!server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~FakeEmbeddingsServer() {
    server.stop();
    thread.join();
  }
  std::string base() const { return "http://127.0.0.1:" + std::to_string(port) + "/v1"; }
};

invox::ModelServices fast_services() {
  invox::ModelServices s = history_test::offline_services();
  s.retry.base_delay_ms = 1;
  s.retry.max_delay_ms = 5;
  s.http_options.total_timeout_ms = 5000;
  return s;
}

// A SQLite store in `dir` whose embeddings come from `fake`.
std::shared_ptr<invox::HistoryStore> sqlite_store_embedding_with(const FakeEmbeddingsServer& fake,
                                                                 const history_test::ScratchDir& dir) {
  invox::HistoryOptions o;
  o.location = (dir.path / "h.sqlite").string();
  o.embed_model = "openai-compatible:m@" + fake.base();
  auto store = invox::open_history_store(o, fast_services());
  if (!store) FAIL(store.error().message);
  return *store;
}

}  // namespace

TEST_CASE("history embed: openai-compatible client sends the wire format and orders by index", "[history]") {
  FakeEmbeddingsServer fake;
  auto services = fast_services();
  services.providers.openai_api_key = "sk-secret-not-for-other-servers";
  auto embedder = invox::make_embedder({"openai-compatible:mini@" + fake.base(), 0, 2}, services);
  REQUIRE(embedder.has_value());
  CHECK((*embedder)->name() == "openai-compatible:mini@" + fake.base());
  auto vectors = (*embedder)->embed({"a", "bbb", "cc"});  // two requests: batch size 2
  REQUIRE(vectors.has_value());
  REQUIRE(vectors->size() == 3);
  CHECK((*vectors)[0] == std::vector<float>{1, 1, 0});
  CHECK((*vectors)[1] == std::vector<float>{3, 1, 1});
  CHECK((*vectors)[2] == std::vector<float>{2, 1, 0});
  REQUIRE(fake.bodies.size() == 2);
  CHECK(fake.bodies[0]["model"] == "mini");
  CHECK(fake.bodies[0]["encoding_format"] == "float");
  CHECK(fake.bodies[0]["input"] == Json::array({"a", "bbb"}));
  CHECK_FALSE(fake.bodies[0].contains("dimensions"));
  CHECK(fake.auth_headers[0].empty());  // the OpenAI key never goes to another server
}

TEST_CASE("history embed: openai provider uses OPENAI_BASE_URL, the key and dimensions", "[history]") {
  FakeEmbeddingsServer fake;
  auto services = fast_services();
  services.providers.openai_base_url = fake.base();
  services.providers.openai_api_key = "sk-test";
  auto embedder = invox::make_embedder({"openai:text-embedding-3-large", 256}, services);
  REQUIRE(embedder.has_value());
  CHECK((*embedder)->name() == "openai:text-embedding-3-large/256d");
  REQUIRE((*embedder)->embed({"x"}).has_value());
  CHECK(fake.auth_headers[0] == "Bearer sk-test");
  CHECK(fake.bodies[0]["dimensions"] == 256);
  CHECK(fake.bodies[0]["model"] == "text-embedding-3-large");
}

TEST_CASE("history embed: a missing key or a non-embedding provider is a config error", "[history]") {
  auto services = fast_services();
  auto e = invox::make_embedder({"openai:text-embedding-3-large"}, services);
  REQUIRE_FALSE(e.has_value());
  CHECK(e.error().kind == invox::ErrorKind::Config);
  CHECK(e.error().message.find("OPENAI_API_KEY") != std::string::npos);
  e = invox::make_embedder({"gemini:text-embedding-004"}, services);
  REQUIRE_FALSE(e.has_value());
  CHECK(e.error().kind == invox::ErrorKind::Config);
  e = invox::make_embedder({"not a spec"}, services);
  REQUIRE_FALSE(e.has_value());
}

TEST_CASE("history embed: 5xx is retried, 401 is a config error with the request id", "[history]") {
  FakeEmbeddingsServer fake;
  auto services = fast_services();
  auto embedder = *invox::make_embedder({"openai-compatible:m@" + fake.base()}, services);
  fake.fail_first = 2;
  auto ok = embedder->embed({"x"});
  REQUIRE(ok.has_value());
  CHECK(fake.bodies.size() == 3);
  fake.fail_first = 1;
  fake.fail_status = 401;
  auto denied = embedder->embed({"x"});
  REQUIRE_FALSE(denied.has_value());
  CHECK(denied.error().kind == invox::ErrorKind::Config);
  CHECK(denied.error().message.find("simulated failure") != std::string::npos);
  CHECK(denied.error().message.find("req_test123") != std::string::npos);
}

TEST_CASE("history embed: an unreachable server makes retrieval fail so the pipeline goes zero-shot", "[history]") {
  history_test::ScratchDir dir;
  int dead_port = 0;
  {
    httplib::Server s;  // bind and release a port so nothing listens on it
    dead_port = s.bind_to_any_port("127.0.0.1");
  }
  auto services = fast_services();
  services.retry.max_attempts = 2;
  services.http_options.connect_timeout_ms = 500;
  invox::HistoryOptions o;
  o.location = (dir.path / "h.sqlite").string();
  o.embed_model = "openai-compatible:m@http://127.0.0.1:" + std::to_string(dead_port) + "/v1";
  auto store = invox::open_history_store(o, services);
  REQUIRE(store.has_value());
  auto shots = (*store)->retrieve(history_test::intake_template(), "Name Ann", {});
  REQUIRE_FALSE(shots.has_value());
  CHECK(shots.error().kind == invox::ErrorKind::Network);
  CHECK(shots.error().message.find("embedding model") != std::string::npos);
}

TEST_CASE("history embed: store and retrieval through the HTTP embedder end to end", "[history]") {
  FakeEmbeddingsServer fake;
  history_test::ScratchDir dir;
  auto store = sqlite_store_embedding_with(fake, dir);
  REQUIRE(store->add(history_test::example("intake", "Name Ann.", Json{{"name", "Ann"}})));
  auto shots = store->retrieve(history_test::intake_template(), "Name Ann", {});
  REQUIRE(shots.has_value());
  CHECK(shots->size() == 1);
  REQUIRE(fake.bodies.size() == 2);
  CHECK(fake.bodies[1]["input"][0] == "templateId=intake\nName Ann");
  CHECK(store->stats()->with_embedding == 1);
}

TEST_CASE("history embed: one rejected input fails alone, the rest of its batch is embedded", "[history]") {
  FakeEmbeddingsServer fake;
  auto services = fast_services();
  services.providers.openai_base_url = fake.base();
  services.providers.openai_api_key = "sk-echoed-key";
  auto embedder = *invox::make_embedder({"openai:text-embedding-3-small", 0, 8}, services);
  auto each = embedder->embed_each({"a", "bb", "POISON", "dddd", "e"});
  REQUIRE(each.size() == 5);
  CHECK(each[0].has_value());
  CHECK(each[1].has_value());
  REQUIRE_FALSE(each[2].has_value());
  CHECK(each[3].has_value());
  CHECK(each[4].has_value());
  CHECK((*each[3])[0] == 4.0f);  // its own vector, not a neighbour's
  // The server echoed the key: the message shows it redacted.
  CHECK(each[2].error().message.find("sk-echoed-key") == std::string::npos);
  CHECK(each[2].error().message.find("[redacted]") != std::string::npos);
  CHECK(fake.bodies.size() > 1);  // split and retried
}

TEST_CASE("history embed: batches are sized by an estimate of tokens", "[history]") {
  FakeEmbeddingsServer fake;
  auto embedder = *invox::make_embedder({"openai-compatible:m@" + fake.base(), 0, 256}, fast_services());
  // 4 inputs of 240,000 characters (~80,000 tokens each): 256 fit by count, not by tokens.
  const std::string big(240'000, 'x');
  REQUIRE(embedder->embed({big, big, big, big}).has_value());
  REQUIRE(fake.bodies.size() >= 2);
  for (const auto& body : fake.bodies) {
    size_t chars = 0;
    for (const auto& in : body["input"]) chars += in.get<std::string>().size();
    CHECK(chars / 4 <= 300'000);  // under the API's per-request token cap even at 4 characters per token
  }
}

TEST_CASE("history embed: an import adds the good examples and reports the rejected one", "[history]") {
  FakeEmbeddingsServer fake;
  history_test::ScratchDir dir;
  auto store = sqlite_store_embedding_with(fake, dir);
  std::vector<std::filesystem::path> files;
  for (const auto* text : {"Name Ann.", "Name POISON.", "Name Bob."}) {
    const auto path = dir.path / (std::to_string(files.size()) + ".json");
    std::ofstream(path) << Json{{"templateId", "intake"}, {"transcript", text}, {"expected", {{"name", "x"}}}}.dump();
    files.push_back(path);
  }
  auto imported = invox::import_history_files(*store, files, {});
  REQUIRE(imported.has_value());
  CHECK(imported->added == 2);
  REQUIRE(imported->failed.size() == 1);
  CHECK(imported->failed[0].message.find("1.json") != std::string::npos);
  CHECK(store->stats()->examples == 2);
}
