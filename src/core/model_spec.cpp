#include "invox/model_spec.hpp"

#include <fmt/format.h>

namespace invox {

namespace {
constexpr std::string_view kProviders = "rules, openai:MODEL, gemini:MODEL, ollama:MODEL, openai-compatible:NAME@URL";
}

std::string ModelSpec::str() const {
  if (provider == "rules") return "rules";
  if (provider == "openai-compatible") return fmt::format("{}:{}@{}", provider, model, base_url);
  return fmt::format("{}:{}", provider, model);
}

Expected<ModelSpec> parse_model_spec(std::string_view text) {
  if (text == "rules") return ModelSpec{"rules", "rules", ""};
  const auto colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size()) {
    return Error::config(fmt::format("model '{}' is not of the form provider:model; use one of {}", text, kProviders));
  }
  ModelSpec spec;
  spec.provider = std::string(text.substr(0, colon));
  std::string_view rest = text.substr(colon + 1);
  if (spec.provider == "openai-compatible") {
    const auto at = rest.find('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == rest.size()) {
      return Error::config(fmt::format("model '{}': openai-compatible needs NAME@URL, e.g. "
                                       "openai-compatible:llama3@http://localhost:8000/v1", text));
    }
    spec.model = std::string(rest.substr(0, at));
    spec.base_url = std::string(rest.substr(at + 1));
    if (spec.base_url.rfind("http://", 0) != 0 && spec.base_url.rfind("https://", 0) != 0) {
      return Error::config(fmt::format("model '{}': URL must start with http:// or https://", text));
    }
    while (!spec.base_url.empty() && spec.base_url.back() == '/') spec.base_url.pop_back();
    return spec;
  }
  if (spec.provider != "openai" && spec.provider != "gemini" && spec.provider != "ollama") {
    return Error::config(fmt::format("model '{}': unknown provider '{}'; use one of {}", text, spec.provider, kProviders));
  }
  spec.model = std::string(rest);
  return spec;
}

}  // namespace invox
