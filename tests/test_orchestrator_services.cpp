// build_pipeline_services: default models, credential checks, history fallback.
#include <catch2/catch.hpp>

#include "support/scratch_dir.hpp"

#include "invox/orchestrator.hpp"

using namespace invox;

namespace {
ModelServices no_keys() {
  ModelServices ms;
  ms.providers = ProviderConfig{};  // independent of the test environment
  return ms;
}
}  // namespace

TEST_CASE("without keys S1/S2 default to the offline rules model", "[orchestrator][services]") {
  PipelineOptions opts;
  opts.strategy = GENERATE(Strategy::S1, Strategy::S2);
  auto s = build_pipeline_services(opts, no_keys(), std::nullopt);
  REQUIRE(s);
  REQUIRE(opts.models.size() == 1);
  CHECK(opts.models[0].is_rules());
  REQUIRE(s->model_a);
  CHECK(s->model_a->name() == "rules");
  CHECK_FALSE(s->history);
}

TEST_CASE("S3/S4 without keys or with rules only are configuration errors naming what to set",
          "[orchestrator][services]") {
  PipelineOptions opts;
  opts.strategy = GENERATE(Strategy::S3, Strategy::S4);
  SECTION("defaults need OPENAI_API_KEY") {
    auto s = build_pipeline_services(opts, no_keys(), std::nullopt);
    REQUIRE_FALSE(s);
    CHECK(s.error().kind == ErrorKind::Config);
    CHECK_THAT(s.error().message, Catch::Contains("OPENAI_API_KEY"));
    CHECK(opts.models.size() == 2);
    CHECK(opts.models[0].str() == "openai:gpt-4o");
    CHECK(opts.models[1].str() == "gemini:gemini-2.0-flash");
  }
  SECTION("only the gemini key missing") {
    auto ms = no_keys();
    ms.providers.openai_api_key = "sk-test-not-real";
    auto s = build_pipeline_services(opts, ms, std::nullopt);
    REQUIRE_FALSE(s);
    CHECK(s.error().kind == ErrorKind::Config);
    CHECK_THAT(s.error().message, Catch::Contains("GEMINI_API_KEY"));
    CHECK_THAT(s.error().message, Catch::Contains("gemini:gemini-2.0-flash"));
    CHECK(s.error().message.find("sk-test-not-real") == std::string::npos);
  }
  SECTION("rules twice") {
    opts.models = {ModelSpec{"rules", "rules", ""}, ModelSpec{"rules", "rules", ""}};
    auto s = build_pipeline_services(opts, no_keys(), std::nullopt);
    REQUIRE_FALSE(s);
    CHECK(s.error().kind == ErrorKind::Config);
    CHECK_THAT(s.error().message, Catch::Contains("rules"));
    CHECK_THAT(s.error().message, Catch::Contains("OPENAI_API_KEY"));
  }
  SECTION("one model only") {
    opts.models = {ModelSpec{"rules", "rules", ""}};
    auto s = build_pipeline_services(opts, no_keys(), std::nullopt);
    REQUIRE_FALSE(s);
    CHECK(s.error().kind == ErrorKind::Config);
    CHECK_THAT(s.error().message, Catch::Contains("--models"));
  }
  SECTION("the default judge needs OPENAI_API_KEY") {
    opts.models = {ModelSpec{"rules", "rules", ""}, ModelSpec{"ollama", "llama3.1", ""}};
    auto s = build_pipeline_services(opts, no_keys(), std::nullopt);
    REQUIRE_FALSE(s);
    CHECK_THAT(s.error().message, Catch::Contains("judge"));
    CHECK_THAT(s.error().message, Catch::Contains("OPENAI_API_KEY"));
    REQUIRE(opts.judge);
    CHECK(opts.judge->str() == "openai:gpt-4o-mini");
  }
}

TEST_CASE("an explicit hosted model without its key is a configuration error", "[orchestrator][services]") {
  PipelineOptions opts;
  opts.models = {ModelSpec{"gemini", "gemini-2.0-flash", ""}};
  auto s = build_pipeline_services(opts, no_keys(), std::nullopt);
  REQUIRE_FALSE(s);
  CHECK(s.error().kind == ErrorKind::Config);
  CHECK_THAT(s.error().message, Catch::Contains("GEMINI_API_KEY"));
}

TEST_CASE("a history store that cannot be opened degrades to zero-shot per form", "[orchestrator][services]") {
  PipelineOptions opts;
  HistoryOptions h;
  // A regular file where the store's folder should be: no user (root included) can open it.
  test::ScratchDir dir;
  const auto blocker = dir.write("blocker", "not a folder");
  h.location = (blocker / "sub" / "history.sqlite").string();
  auto s = build_pipeline_services(opts, no_keys(), h);
  REQUIRE(s);
  REQUIRE(s->history);
  Template t;
  t.id = "x";
  auto r = s->history->retrieve(t, "text", {});
  CHECK_FALSE(r);
}

TEST_CASE("the model factory: rules is the offline engine, other names are chat models", "[orchestrator][services]") {
  auto rules = make_extractor(ModelSpec{"rules", "rules", ""}, no_keys());
  REQUIRE(rules);
  CHECK((*rules)->name() == "rules");
  auto judge = make_judge(ModelSpec{"rules", "rules", ""}, no_keys());
  REQUIRE(judge);
  CHECK((*judge)->name() == "rules");
  auto local = make_extractor(ModelSpec{"ollama", "llama3.1", ""}, no_keys());  // no key needed
  REQUIRE(local);
  CHECK((*local)->name() == "ollama:llama3.1");
  // The chat layer alone does not know the offline engine.
  auto not_chat = make_chat_extractor(ModelSpec{"rules", "rules", ""}, no_keys());
  REQUIRE_FALSE(not_chat);
  CHECK(not_chat.error().kind == ErrorKind::Config);
}

TEST_CASE("default models follow the keys that are set", "[orchestrator][services]") {
  ProviderConfig keys;
  PipelineOptions s1;
  keys.gemini_api_key = "g-test";
  resolve_default_models(s1, keys);
  REQUIRE(s1.models.size() == 1);
  CHECK(s1.models[0].str() == "gemini:gemini-2.0-flash");
  keys.openai_api_key = "sk-test";
  PipelineOptions both;
  resolve_default_models(both, keys);
  CHECK(both.models[0].str() == "openai:gpt-4o");
  PipelineOptions named;
  named.models = {ModelSpec{"rules", "rules", ""}};
  resolve_default_models(named, keys);
  CHECK(named.models[0].is_rules());  // a model the user named is never replaced
}

TEST_CASE("the model description names what runs", "[orchestrator][services]") {
  PipelineOptions s1;
  auto one = build_pipeline_services(s1, no_keys(), std::nullopt);
  REQUIRE(one);
  CHECK(describe_models(*one) == "rules");
  CHECK(Orchestrator(s1, *one).models() == "rules");

  PipelineOptions s3;
  s3.strategy = Strategy::S3;
  s3.models = {ModelSpec{"rules", "rules", ""}, ModelSpec{"ollama", "llama3.1", ""}};
  s3.judge = ModelSpec{"rules", "rules", ""};
  auto two = build_pipeline_services(s3, no_keys(), std::nullopt);
  REQUIRE(two);
  CHECK(describe_models(*two) == "rules + ollama:llama3.1, judge rules");
}

TEST_CASE("the recognizer is built with the services only when asked for", "[orchestrator][services]") {
  PipelineOptions opts;
  opts.stt.backend = "no-such-backend";
  auto without = build_pipeline_services(opts, no_keys(), std::nullopt);
  REQUIRE(without);
  CHECK_FALSE(without->stt);
  CHECK_FALSE(without->stt_error);
  auto with = build_pipeline_services(opts, no_keys(), std::nullopt, true);
  REQUIRE_FALSE(with);
  CHECK(with.error().kind == ErrorKind::Config);
  CHECK_THAT(with.error().message, Catch::Contains("no-such-backend"));
}
