#pragma once
// Model names (DESIGN.md "Models and configuration"): provider:model,
// openai-compatible:NAME@URL, and `rules`.
#include <string>
#include <string_view>

#include "invox/expected.hpp"

namespace invox {

struct ModelSpec {
  std::string provider;  // rules, openai, gemini, ollama, openai-compatible
  std::string model;     // gpt-4o, gemini-2.0-flash, llama3.1, NAME
  std::string base_url;  // only for openai-compatible (and overrides)

  [[nodiscard]] std::string str() const;  // canonical spelling, as written in outputs
  [[nodiscard]] bool is_rules() const { return provider == "rules"; }
};

[[nodiscard]] Expected<ModelSpec> parse_model_spec(std::string_view text);

}  // namespace invox
