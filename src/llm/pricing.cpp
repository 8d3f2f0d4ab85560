#include "llm/pricing.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <mutex>
#include <set>

#include "invox/log.hpp"
#include "util/file_io.hpp"

namespace invox::llm {

PriceTable PriceTable::built_in() { return PriceTable{}; }

Status PriceTable::merge(const Json& doc, const std::string& origin) {
  if (!doc.is_object()) return Error::config(fmt::format("{}: expected an object of \"provider:model\" entries", origin));
  for (const auto& [name, entry] : doc.items()) {
    if (!entry.is_object() || !entry.contains("input") || !entry["input"].is_number() ||
        (entry.contains("output") && !entry["output"].is_number())) {
      return Error::config(fmt::format("{}: entry '{}' needs numbers \"input\" and \"output\" (USD per 1M tokens)",
                                       origin, name));
    }
    auto& facts = config_.models[name];
    facts.input_usd_per_million = entry["input"].get<double>();
    facts.output_usd_per_million = entry.value("output", 0.0);
  }
  return ok();
}

Expected<PriceTable> PriceTable::load(const std::string& override_file, const ModelConfig& config) {
  PriceTable t;
  t.config_ = config;
  std::string file = override_file;
  if (file.empty()) {
    if (const char* env = std::getenv("INVOX_PRICES_FILE"); env && *env) file = env;
  }
  if (file.empty()) return t;
  auto text = util::read_file(file);
  if (!text) return Error::config(fmt::format("price table {}: {}", file, text.error().message));
  const auto doc = Json::parse(*text, nullptr, false);
  if (doc.is_discarded()) return Error::config(fmt::format("price table {}: not valid JSON", file));
  if (auto st = t.merge(doc, file); !st) return st.error();
  return t;
}

std::optional<Price> PriceTable::find(const std::string& provider, const std::string& model) const {
  const ModelSpec spec{provider, model, ""};
  const auto input = config_.input_price(spec);
  if (!input) return std::nullopt;
  return Price{*input, config_.output_price(spec).value_or(0.0)};
}

double PriceTable::cost_usd(const std::string& provider, const std::string& model, long prompt_tokens,
                            long completion_tokens) const {
  const auto price = find(provider, model);
  if (!price) {
    static std::mutex mutex;
    static std::set<std::string> warned;
    std::lock_guard lock(mutex);
    if (warned.insert(provider + ":" + model).second) {
      log::warn(fmt::format("no price known for {}:{}; its cost counts as 0 (add its price to the config file, docs/MODELS.md, or --prices FILE)", provider, model));
    }
    return 0.0;
  }
  return (static_cast<double>(prompt_tokens) * price->input_per_million +
          static_cast<double>(completion_tokens) * price->output_per_million) / 1e6;
}

}  // namespace invox::llm
