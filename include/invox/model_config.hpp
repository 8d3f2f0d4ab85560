#pragma once
// Model names, prices, output-token limits, context windows and endpoints as configuration, not code (DESIGN.md
// "Models and configuration"). Built-in defaults (model_defaults.cpp, docs/MODELS.md) are
// overlaid by a TOML file: --config FILE, else INVOX_CONFIG, else
// $XDG_CONFIG_HOME/invox/config.toml (~/.config/invox/config.toml); environment variables and
// flags override the file.
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "invox/config.hpp"
#include "invox/expected.hpp"
#include "invox/model_spec.hpp"

namespace invox {

// What invox knows about one model ("provider:model") or a whole provider ("provider:*").
struct ModelFacts {
  std::optional<double> input_usd_per_million;
  std::optional<double> output_usd_per_million;
  std::optional<int> max_output_tokens;  // the most the provider accepts in one answer
  // Prompt plus answer, in tokens (TOML `context_window`): longer transcripts are read in windows.
  std::optional<int> context_tokens;
  // Whether chat requests ask for token log probabilities (TOML `logprobs`): reasoning models
  // reject the parameter, so it is a per-model capability (docs/MODELS.md "Token log probabilities").
  std::optional<bool> logprobs;
};

struct ModelConfig {
  std::string origin = "built-in defaults";  // where the last overlay came from (messages)
  std::string checked;                       // when the built-in names were last checked
  // S1/S2 without --model: `model` whatever keys are set; else `openai_model` when
  // OPENAI_API_KEY is set, else `gemini_model` when GEMINI_API_KEY is set, else rules.
  std::optional<ModelSpec> model;
  ModelSpec openai_model;
  ModelSpec gemini_model;
  ModelSpec pair_a, pair_b;  // S3/S4 without --models
  ModelSpec judge;           // S3/S4 without --judge
  std::map<std::string, ModelFacts> models;
  // Endpoints; empty = ProviderConfig's built-in value. The environment overrides these.
  std::string openai_base_url, gemini_base_url, ollama_host;

  // The defaults compiled in (checked against the providers' pages on `checked`).
  [[nodiscard]] static const ModelConfig& built_in();
  // Built-ins overlaid by the first of: `explicit_path` (must exist), INVOX_CONFIG (must exist),
  // the XDG default path (optional). Errors are Config errors naming the file and key.
  [[nodiscard]] static Expected<ModelConfig> load(const std::string& explicit_path);
  [[nodiscard]] static std::string default_path();

  // Overlays TOML text; unknown keys and wrong types are errors (a typo must not be ignored).
  [[nodiscard]] Status merge_toml(std::string_view text, const std::string& origin);

  // Exact "provider:model", else the longest configured name that prefixes it (dated snapshots
  // such as gpt-4o-2024-08-06), else "provider:*"; each fact is looked up on its own.
  [[nodiscard]] std::optional<double> input_price(const ModelSpec& spec) const;
  [[nodiscard]] std::optional<double> output_price(const ModelSpec& spec) const;
  [[nodiscard]] std::optional<int> max_output_tokens(const ModelSpec& spec) const;
  [[nodiscard]] std::optional<int> context_tokens(const ModelSpec& spec) const;
  [[nodiscard]] std::optional<bool> logprobs(const ModelSpec& spec) const;

  // Endpoints of this configuration, then the environment on top (OPENAI_BASE_URL, ...).
  [[nodiscard]] ProviderConfig providers() const;
};

}  // namespace invox
