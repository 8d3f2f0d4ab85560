#pragma once
// Token prices (USD per 1M tokens) for cost accounting; the table lives in pricing.cpp and is
// documented in docs/MODELS.md. Overridable by a JSON file (--prices FILE or INVOX_PRICES_FILE).
#include <optional>
#include <string>

#include "invox/expected.hpp"
#include "invox/json.hpp"

namespace invox::llm {

struct Price {
  double input_per_million = 0;
  double output_per_million = 0;
};

class PriceTable {
 public:
  // The built-in table, with `override_file` (if non-empty) merged on top.
  [[nodiscard]] static Expected<PriceTable> load(const std::string& override_file);
  [[nodiscard]] static PriceTable built_in();
  // Entries: {"provider:model": {"input": usd, "output": usd}}; "provider:*" matches any model.
  [[nodiscard]] Status merge(const Json& doc, const std::string& origin);
  // Exact "provider:model", else the longest listed model that prefixes it (dated snapshots such
  // as gpt-4o-2024-08-06), else "provider:*", else nullopt (unknown: cost 0, warned once).
  [[nodiscard]] std::optional<Price> find(const std::string& provider, const std::string& model) const;
  [[nodiscard]] double cost_usd(const std::string& provider, const std::string& model, long prompt_tokens,
                                long completion_tokens) const;

 private:
  Json entries_ = Json::object();
};

}  // namespace invox::llm
