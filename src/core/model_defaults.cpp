// The built-in model configuration, in the same TOML dialect as a user's config file so that
// there is one reader and docs/MODELS.md can show it verbatim. Sources and dates of every value
// are in docs/MODELS.md ("Built-in defaults"); re-check them when a provider announces shutdowns.
#include "invox/model_config.hpp"

#include <cstdlib>

namespace invox {

namespace {

constexpr const char* kBuiltInConfig = R"toml(
checked = "2026-11-24"

[defaults]
openai = "openai:gpt-6.1-sol"
gemini = "gemini:gemini-3.8-flash"
pair = ["openai:gpt-6.1-sol", "gemini:gemini-3.8-flash"]
judge = "openai:gpt-6.1-terra"

[models."openai:gpt-6.1-sol"]
logprobs = false
input = 2.00
output = 10.00
max_output_tokens = 128000
context_window = 400000

[models."openai:gpt-6.1-terra"]
logprobs = false
input = 1.00
output = 5.00
max_output_tokens = 128000
context_window = 400000

[models."gemini:gemini-3.8-flash"]
logprobs = false
input = 0.75
output = 3.75
max_output_tokens = 65536
context_window = 1048576

[models."gemini:gemini-2.5-flash-lite"]
max_output_tokens = 65536
context_window = 1048576

# Older models, still accepted by name until their shutdown (prices from April 2026).
[models."openai:gpt-4o"]
logprobs = true
input = 2.50
output = 10.00
max_output_tokens = 16384
context_window = 128000

[models."openai:gpt-4o-mini"]
logprobs = true
input = 0.15
output = 0.60
max_output_tokens = 16384
context_window = 128000

[models."openai:gpt-4.1"]
logprobs = true

[models."gemini:gemini-2.0-flash"]
logprobs = true
input = 0.10
output = 0.40
max_output_tokens = 8192
context_window = 1048576

# Token log probabilities (docs/MODELS.md "Token log probabilities"): reasoning models (OpenAI's
# o-series, gpt-5 and later; Gemini's thinking models) reject the parameter, so only models known
# to accept it ask for it. Ollama's /v1 layer returns them from 0.12.11 and older versions drop it.
# Any other model: a cap every current chat model accepts; local servers cost nothing and get the
# context a local server is commonly started with (Ollama: OLLAMA_CONTEXT_LENGTH / num_ctx).
[models."openai:*"]
logprobs = false
max_output_tokens = 16384
context_window = 128000

[models."gemini:*"]
logprobs = false
max_output_tokens = 8192
context_window = 1048576

[models."ollama:*"]
logprobs = true
input = 0.0
output = 0.0
max_output_tokens = 8192
context_window = 8192

[models."openai-compatible:*"]
logprobs = false
input = 0.0
output = 0.0
max_output_tokens = 8192
context_window = 8192
)toml";

ModelConfig parse_built_in() {
  ModelConfig c;
  c.pair_a = c.pair_b = c.judge = c.openai_model = c.gemini_model = ModelSpec{"rules", "rules", ""};
  // The text is compiled in and covered by tests; a failure here is a build defect.
  if (!c.merge_toml(kBuiltInConfig, "built-in defaults")) std::abort();
  c.origin = "built-in defaults";
  return c;
}

}  // namespace

const ModelConfig& ModelConfig::built_in() {
  static const ModelConfig config = parse_built_in();
  return config;
}

}  // namespace invox
