// The response cache file is shared by every invox process of a user (the default path), so
// shards or `xargs -P` runs open and write it at the same moment.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "llm/response_cache.hpp"
#include "support/scratch_dir.hpp"

using invox::llm::ResponseCache;

TEST_CASE("response cache: processes opening a new file together all succeed and keep every answer", "[llm][cache]") {
  invox::test::ScratchDir dir;
  const auto path = dir.path() / "cache" / "llm-cache.sqlite";
  constexpr int kProcesses = 6;
  constexpr int kPerProcess = 30;
  for (int round = 0; round < 3; ++round) {  // the race is on first open: repeat it on fresh files
    const auto file = path.parent_path() / ("round-" + std::to_string(round) + ".sqlite");
    std::vector<pid_t> children;
    for (int p = 0; p < kProcesses; ++p) {
      const pid_t pid = ::fork();
      REQUIRE(pid >= 0);
      if (pid == 0) {
        auto cache = ResponseCache::open(file);
        if (!cache) {
          std::fprintf(stderr, "process %d: %s\n", p, cache.error().message.c_str());
          ::_exit(1);
        }
        for (int i = 0; i < kPerProcess; ++i) {
          const std::string key = ResponseCache::key_for("openai", "m", "u", std::to_string(p) + "/" + std::to_string(i));
          (*cache)->put(key, "openai", "m", "{\"n\":" + std::to_string(i) + "}");
        }
        ::_exit(0);
      }
      children.push_back(pid);
    }
    for (pid_t pid : children) {
      int status = 0;
      REQUIRE(::waitpid(pid, &status, 0) == pid);
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
    }
    auto cache = ResponseCache::open(file);
    REQUIRE(cache);
    CHECK((*cache)->size() == kProcesses * kPerProcess);
  }
}
