#include "invox/config.hpp"

#include <cstdlib>
#include <utility>

namespace invox {

namespace {
void read_env(const char* name, std::string& dest) {
  if (const char* v = std::getenv(name); v && *v) dest = v;
}
}  // namespace

ProviderConfig ProviderConfig::from_environment(ProviderConfig base) {
  ProviderConfig c = std::move(base);
  read_env("OPENAI_API_KEY", c.openai_api_key);
  read_env("GEMINI_API_KEY", c.gemini_api_key);
  read_env("OPENAI_COMPATIBLE_API_KEY", c.openai_compatible_api_key);
  read_env("OPENAI_BASE_URL", c.openai_base_url);
  read_env("GEMINI_BASE_URL", c.gemini_base_url);
  read_env("OLLAMA_HOST", c.ollama_host);
  for (auto* url : {&c.openai_base_url, &c.gemini_base_url, &c.ollama_host}) {
    while (!url->empty() && url->back() == '/') url->pop_back();
  }
  if (c.ollama_host.find("://") == std::string::npos) c.ollama_host = "http://" + c.ollama_host;
  return c;
}

}  // namespace invox
