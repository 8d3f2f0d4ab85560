// `invox models [--provider P] [--config FILE]`: what each configured provider serves, with the
// shutdown dates providers announce, and whether the configured default models are among them.
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/flags_model.hpp"
#include "invox/log.hpp"
#include "invox/models.hpp"

namespace invox::cli {

namespace {

struct ModelsFlags {
  std::string provider;  // empty = every configured provider
  std::string config_file;
};

// Providers worth asking: those with a key or an endpoint moved elsewhere; Ollama needs neither.
std::vector<std::string> providers_to_list(const ModelsFlags& f, const ProviderConfig& p) {
  if (!f.provider.empty()) return {f.provider};
  const ProviderConfig stock;
  std::vector<std::string> out;
  if (!p.openai_api_key.empty() || p.openai_base_url != stock.openai_base_url) out.push_back("openai");
  if (!p.gemini_api_key.empty() || p.gemini_base_url != stock.gemini_base_url) out.push_back("gemini");
  out.push_back("ollama");
  return out;
}

std::string endpoint_of(const std::string& provider, const ProviderConfig& p) {
  return provider == "openai" ? p.openai_base_url : provider == "gemini" ? p.gemini_base_url : p.ollama_host;
}

void run(const ModelsFlags& f) {
  ModelServices services;
  apply_config_flag(f.config_file, services);
  const ModelConfig& config = model_config(services);
  std::map<std::string, std::set<std::string>> served;  // provider -> model ids listed
  int failed = 0;
  bool listed_any = false;
  for (const auto& provider : providers_to_list(f, services.providers)) {
    ModelServices asking = services;
    if (provider == "ollama" && f.provider.empty()) {
      // A local server either answers at once or is not running: no retries, a short wait.
      asking.retry.max_attempts = 1;
      asking.http_options.connect_timeout_ms = 2000;
    }
    auto models = list_served_models(provider, asking);
    if (!models) {
      // An absent local Ollama is normal when only hosted providers are used.
      if (provider == "ollama" && f.provider.empty() && models.error().kind == ErrorKind::Network) {
        std::printf("ollama (%s): not reachable\n", services.providers.ollama_host.c_str());
        continue;
      }
      log::error(models.error().message);
      if (models.error().kind == ErrorKind::Config) fail(models.error());
      ++failed;
      continue;
    }
    listed_any = true;
    std::printf("%s (%s): %zu models\n", provider.c_str(), endpoint_of(provider, services.providers).c_str(),
                models->size());
    for (const auto& m : *models) {
      served[provider].insert(m.id);
      std::string line = "  " + m.id;
      if (m.output_token_limit) line += fmt::format("  (output up to {} tokens)", *m.output_token_limit);
      if (!m.shutdown_date.empty()) {
        line += "  shuts down " + m.shutdown_date;
        log::warn(fmt::format("{}:{} shuts down on {} (announced by {})", provider, m.id, m.shutdown_date, provider));
      }
      std::printf("%s\n", line.c_str());
    }
  }
  if (!listed_any && failed == 0) {
    fail(Error::config("no provider to ask: set OPENAI_API_KEY or GEMINI_API_KEY, or start Ollama (OLLAMA_HOST)"));
  }
  // The configured defaults against what was listed.
  std::vector<std::pair<std::string, ModelSpec>> defaults = {
      {"S1/S2 with OPENAI_API_KEY", config.openai_model}, {"S1/S2 with GEMINI_API_KEY", config.gemini_model},
      {"S3/S4 model A", config.pair_a}, {"S3/S4 model B", config.pair_b}, {"S3/S4 judge", config.judge}};
  if (config.model) defaults.insert(defaults.begin(), std::pair<std::string, ModelSpec>("S1/S2", *config.model));
  std::printf("defaults (%s%s):\n", config.origin.c_str(),
              config.checked.empty() ? "" : (", names checked " + config.checked).c_str());
  for (const auto& [role, spec] : defaults) {
    std::string state = "not checked (provider not listed)";
    if (auto it = served.find(spec.provider); it != served.end()) {
      const bool found = it->second.count(spec.model) || it->second.count(spec.model + ":latest");
      state = found ? "served" : "NOT SERVED";
      if (!found) {
        log::warn(fmt::format("the default {} {} is not served by {}: choose another in the config file (--config)",
                              role, spec.str(), spec.provider));
      }
    }
    std::printf("  %-26s %-34s %s\n", role.c_str(), spec.str().c_str(), state.c_str());
  }
  set_exit_code(failed > 0 ? kExitInputFailed : kExitOk);
}

}  // namespace

void setup_models(CLI::App& app) {
  auto flags = std::make_shared<ModelsFlags>();
  auto* sub = app.add_subcommand("models", "List the models each configured provider serves, with announced shutdown "
                                           "dates, and check the configured defaults against them");
  sub->add_option("--provider", flags->provider, "Only this provider")
      ->check(CLI::IsMember({"openai", "gemini", "ollama"}));
  add_config_flag(*sub, flags->config_file);
  sub->callback([flags] { run(*flags); });
}

}  // namespace invox::cli
