// The built-in rules calibration must describe the engine as it is: re-running the engine on the
// datasets it was fitted on must give exactly the raw samples it recorded. When the engine (or a
// dataset) changes, this fails with the one command that regenerates it.
#include <catch2/catch.hpp>

#include <filesystem>

#include "eval/calibrate_command.hpp"
#include "invox/calibration.hpp"

using namespace invox;

namespace {
constexpr const char* kRegenerate = "the built-in rules calibration (src/core/rules_calibration.json) is stale: "
                                    "regenerate it with scripts/calibrate-rules.sh and commit the result";
}

TEST_CASE("the built-in rules calibration matches the engine's raw outputs on its datasets", "[calibration][dev]") {
  auto builtin = builtin_rules_calibration();
  REQUIRE(builtin);
  INFO(kRegenerate);
  REQUIRE(builtin->samples > 0);
  REQUIRE_FALSE(builtin->datasets.empty());
  std::vector<std::string> paths;
  for (const auto& d : builtin->datasets) {
    // Paths are recorded relative to the repository (../shared/datasets/dev), as the tests find them.
    const std::filesystem::path p = std::filesystem::path(INVOX_SOURCE_DIR) / d.path;
    REQUIRE(std::filesystem::exists(p / "cases"));
    paths.push_back(p.string());
  }
  PipelineOptions pipeline;
  pipeline.strategy = Strategy::S1;
  auto rules = parse_model_spec("rules");
  REQUIRE(rules);
  pipeline.models = {*rules};
  auto collected = eval::collect_samples(paths, Strategy::S1, eval::raw_score_factory(pipeline, ModelServices{}), 2);
  REQUIRE(collected);
  CHECK(collected->models == builtin->models);
  for (size_t i = 0; i < builtin->datasets.size(); ++i) {
    INFO(builtin->datasets[i].path);
    CHECK(collected->datasets[i].sha256 == builtin->datasets[i].sha256);
  }
  CHECK(static_cast<long>(collected->samples.size()) == builtin->samples);
  CHECK(eval::collected_fingerprint(*collected) == builtin->raw_fingerprint);
  REQUIRE(builtin->kept);
  CHECK(static_cast<long>(collected->kept.size()) == builtin->kept->samples);
}
