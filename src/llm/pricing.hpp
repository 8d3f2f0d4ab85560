#pragma once
// Token prices (USD per 1M tokens) for cost accounting. They come from the model configuration
// (model_config.hpp: built-in defaults, then the TOML config file), with a JSON file of
// overrides on top (--prices FILE or INVOX_PRICES_FILE), documented in docs/MODELS.md.
#include <optional>
#include <string>

#include "invox/expected.hpp"
#include "invox/json.hpp"
#include "invox/model_config.hpp"

namespace invox::llm {

struct Price {
  double input_per_million = 0;
  double output_per_million = 0;
};

class PriceTable {
 public:
  // The configuration's prices, with `override_file` (if non-empty, else INVOX_PRICES_FILE)
  // merged on top.
  [[nodiscard]] static Expected<PriceTable> load(const std::string& override_file,
                                                 const ModelConfig& config = ModelConfig::built_in());
  [[nodiscard]] static PriceTable built_in();
  // Entries: {"provider:model": {"input": usd, "output": usd}}; "provider:*" matches any model.
  [[nodiscard]] Status merge(const Json& doc, const std::string& origin);
  // Looked up as ModelConfig does (exact, longest listed prefix, "provider:*"); nullopt when
  // no input price is known (unknown: cost 0, warned once).
  [[nodiscard]] std::optional<Price> find(const std::string& provider, const std::string& model) const;
  [[nodiscard]] double cost_usd(const std::string& provider, const std::string& model, long prompt_tokens,
                                long completion_tokens) const;

 private:
  ModelConfig config_ = ModelConfig::built_in();
};

}  // namespace invox::llm
