// OpenAI-compatible `POST /v1/embeddings` (api-wire.md (c)): OpenAI, Ollama's /v1 layer,
// vLLM, llama.cpp server, or any `openai-compatible:NAME@URL`.
#include <fmt/format.h>

#include <algorithm>

#include "invox/history.hpp"
#include "invox/model_spec.hpp"
#include "invox/models.hpp"

namespace invox {

namespace {

class OpenAiEmbedder final : public Embedder {
 public:
  OpenAiEmbedder(ModelSpec spec, std::string url, std::string api_key, EmbedderOptions options,
                 const ModelServices& services)
      : name_(spec.str()),
        provider_(spec.provider),
        model_(spec.model),
        url_(std::move(url)),
        api_key_(std::move(api_key)),
        options_(std::move(options)),
        services_(services) {}

  std::string name() const override {
    return options_.dimensions > 0 ? fmt::format("{}/{}d", name_, options_.dimensions) : name_;
  }

  Expected<std::vector<std::vector<float>>> embed(const std::vector<std::string>& inputs) override {
    std::vector<std::vector<float>> out;
    out.reserve(inputs.size());
    for (auto& v : embed_each(inputs)) {
      if (!v) return v.error();
      out.push_back(std::move(*v));
    }
    return out;
  }

  std::vector<Expected<std::vector<float>>> embed_each(const std::vector<std::string>& inputs) override {
    std::vector<Expected<std::vector<float>>> out(inputs.size(), Error::internal("not embedded"));
    // Batches bounded by count and by an estimate of tokens, below the API's per-request caps.
    const size_t max_count = std::max<size_t>(1, std::min<size_t>(options_.batch, kMaxInputsPerRequest));
    std::vector<size_t> batch;
    long tokens = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const long t = estimated_tokens(inputs[i]);
      if (!batch.empty() && (batch.size() >= max_count || tokens + t > kMaxTokensPerRequest)) {
        embed_or_split(inputs, batch, out);
        batch.clear();
        tokens = 0;
      }
      batch.push_back(i);
      tokens += t;
    }
    if (!batch.empty()) embed_or_split(inputs, batch, out);
    return out;
  }

 private:
  // api-wire.md (c): at most 2,048 inputs and 300,000 tokens per request. Tokens are estimated at
  // 3 characters each (English is ~4), and the sum kept well below the cap.
  static constexpr size_t kMaxInputsPerRequest = 2048;
  static constexpr long kMaxTokensPerRequest = 200'000;
  static long estimated_tokens(const std::string& text) { return static_cast<long>(text.size() / 3 + 1); }

  // Embeds inputs[batch]; when the request fails for another reason than the configuration (a
  // bad key stays fatal for every input), halves it and tries again, so that one bad input
  // fails alone.
  void embed_or_split(const std::vector<std::string>& inputs, const std::vector<size_t>& batch,
                      std::vector<Expected<std::vector<float>>>& out) {
    std::vector<std::string> texts;
    for (size_t i : batch) texts.push_back(inputs[i]);
    auto got = embed_batch(texts);
    if (got) {
      for (size_t k = 0; k < batch.size(); ++k) out[batch[k]] = std::move((*got)[k]);
      return;
    }
    if (batch.size() == 1 || got.error().kind == ErrorKind::Config) {
      for (size_t i : batch) out[i] = got.error();
      return;
    }
    const auto half = static_cast<std::ptrdiff_t>(batch.size() / 2);
    embed_or_split(inputs, std::vector<size_t>(batch.begin(), batch.begin() + half), out);
    embed_or_split(inputs, std::vector<size_t>(batch.begin() + half, batch.end()), out);
  }

  Expected<std::vector<std::vector<float>>> embed_batch(const std::vector<std::string>& inputs) {
    Json body = {{"model", model_}, {"input", inputs}, {"encoding_format", "float"}};
    if (options_.dimensions > 0) body["dimensions"] = options_.dimensions;
    HttpRequest req;
    req.url = url_;
    req.headers = {{"Content-Type", "application/json"}};
    if (!api_key_.empty()) req.headers.emplace_back("Authorization", "Bearer " + api_key_);
    req.body = body.dump();
    // The one request path of model clients: gate, retries, and errors with keys redacted.
    auto resp = send_model_request(services_, provider_, req);
    if (!resp) return Error{resp.error().kind, fmt::format("embedding model {}: {}", name_, resp.error().message)};
    const Json doc = Json::parse(resp->body, nullptr, false);
    if (!doc.is_object()) return Error::provider(fmt::format("embedding model {}: the answer is not a JSON object", name_));
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

  std::string name_;
  std::string provider_;
  std::string model_;
  std::string url_;
  std::string api_key_;  // never printed
  EmbedderOptions options_;
  ModelServices services_;
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
  return std::shared_ptr<Embedder>(std::make_shared<OpenAiEmbedder>(*spec, base + "/embeddings", key, options,
                                                                    services));
}

}  // namespace invox
