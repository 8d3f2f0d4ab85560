// Reading the TOML model configuration (model_config.hpp). Every key is checked: an unknown key
// or a wrong type is a Config error naming the file and key, never a silent default.
#include "invox/model_config.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <cstdlib>
#include <filesystem>

#include "util/file_io.hpp"

namespace invox {

namespace {

Error bad(const std::string& origin, const std::string& key, const std::string& what) {
  return Error::config(fmt::format("{}: {}: {}", origin, key, what));
}

Expected<ModelSpec> spec_at(const toml::node& node, const std::string& origin, const std::string& key) {
  const auto text = node.value<std::string>();
  if (!text) return bad(origin, key, "expected a model name in quotes, e.g. \"openai:gpt-6.1-sol\"");
  auto spec = parse_model_spec(*text);
  if (!spec) return bad(origin, key, spec.error().message);
  return spec;
}

Status read_defaults(const toml::table& t, ModelConfig& c, const std::string& origin) {
  for (auto&& [k, node] : t) {
    const std::string key(k.str());
    const std::string where = "defaults." + key;
    if (key == "pair") {
      const auto* arr = node.as_array();
      if (!arr || arr->size() != 2) return bad(origin, where, "expected two model names: [\"A\", \"B\"]");
      auto a = spec_at((*arr)[0], origin, where);
      if (!a) return a.error();
      auto b = spec_at((*arr)[1], origin, where);
      if (!b) return b.error();
      c.pair_a = *a;
      c.pair_b = *b;
      continue;
    }
    ModelSpec* dest = key == "model" ? nullptr : key == "openai" ? &c.openai_model : key == "gemini" ? &c.gemini_model
                                                : key == "judge" ? &c.judge : nullptr;
    if (key != "model" && !dest) return bad(origin, where, "unknown key (known: model, openai, gemini, pair, judge)");
    auto spec = spec_at(node, origin, where);
    if (!spec) return spec.error();
    if (dest) *dest = *spec;
    else c.model = *spec;
  }
  return ok();
}

Status read_models(const toml::table& t, ModelConfig& c, const std::string& origin) {
  for (auto&& [k, node] : t) {
    const std::string name(k.str());
    const std::string where = "models.\"" + name + "\"";
    const auto* entry = node.as_table();
    if (!entry) {
      return bad(origin, where, "expected a table with input, output, max_output_tokens, context_window, logprobs");
    }
    const auto colon = name.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == name.size()) {
      return bad(origin, where, "expected \"provider:model\" or \"provider:*\"");
    }
    ModelFacts& facts = c.models[name];
    for (auto&& [fk, value] : *entry) {
      const std::string field(fk.str());
      if (field == "input" || field == "output") {
        const auto usd = value.value<double>();
        if (!usd || *usd < 0) return bad(origin, where + "." + field, "expected a price >= 0 in USD per 1M tokens");
        (field == "input" ? facts.input_usd_per_million : facts.output_usd_per_million) = *usd;
      } else if (field == "max_output_tokens") {
        const auto n = value.value<int64_t>();
        if (!n || *n < 16 || *n > 10'000'000) return bad(origin, where + "." + field, "expected a whole number of tokens >= 16");
        facts.max_output_tokens = static_cast<int>(*n);
      } else if (field == "context_window") {
        const auto n = value.value<int64_t>();
        if (!n || *n < 512 || *n > 100'000'000) {
          return bad(origin, where + "." + field, "expected a whole number of tokens >= 512");
        }
        facts.context_tokens = static_cast<int>(*n);
      } else if (field == "logprobs") {
        const auto on = value.value_exact<bool>();
        if (!on) return bad(origin, where + "." + field, "expected true or false");
        facts.logprobs = *on;
      } else {
        return bad(origin, where + "." + field,
                   "unknown key (known: input, output, max_output_tokens, context_window, logprobs)");
      }
    }
  }
  return ok();
}

Status read_endpoints(const toml::table& t, ModelConfig& c, const std::string& origin) {
  for (auto&& [k, node] : t) {
    const std::string key(k.str());
    std::string* dest = key == "openai" ? &c.openai_base_url : key == "gemini" ? &c.gemini_base_url
                        : key == "ollama" ? &c.ollama_host : nullptr;
    if (!dest) return bad(origin, "endpoints." + key, "unknown key (known: openai, gemini, ollama)");
    const auto url = node.value<std::string>();
    if (!url || (url->rfind("http://", 0) != 0 && url->rfind("https://", 0) != 0)) {
      return bad(origin, "endpoints." + key, "expected a URL starting with http:// or https://");
    }
    *dest = *url;
  }
  return ok();
}

// The entry that applies to spec: exact, else longest prefix, else "provider:*".
template <class Get>
auto lookup(const std::map<std::string, ModelFacts>& models, const ModelSpec& spec, Get get) -> decltype(get(ModelFacts{})) {
  const std::string full = spec.provider + ":" + spec.model;
  if (auto it = models.find(full); it != models.end() && get(it->second)) return get(it->second);
  size_t best = 0;
  decltype(get(ModelFacts{})) found;
  for (const auto& [name, facts] : models) {
    if (name.back() == '*' || name.size() <= best || name.size() > full.size()) continue;
    if (full.compare(0, name.size(), name) == 0 && get(facts)) {
      best = name.size();
      found = get(facts);
    }
  }
  if (found) return found;
  if (auto it = models.find(spec.provider + ":*"); it != models.end()) return get(it->second);
  return found;
}

}  // namespace

Status ModelConfig::merge_toml(std::string_view text, const std::string& source) {
  toml::table doc;
  try {
    doc = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    // The parser's own wording stays out of user messages; its position is what helps.
    return Error::config(fmt::format("{}: line {}, column {}: not valid TOML (check quotes, brackets and '=')",
                                     source, e.source().begin.line, e.source().begin.column));
  }
  for (auto&& [k, node] : doc) {
    const std::string key(k.str());
    if (key == "checked") {
      const auto date = node.value<std::string>();
      if (!date) return bad(source, key, "expected a date in quotes, e.g. \"2026-11-24\"");
      checked = *date;
      continue;
    }
    const auto* table = node.as_table();
    if (key != "defaults" && key != "models" && key != "endpoints") {
      return bad(source, key, "unknown key (known: checked, [defaults], [models.\"provider:model\"], [endpoints])");
    }
    if (!table) return bad(source, key, "expected a table: [" + key + "]");
    Status st = key == "defaults" ? read_defaults(*table, *this, source)
                : key == "models" ? read_models(*table, *this, source)
                                  : read_endpoints(*table, *this, source);
    if (!st) return st;
  }
  origin = source;
  return ok();
}

std::string ModelConfig::default_path() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return std::string(xdg) + "/invox/config.toml";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.config/invox/config.toml";
  return {};
}

Expected<ModelConfig> ModelConfig::load(const std::string& explicit_path) {
  ModelConfig config = built_in();
  std::string path = explicit_path;
  bool required = !path.empty();
  if (path.empty()) {
    if (const char* env = std::getenv("INVOX_CONFIG"); env && *env) {
      path = env;
      required = true;
    }
  }
  if (path.empty()) path = default_path();
  if (path.empty()) return config;
  std::error_code ec;
  if (!required && !std::filesystem::exists(path, ec)) return config;
  auto text = util::read_file(path);
  if (!text) {
    return Error::config(fmt::format("config file {}: {} (pass --config FILE or set INVOX_CONFIG to a readable file)",
                                     path, text.error().message));
  }
  if (auto st = config.merge_toml(*text, path); !st) return st.error();
  return config;
}

std::optional<double> ModelConfig::input_price(const ModelSpec& spec) const {
  return lookup(models, spec, [](const ModelFacts& f) { return f.input_usd_per_million; });
}

std::optional<double> ModelConfig::output_price(const ModelSpec& spec) const {
  return lookup(models, spec, [](const ModelFacts& f) { return f.output_usd_per_million; });
}

std::optional<int> ModelConfig::max_output_tokens(const ModelSpec& spec) const {
  return lookup(models, spec, [](const ModelFacts& f) { return f.max_output_tokens; });
}

std::optional<int> ModelConfig::context_tokens(const ModelSpec& spec) const {
  return lookup(models, spec, [](const ModelFacts& f) { return f.context_tokens; });
}

std::optional<bool> ModelConfig::logprobs(const ModelSpec& spec) const {
  return lookup(models, spec, [](const ModelFacts& f) { return f.logprobs; });
}

ProviderConfig ModelConfig::providers() const {
  ProviderConfig base;
  if (!openai_base_url.empty()) base.openai_base_url = openai_base_url;
  if (!gemini_base_url.empty()) base.gemini_base_url = gemini_base_url;
  if (!ollama_host.empty()) base.ollama_host = ollama_host;
  return ProviderConfig::from_environment(std::move(base));
}

}  // namespace invox
