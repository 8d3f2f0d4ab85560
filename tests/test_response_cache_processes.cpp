// The response cache file is shared by every invox process of a user (the default path), so
// shards or `xargs -P` runs open and write it at the same moment.
#include <cstdio>
#include <string>

#include <catch2/catch.hpp>

#include "llm/response_cache.hpp"
#include "support/child_processes.hpp"
#include "support/scratch_dir.hpp"

using invox::llm::ResponseCache;

TEST_CASE("response cache: processes opening a new file together all succeed and keep every answer", "[llm][cache]") {
  invox::test::ScratchDir dir;
  const auto path = dir.path() / "cache" / "llm-cache.sqlite";
  constexpr int kProcesses = 6;
  constexpr int kPerProcess = 30;
  for (int round = 0; round < 3; ++round) {  // the race is on first open: repeat it on fresh files
    const auto file = path.parent_path() / ("round-" + std::to_string(round) + ".sqlite");
    invox::test::run_in_child_processes(kProcesses, [&](int p) {
      auto cache = ResponseCache::open(file);
      if (!cache) {
        std::fprintf(stderr, "process %d: %s\n", p, cache.error().message.c_str());
        return 1;
      }
      for (int i = 0; i < kPerProcess; ++i) {
        const std::string key = ResponseCache::key_for("openai", "m", "u", std::to_string(p) + "/" + std::to_string(i));
        (*cache)->put(key, "openai", "m", "{\"n\":" + std::to_string(i) + "}");
      }
      return 0;
    });
    auto cache = ResponseCache::open(file);
    REQUIRE(cache);
    CHECK((*cache)->size() == kProcesses * kPerProcess);
  }
}
