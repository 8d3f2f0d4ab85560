#include "llm/pricing.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <mutex>
#include <set>

#include "invox/log.hpp"
#include "util/file_io.hpp"

namespace invox::llm {

namespace {

// USD per 1M tokens. Sources and dates: shared/reference/api-wire.md "Prices" (third-party
// restatements of the vendors' pages, April 2026). Local servers cost nothing by default.
constexpr const char* kBuiltInPrices = R"json({
  "openai:gpt-4o":           {"input": 2.50, "output": 10.00},
  "openai:gpt-4o-mini":      {"input": 0.15, "output": 0.60},
  "gemini:gemini-2.0-flash": {"input": 0.10, "output": 0.40},
  "ollama:*":                {"input": 0.00, "output": 0.00},
  "openai-compatible:*":     {"input": 0.00, "output": 0.00}
})json";

}  // namespace

PriceTable PriceTable::built_in() {
  PriceTable t;
  (void)t.merge(Json::parse(kBuiltInPrices), "built-in price table");
  return t;
}

Status PriceTable::merge(const Json& doc, const std::string& origin) {
  if (!doc.is_object()) return Error::config(fmt::format("{}: expected an object of \"provider:model\" entries", origin));
  for (const auto& [name, entry] : doc.items()) {
    if (!entry.is_object() || !entry.contains("input") || !entry["input"].is_number() ||
        (entry.contains("output") && !entry["output"].is_number())) {
      return Error::config(fmt::format("{}: entry '{}' needs numbers \"input\" and \"output\" (USD per 1M tokens)",
                                       origin, name));
    }
    entries_[name] = entry;
  }
  return ok();
}

Expected<PriceTable> PriceTable::load(const std::string& override_file) {
  PriceTable t = built_in();
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
  const auto read = [](const Json& e) {
    return Price{e.value("input", 0.0), e.value("output", 0.0)};
  };
  const std::string full = provider + ":" + model;
  if (entries_.contains(full)) return read(entries_[full]);
  size_t best = 0;
  std::optional<Price> found;
  for (const auto& [name, entry] : entries_.items()) {
    if (name.size() > best && name.size() <= full.size() && full.compare(0, name.size(), name) == 0 &&
        name.back() != '*') {
      best = name.size();
      found = read(entry);
    }
  }
  if (found) return found;
  if (entries_.contains(provider + ":*")) return read(entries_[provider + ":*"]);
  return std::nullopt;
}

double PriceTable::cost_usd(const std::string& provider, const std::string& model, long prompt_tokens,
                            long completion_tokens) const {
  const auto price = find(provider, model);
  if (!price) {
    static std::mutex mutex;
    static std::set<std::string> warned;
    std::lock_guard lock(mutex);
    if (warned.insert(provider + ":" + model).second) {
      log::warn(fmt::format("no price known for {}:{}; its cost counts as 0 (add it with --prices FILE)", provider, model));
    }
    return 0.0;
  }
  return (static_cast<double>(prompt_tokens) * price->input_per_million +
          static_cast<double>(completion_tokens) * price->output_per_million) / 1e6;
}

}  // namespace invox::llm
