// What providers serve (`invox models`) and the check that a configured model exists, against
// the fake's OpenAI GET /v1/models, Gemini models.list and Ollama /api/tags.
#include <catch2/catch.hpp>

#include <algorithm>

#include <fmt/format.h>

#include "invox/models.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"

using namespace invox;
using namespace invox::test;

namespace {

const ServedModel* find(const std::vector<ServedModel>& models, const std::string& id) {
  auto it = std::find_if(models.begin(), models.end(), [&](const ServedModel& m) { return m.id == id; });
  return it == models.end() ? nullptr : &*it;
}

}  // namespace

TEST_CASE("listing: OpenAI with shutdown dates, Gemini across pages, Ollama tags", "[llm][models]") {
  FakeLlmServer server;
  const auto services = services_for(server);
  auto openai = list_served_models("openai", services);
  REQUIRE(openai.has_value());
  REQUIRE(find(*openai, "gpt-4o"));
  CHECK(find(*openai, "gpt-4o")->shutdown_date == "2027-01-14");
  REQUIRE(find(*openai, "gpt-6.1-sol"));
  CHECK(find(*openai, "gpt-6.1-sol")->shutdown_date.empty());

  auto gemini = list_served_models("gemini", services);
  REQUIRE(gemini.has_value());
  CHECK(gemini->size() == 3);  // the fake serves two per page: the client followed nextPageToken
  REQUIRE(find(*gemini, "gemini-3.8-flash"));
  CHECK(find(*gemini, "gemini-3.8-flash")->output_token_limit == 65536);

  auto ollama = list_served_models("ollama", services);
  REQUIRE(ollama.has_value());
  CHECK(find(*ollama, "llama3.1:latest"));

  // Keys travel in headers only.
  for (const auto& r : server.catalog_requests()) {
    INFO(r.path << "?" << r.query);
    CHECK(r.query.find("key") == std::string::npos);
    if (r.path.rfind("/v1beta", 0) == 0) CHECK(r.headers.at("x-goog-api-key") == kCanaryGeminiKey);
    if (r.path.rfind("/v1/", 0) == 0) CHECK(r.headers.at("authorization") == fmt::format("Bearer {}", kCanaryOpenAiKey));
  }
}

TEST_CASE("a model the provider does not serve is a configuration error saying how to choose another",
          "[llm][models]") {
  FakeLlmServer server;
  const auto services = services_for(server);
  for (const auto* name : {"openai:gpt-9-imaginary", "gemini:gemini-2.0-flash"}) {
    INFO(name);
    auto st = check_model_served(model_spec(name), services);
    REQUIRE_FALSE(st.has_value());
    CHECK(st.error().kind == ErrorKind::Config);
    CHECK(st.error().message.find(name) != std::string::npos);
    CHECK(st.error().message.find("invox models") != std::string::npos);
  }
  auto ollama = check_model_served(model_spec("ollama:qwen9"), services);
  REQUIRE_FALSE(ollama.has_value());
  CHECK(ollama.error().message.find("ollama pull qwen9") != std::string::npos);

  CHECK(check_model_served(model_spec("openai:gpt-6.1-sol"), services).has_value());
  CHECK(check_model_served(model_spec("gemini:gemini-3.8-flash"), services).has_value());
  CHECK(check_model_served(model_spec("ollama:llama3.1"), services).has_value());
}

TEST_CASE("with verify_models, building a client for an unknown model fails before any chat call", "[llm][models]") {
  FakeLlmServer server;
  auto services = services_for(server);
  services.verify_models = true;
  auto e = make_chat_extractor(model_spec("openai:gpt-4o-mini-retired"), services);
  REQUIRE_FALSE(e.has_value());
  CHECK(e.error().kind == ErrorKind::Config);
  CHECK(server.request_count() == 0);
  auto j = make_chat_judge(model_spec("gemini:gemini-1.5-pro"), services);
  REQUIRE_FALSE(j.has_value());
  CHECK(j.error().kind == ErrorKind::Config);
  CHECK(make_chat_extractor(model_spec("gemini:gemini-3.8-flash"), services).has_value());
}

TEST_CASE("a chat call to a model the server does not know (404) is a configuration error", "[llm][models]") {
  FakeLlmServer::Options o;
  o.reject_unknown_models = true;
  FakeLlmServer server(o);
  const auto services = services_for(server);
  Template tmpl = sample_template();
  Transcript transcript;
  transcript.text = "Patient Jane Roe.";
  ExtractionRequest request;
  request.tmpl = &tmpl;
  request.transcript = &transcript;
  for (const auto* name : {"openai:gpt-4o-2024-05-13", "gemini:gemini-2.0-flash"}) {
    INFO(name);
    auto e = make_chat_extractor(model_spec(name), services);
    REQUIRE(e.has_value());
    auto r = (*e)->extract(request);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == ErrorKind::Config);
    // The same message as the start-of-run check: the model, and how to choose another.
    CHECK(r.error().message.find(std::string(name) + "' is not served") != std::string::npos);
    CHECK(r.error().message.find("invox models") != std::string::npos);
  }
}

TEST_CASE("a base URL without the model endpoints (a proxy) does not block the run", "[llm][models]") {
  FakeLlmServer server;
  server.set_handler([](const FakeRequest& r) {
    if (r.format == "other") return error_reply(404, "Not Found");
    return reply_for(r, default_answer(r));
  });
  auto services = services_for(server);
  services.providers.openai_base_url = server.base_url() + "/proxy/v1";  // no /models there
  services.providers.ollama_host = server.base_url() + "/not-ollama";
  CHECK(check_model_served(model_spec("openai:any-model-the-proxy-knows"), services).has_value());
  CHECK(check_model_served(model_spec("ollama:llama3.1"), services).has_value());
}
