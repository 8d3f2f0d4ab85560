// What each provider serves (models.hpp): listings for `invox models` and the once-per-run check
// that a configured chat model exists. Wire formats: OpenAI GET /models (with shutdown_date),
// Gemini models.list (paged), Ollama GET /api/tags.
#include <fmt/format.h>

#include <mutex>
#include <set>

#include "invox/json.hpp"
#include "invox/log.hpp"
#include "invox/models.hpp"
#include "llm/json_read.hpp"
#include "llm/model_not_served.hpp"

namespace invox {

namespace {

using llm::string_at;

HttpRequest get(const std::string& url) {
  HttpRequest r;
  r.method = "GET";
  r.url = url;
  r.headers = {{"Accept", "application/json"}};
  return r;
}

// The authenticated GET for one provider's model endpoints (keys in headers, never the URL).
HttpRequest provider_get(std::string_view provider, const ProviderConfig& p, const std::string& path) {
  if (provider == "openai") {
    auto r = get(p.openai_base_url + path);
    if (!p.openai_api_key.empty()) r.headers.emplace_back("Authorization", "Bearer " + p.openai_api_key);
    return r;
  }
  if (provider == "gemini") {
    auto r = get(p.gemini_base_url + path);
    if (!p.gemini_api_key.empty()) r.headers.emplace_back("x-goog-api-key", p.gemini_api_key);
    return r;
  }
  return get(p.ollama_host + path);
}

Expected<Json> get_json(std::string_view provider, const ModelServices& services, const std::string& path) {
  const auto request = provider_get(provider, services.providers, path);
  auto response = send_model_request(services, provider, request);
  if (!response) return response.error();
  auto doc = Json::parse(response->body, nullptr, false);
  if (!doc.is_object()) {
    return Error::provider(fmt::format("{}: GET {} did not answer a JSON object", provider, url_without_query(request.url)));
  }
  return doc;
}

Expected<std::vector<ServedModel>> list_openai(const ModelServices& services) {
  auto doc = get_json("openai", services, "/models");
  if (!doc) return doc.error();
  std::vector<ServedModel> out;
  if (doc->contains("data") && (*doc)["data"].is_array()) {
    for (const auto& m : (*doc)["data"]) {
      if (!m.is_object() || string_at(m, "id").empty()) continue;
      out.push_back({string_at(m, "id"), string_at(m, "shutdown_date"), std::nullopt});
    }
  }
  return out;
}

Expected<std::vector<ServedModel>> list_gemini(const ModelServices& services) {
  std::vector<ServedModel> out;
  std::string token;
  for (int page = 0; page < 50; ++page) {  // bounded: a server repeating its token cannot loop us forever
    auto doc = get_json("gemini", services, "/models?pageSize=1000" + (token.empty() ? "" : "&pageToken=" + token));
    if (!doc) return doc.error();
    if (doc->contains("models") && (*doc)["models"].is_array()) {
      for (const auto& m : (*doc)["models"]) {
        std::string name = m.is_object() ? string_at(m, "name") : std::string();
        if (name.rfind("models/", 0) == 0) name.erase(0, 7);
        if (name.empty()) continue;
        ServedModel s{name, {}, std::nullopt};
        if (m.contains("outputTokenLimit") && m["outputTokenLimit"].is_number_integer()) {
          s.output_token_limit = m["outputTokenLimit"].get<int>();
        }
        out.push_back(std::move(s));
      }
    }
    token = string_at(*doc, "nextPageToken");
    if (token.empty()) break;
  }
  return out;
}

Expected<std::vector<ServedModel>> list_ollama(const ModelServices& services) {
  auto doc = get_json("ollama", services, "/api/tags");
  if (!doc) return doc.error();
  std::vector<ServedModel> out;
  if (doc->contains("models") && (*doc)["models"].is_array()) {
    for (const auto& m : (*doc)["models"]) {
      const auto name = m.is_object() ? string_at(m, "name") : std::string();
      if (!name.empty()) out.push_back({name, {}, std::nullopt});
    }
  }
  return out;
}

std::string how_to_choose(const ModelSpec& spec) {
  return fmt::format("run `invox models` to see what {} serves, then choose one with --model/--models/--judge or "
                     "in the config file ({})",
                     spec.provider, ModelConfig::default_path().empty() ? "--config FILE" : ModelConfig::default_path());
}

Status check_uncached(const ModelSpec& spec, const ModelServices& services) {
  if (spec.provider == "ollama") {
    auto tags = list_ollama(services);
    if (!tags) {
      // A server behind OLLAMA_HOST without Ollama's own API cannot tell: the first request will.
      log::debug(fmt::format("could not list Ollama's models: {}", tags.error().message));
      return ok();
    }
    for (const auto& m : *tags) {
      if (m.id == spec.model || m.id == spec.model + ":latest") return ok();
    }
    return Error::config(fmt::format("model '{}' is not available on Ollama at {}: run `ollama pull {}`, or {}",
                                     spec.str(), services.providers.ollama_host, spec.model, how_to_choose(spec)));
  }
  const auto request = provider_get(spec.provider, services.providers, "/models/" + spec.model);
  auto response = send_model_request(services, spec.provider, request);
  if (!response) {
    if (response.error().kind != ErrorKind::Config) {
      log::debug(fmt::format("could not check model {}: {}", spec.str(), response.error().message));
      return ok();
    }
    if (auto not_served = model_not_served_error(spec, response.error())) return *not_served;
    const auto& message = response.error().message;
    if (message.find("answered HTTP 404: ") != std::string::npos) {
      log::debug(fmt::format("could not check model {}: {}", spec.str(), message));
      return ok();
    }
    return response.error();
  }
  const auto doc = Json::parse(response->body, nullptr, false);
  if (doc.is_object()) {
    const auto shutdown = string_at(doc, "shutdown_date");
    if (!shutdown.empty()) {
      log::warn(fmt::format("{} shuts down on {} (announced by {}): {}", spec.str(), shutdown, spec.provider,
                            how_to_choose(spec)));
    }
  }
  return ok();
}

}  // namespace

Expected<std::vector<ServedModel>> list_served_models(std::string_view provider, const ModelServices& services) {
  if (provider == "openai") return list_openai(services);
  if (provider == "gemini") return list_gemini(services);
  if (provider == "ollama") return list_ollama(services);
  return Error::unsupported(fmt::format("cannot list the models of provider '{}'", provider));
}

std::optional<Error> model_not_served_error(const ModelSpec& spec, const Error& error) {
  // A 404 whose message names the model is the provider saying it does not serve it; a proxy
  // behind the base URL that lacks the endpoint answers 404 without naming it and is let be.
  if (error.kind != ErrorKind::Config) return std::nullopt;
  const auto answer = error.message.find("answered HTTP 404: ");
  if (answer == std::string::npos || error.message.find(spec.model, answer) == std::string::npos) return std::nullopt;
  return Error::config(fmt::format("model '{}' is not served by {} (it may have been retired or misspelt): {}",
                                   spec.str(), spec.provider, how_to_choose(spec)));
}

Status check_model_served(const ModelSpec& spec, const ModelServices& services) {
  if (services.dry_run || (spec.provider != "openai" && spec.provider != "gemini" && spec.provider != "ollama")) {
    return ok();
  }
  // One question per model and endpoint per process: eval builds many pipelines.
  static std::mutex mutex;
  static std::set<std::string> served;
  const auto& p = services.providers;
  const std::string key = spec.str() + "@" + (spec.provider == "openai" ? p.openai_base_url
                                              : spec.provider == "gemini" ? p.gemini_base_url : p.ollama_host);
  {
    std::lock_guard lock(mutex);
    if (served.count(key)) return ok();
  }
  if (auto st = check_uncached(spec, services); !st) return st;
  std::lock_guard lock(mutex);
  served.insert(key);
  return ok();
}

}  // namespace invox
