// OpenAI-compatible `POST /v1/embeddings` (api-wire.md (c)): OpenAI, Ollama's /v1 layer,
// vLLM, llama.cpp server, or any `openai-compatible:NAME@URL`.
#include <fmt/format.h>

#include "invox/history.hpp"
#include "invox/model_spec.hpp"
#include "invox/models.hpp"

namespace invox {

namespace {

class OpenAiEmbedder final : public Embedder {
 public:
  OpenAiEmbedder(std::string name, std::string model, std::string url, std::string api_key, EmbedderOptions options,
                 const ModelServices& services)
      : name_(std::move(name)),
        model_(std::move(model)),
        url_(std::move(url)),
        api_key_(std::move(api_key)),
        options_(std::move(options)),
        http_(services.http ? services.http : make_curl_http_client()),
        http_options_(services.http_options),
        retry_(services.retry) {}

  std::string name() const override {
    return options_.dimensions > 0 ? fmt::format("{}/{}d", name_, options_.dimensions) : name_;
  }

  Expected<std::vector<std::vector<float>>> embed(const std::vector<std::string>& inputs) override {
    std::vector<std::vector<float>> out;
    out.reserve(inputs.size());
    const size_t batch = std::max<size_t>(1, std::min<size_t>(options_.batch, 2048));
    for (size_t begin = 0; begin < inputs.size(); begin += batch) {
      const size_t end = std::min(inputs.size(), begin + batch);
      auto part = embed_batch(std::vector<std::string>(inputs.begin() + static_cast<long>(begin),
                                                       inputs.begin() + static_cast<long>(end)));
      if (!part) return part.error();
      for (auto& v : *part) out.push_back(std::move(v));
    }
    return out;
  }

 private:
  Expected<std::vector<std::vector<float>>> embed_batch(const std::vector<std::string>& inputs) {
    Json body = {{"model", model_}, {"input", inputs}, {"encoding_format", "float"}};
    if (options_.dimensions > 0) body["dimensions"] = options_.dimensions;
    HttpRequest req;
    req.url = url_;
    req.headers = {{"Content-Type", "application/json"}};
    if (!api_key_.empty()) req.headers.emplace_back("Authorization", "Bearer " + api_key_);
    req.body = body.dump();
    auto resp = send_with_retry(*http_, req, http_options_, retry_, real_sleeper());
    if (!resp) return Error::network(fmt::format("embedding model {}: {}", name_, resp.error().message));
    if (resp->status < 200 || resp->status >= 300) return status_error(*resp);
    Json doc;
    try {
      doc = Json::parse(resp->body);
    } catch (const std::exception& e) {
      return Error::provider(fmt::format("embedding model {}: response is not JSON: {}", name_, e.what()));
    }
    if (!doc.contains("data") || !doc["data"].is_array() || doc["data"].size() != inputs.size())
      return Error::provider(fmt::format("embedding model {}: expected {} embeddings in 'data'", name_, inputs.size()));
    std::vector<std::vector<float>> out(inputs.size());
    for (size_t pos = 0; pos < doc["data"].size(); ++pos) {
      const Json& item = doc["data"][pos];
      // `index` says which input a vector belongs to; servers need not keep input order.
      const size_t index = item.contains("index") && item["index"].is_number_unsigned() ? item["index"].get<size_t>() : pos;
      if (index >= out.size() || !item.contains("embedding") || !item["embedding"].is_array() ||
          item["embedding"].empty())
        return Error::provider(fmt::format("embedding model {}: malformed item {} in 'data'", name_, pos));
      auto& vec = out[index];
      vec.reserve(item["embedding"].size());
      for (const auto& x : item["embedding"]) {
        if (!x.is_number()) return Error::provider(fmt::format("embedding model {}: non-numeric vector value", name_));
        vec.push_back(x.get<float>());
      }
    }
    for (const auto& v : out)
      if (v.empty()) return Error::provider(fmt::format("embedding model {}: an input got no vector", name_));
    return out;
  }

  Error status_error(const HttpResponse& resp) const {
    std::string detail;
    try {
      const Json doc = Json::parse(resp.body);
      if (doc.contains("error") && doc["error"].is_object()) detail = doc["error"].value("message", "");
      else if (doc.contains("error") && doc["error"].is_string()) detail = doc["error"].get<std::string>();
    } catch (...) {
    }
    if (detail.empty()) detail = resp.body.substr(0, 200);
    const std::string rid = resp.header("x-request-id");
    std::string msg = fmt::format("embedding model {}: HTTP {}: {}{}", name_, resp.status, detail,
                                  rid.empty() ? "" : fmt::format(" (request id {})", rid));
    if (resp.status == 401 || resp.status == 403) return Error::config(msg + "; check the API key");
    return Error::provider(msg);
  }

  std::string name_;
  std::string model_;
  std::string url_;
  std::string api_key_;  // never printed
  EmbedderOptions options_;
  std::shared_ptr<HttpClient> http_;
  HttpOptions http_options_;
  RetryPolicy retry_;
};

}  // namespace

Expected<std::shared_ptr<Embedder>> make_embedder(const EmbedderOptions& options, const ModelServices& services) {
  auto spec = parse_model_spec(options.spec);
  if (!spec) return Error::config(fmt::format("--embed: {}", spec.error().message));
  const ProviderConfig& p = services.providers;
  std::string base, key;
  if (spec->provider == "openai") {
    if (p.openai_api_key.empty())
      return Error::config(fmt::format("--embed {} needs OPENAI_API_KEY; set it or drop --embed for lexical retrieval",
                                       options.spec));
    base = p.openai_base_url;
    key = p.openai_api_key;
  } else if (spec->provider == "ollama") {
    base = p.ollama_host + "/v1";
  } else if (spec->provider == "openai-compatible") {
    base = spec->base_url;  // local servers need no key; the OpenAI key is never sent elsewhere
  } else {
    return Error::config(fmt::format("--embed {}: embeddings need an OpenAI-compatible provider "
                                     "(openai:MODEL, ollama:MODEL or openai-compatible:NAME@URL)", options.spec));
  }
  while (!base.empty() && base.back() == '/') base.pop_back();
  if (options.dimensions < 0) return Error::config("--embed-dimensions must be positive");
  return std::shared_ptr<Embedder>(std::make_shared<OpenAiEmbedder>(spec->str(), spec->model, base + "/embeddings", key,
                                                                    options, services));
}

}  // namespace invox
