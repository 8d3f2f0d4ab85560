#pragma once
// Provider credentials and endpoints from the environment (DESIGN.md). Keys are held here
// and nowhere else; nothing prints them.
#include <string>

namespace invox {

struct ProviderConfig {
  std::string openai_api_key;
  std::string gemini_api_key;
  std::string openai_compatible_api_key;  // OPENAI_COMPATIBLE_API_KEY: optional, for openai-compatible:
  std::string openai_base_url = "https://api.openai.com/v1";
  std::string gemini_base_url = "https://generativelanguage.googleapis.com/v1beta";
  std::string ollama_host = "http://localhost:11434";

  // Reads OPENAI_API_KEY, GEMINI_API_KEY, OPENAI_COMPATIBLE_API_KEY, OPENAI_BASE_URL, GEMINI_BASE_URL, OLLAMA_HOST
  // on top of `base` (the config file's endpoints, model_config.hpp).
  [[nodiscard]] static ProviderConfig from_environment(ProviderConfig base);
  [[nodiscard]] static ProviderConfig from_environment() { return from_environment(ProviderConfig{}); }
  [[nodiscard]] bool has_any_key() const { return !openai_api_key.empty() || !gemini_api_key.empty(); }
};

}  // namespace invox
