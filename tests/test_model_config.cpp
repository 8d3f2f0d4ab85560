// The model configuration (DESIGN.md "Models and configuration"): built-in defaults, the TOML
// file overlaying them, lookups of prices and output limits, and where the defaults are used.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "invox/model_config.hpp"
#include "invox/orchestrator.hpp"
#include "support/llm_fixtures.hpp"
#include "support/scratch_dir.hpp"

using namespace invox;
using invox::test::model_spec;

namespace {

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::string write_config(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace

TEST_CASE("built-in defaults name no model its provider has shut down or announced for shutdown", "[config]") {
  const auto& c = ModelConfig::built_in();
  CHECK(!c.checked.empty());
  // Shut down, or shutdown announced before mid-2027 (docs/MODELS.md "Built-in defaults").
  const std::vector<std::string> retiring = {"gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-5", "gpt-5-mini", "gpt-5-nano",
                                             "o3", "gemini-2.0-flash", "gemini-2.5-flash", "gemini-2.5-pro"};
  for (const auto* s : {&c.openai_model, &c.gemini_model, &c.pair_a, &c.pair_b, &c.judge}) {
    INFO(s->str());
    CHECK(!s->is_rules());
    CHECK(std::find(retiring.begin(), retiring.end(), s->model) == retiring.end());
    // Every default has a price and an output limit of its own, not a provider-wide guess.
    CHECK(c.models.count(s->provider + ":" + s->model) == 1);
    CHECK(c.input_price(*s).has_value());
    CHECK(c.max_output_tokens(*s).has_value());
  }
  CHECK(c.pair_a.provider != c.pair_b.provider);  // S3/S4 compare two providers
}

TEST_CASE("lookups: exact name, dated snapshot by prefix, provider wildcard", "[config]") {
  const auto& c = ModelConfig::built_in();
  CHECK(c.input_price(model_spec("openai:gpt-4o-2024-08-06")) == c.input_price(model_spec("openai:gpt-4o")));
  CHECK(c.max_output_tokens(model_spec("gemini:gemini-2.0-flash")) == 8192);
  CHECK(c.max_output_tokens(model_spec("openai:some-future-model")) == c.models.at("openai:*").max_output_tokens);
  CHECK_FALSE(c.input_price(model_spec("openai:some-future-model")).has_value());
  CHECK(c.input_price(model_spec("ollama:llama3.1")) == 0.0);
}

TEST_CASE("a config file overrides defaults, prices, limits and endpoints, the environment overrides endpoints",
          "[config]") {
  test::ScratchDir dir;
  const auto path = write_config(dir.path() / "config.toml", R"toml(
[defaults]
model = "ollama:llama3.1"
pair = ["ollama:llama3.1", "gemini:gemini-3.5-flash-lite"]
judge = "rules"

[models."gemini:gemini-3.5-flash-lite"]
input = 0.1
output = 0.4
max_output_tokens = 4096

[endpoints]
ollama = "http://gpu-box:11434"
gemini = "http://proxy.internal/v1beta"
)toml");
  ScopedEnv gemini("GEMINI_BASE_URL", "http://override/v1beta");
  auto c = ModelConfig::load(path);
  REQUIRE(c.has_value());
  CHECK(c->origin == path);
  CHECK(c->model->str() == "ollama:llama3.1");
  CHECK(c->pair_b.str() == "gemini:gemini-3.5-flash-lite");
  CHECK(c->judge.is_rules());
  CHECK(c->openai_model.str() == ModelConfig::built_in().openai_model.str());  // untouched keys keep the built-ins
  CHECK(c->max_output_tokens(model_spec("gemini:gemini-3.5-flash-lite")) == 4096);
  CHECK(c->output_price(model_spec("gemini:gemini-3.5-flash-lite")) == 0.4);
  const auto p = c->providers();
  CHECK(p.ollama_host == "http://gpu-box:11434");
  CHECK(p.gemini_base_url == "http://override/v1beta");

  PipelineOptions s1;
  resolve_default_models(s1, p, *c);
  REQUIRE(s1.models.size() == 1);
  CHECK(s1.models[0].str() == "ollama:llama3.1");
  PipelineOptions s3;
  s3.strategy = Strategy::S3;
  resolve_default_models(s3, p, *c);
  REQUIRE(s3.models.size() == 2);
  CHECK(s3.models[1].str() == "gemini:gemini-3.5-flash-lite");
}

TEST_CASE("config mistakes are configuration errors naming the file and key, without parser text", "[config]") {
  test::ScratchDir dir;
  SECTION("unknown key") {
    auto c = ModelConfig::load(write_config(dir.path() / "a.toml", "[defaults]\nmodle = \"openai:gpt-6.1-sol\"\n"));
    REQUIRE_FALSE(c.has_value());
    CHECK(c.error().kind == ErrorKind::Config);
    CHECK(c.error().message.find("a.toml") != std::string::npos);
    CHECK(c.error().message.find("defaults.modle") != std::string::npos);
  }
  SECTION("bad model name") {
    auto c = ModelConfig::load(write_config(dir.path() / "b.toml", "[defaults]\njudge = \"gpt-6.1-terra\"\n"));
    REQUIRE_FALSE(c.has_value());
    CHECK(c.error().message.find("defaults.judge") != std::string::npos);
  }
  SECTION("negative price") {
    auto c = ModelConfig::load(write_config(dir.path() / "c.toml", "[models.\"openai:x\"]\ninput = -1\n"));
    REQUIRE_FALSE(c.has_value());
    CHECK(c.error().message.find("input") != std::string::npos);
  }
  SECTION("not TOML") {
    auto c = ModelConfig::load(write_config(dir.path() / "d.toml", "[defaults\nmodel = 1\n"));
    REQUIRE_FALSE(c.has_value());
    CHECK(c.error().kind == ErrorKind::Config);
    CHECK(c.error().message.find("line 1") != std::string::npos);
  }
  SECTION("an explicit file that does not exist") {
    auto c = ModelConfig::load((dir.path() / "missing.toml").string());
    REQUIRE_FALSE(c.has_value());
    CHECK(c.error().kind == ErrorKind::Config);
  }
  SECTION("INVOX_CONFIG naming a missing file") {
    ScopedEnv env("INVOX_CONFIG", (dir.path() / "nope.toml").string());
    CHECK_FALSE(ModelConfig::load("").has_value());
  }
}

TEST_CASE("without a config file the built-in defaults apply", "[config]") {
  test::ScratchDir dir;
  ScopedEnv xdg("XDG_CONFIG_HOME", dir.path().string());
  ScopedEnv none("INVOX_CONFIG", "");
  auto c = ModelConfig::load("");
  REQUIRE(c.has_value());
  CHECK(c->pair_a.str() == ModelConfig::built_in().pair_a.str());
  // The XDG location is read when present.
  std::filesystem::create_directories(dir.path() / "invox");
  write_config(dir.path() / "invox" / "config.toml", "[defaults]\njudge = \"rules\"\n");
  auto d = ModelConfig::load("");
  REQUIRE(d.has_value());
  CHECK(d->judge.is_rules());
}
