// Batch input discovery, stems and shards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "batch/inputs.hpp"
#include "batch/shard.hpp"
#include "support/scratch_dir.hpp"

namespace fs = std::filesystem;
using invox::test::ScratchDir;
using namespace invox::batch;

namespace {

std::vector<std::string> names(const InputList& inputs, const fs::path& base) {
  std::vector<std::string> out;
  for (const auto& i : inputs) out.push_back(i.from_stdin ? "-" : fs::path(i.path).lexically_relative(base).generic_string());
  return out;
}

}  // namespace

TEST_CASE("batch inputs: folders are walked recursively by extension, outputs and hidden files skipped", "[batch]") {
  ScratchDir d;
  // clip.m4a: known-unsupported audio is picked up so that it fails visibly.
  for (const char* f : {"in/b.txt", "in/a.wav", "in/sub/c.transcript.json", "in/sub/deeper/d.flac", "in/notes.md",
                        "in/x.filled.json", "in/x.report.json", "in/summary.json", "in/.hidden.txt", "in/.git/e.txt",
                        "in/clip.m4a"}) {
    d.write(f, "text");
  }
  auto inputs = discover_inputs({(d.path() / "in").string()});
  REQUIRE(inputs.has_value());
  CHECK(names(*inputs, d.path() / "in") ==
        std::vector<std::string>{"a.wav", "b.txt", "clip.m4a", "sub/c.transcript.json", "sub/deeper/d.flac"});
  CHECK((*inputs)[3].stem == "c");
}

TEST_CASE("batch inputs: explicit files are kept whatever the extension, duplicates once, stdin once", "[batch]") {
  ScratchDir d;
  const auto a = d.write("a.txt", "text");
  const auto odd = d.write("data.bin", "text");
  auto inputs = discover_inputs({a.string(), odd.string(), "-", (d.path() / "./a.txt").string(),
                                 (d.path() / "missing.txt").string()});
  REQUIRE(inputs.has_value());
  CHECK(names(*inputs, d.path()) == std::vector<std::string>{"a.txt", "data.bin", "-", "missing.txt"});
  CHECK((*inputs)[2].from_stdin);
  CHECK((*inputs)[2].stem == "stdin");
  CHECK((*inputs)[2].display() == "-");

  auto twice = discover_inputs({"-", "-"});
  REQUIRE_FALSE(twice.has_value());
  CHECK(twice.error().kind == invox::ErrorKind::Config);
}

TEST_CASE("batch inputs: glob patterns, ** across folders, and patterns that match nothing", "[batch]") {
  ScratchDir d;
  for (const char* f :
       {"rec/day1/a.txt", "rec/day1/b.wav", "rec/day2/c.txt", "rec/day2/c.report.json", "rec/top.txt"}) {
    d.write(f, "text");
  }
  const std::string base = (d.path() / "rec").string();
  auto one_level = discover_inputs({base + "/*/*.txt"});
  REQUIRE(one_level.has_value());
  CHECK(names(*one_level, d.path() / "rec") == std::vector<std::string>{"day1/a.txt", "day2/c.txt"});
  auto deep = discover_inputs({base + "/**/*.txt"});
  REQUIRE(deep.has_value());
  CHECK(names(*deep, d.path() / "rec") == std::vector<std::string>{"day1/a.txt", "day2/c.txt", "top.txt"});
  auto folders = discover_inputs({base + "/day*"});
  REQUIRE(folders.has_value());
  CHECK(names(*folders, d.path() / "rec") == std::vector<std::string>{"day1/a.txt", "day1/b.wav", "day2/c.txt"});
  auto none = discover_inputs({base + "/*.mp3"});
  REQUIRE_FALSE(none.has_value());
  CHECK(none.error().kind == invox::ErrorKind::Config);
  CHECK(none.error().message.find("matches no files") != std::string::npos);

  CHECK(glob_match("a/**/b.txt", "a/b.txt"));
  CHECK(glob_match("a/**/b.txt", "a/x/y/b.txt"));
  CHECK_FALSE(glob_match("a/*/b.txt", "a/x/y/b.txt"));
  CHECK_FALSE(glob_match("*.txt", ".hidden.txt"));
}

TEST_CASE("batch inputs: stems that collide across folders get distinct, readable names", "[batch]") {
  ScratchDir d;
  for (const char* f : {"site1/rec.txt", "site2/rec.txt", "site2/rec.wav", "site2/other.txt", "x/same/n.txt",
                        "y/same/n.txt"}) {
    d.write(f, "text");
  }
  auto inputs = discover_inputs({(d.path() / "site1").string(), (d.path() / "site2").string(),
                                 (d.path() / "x").string(), (d.path() / "y").string()});
  REQUIRE(inputs.has_value());
  std::vector<std::string> stems;
  for (const auto i : *inputs) stems.push_back(std::string(i.stem));
  CHECK(stems == std::vector<std::string>{"site1__rec-txt", "other", "site2__rec-txt", "site2__rec-wav",
                                          "x__same__n", "y__same__n"});
  CHECK(std::set<std::string>(stems.begin(), stems.end()).size() == stems.size());
}

TEST_CASE("batch shards: K/N parsing and an exact partition", "[batch]") {
  auto s = parse_shard("2/3");
  REQUIRE(s.has_value());
  CHECK(s->index == 2);
  CHECK(s->count == 3);
  for (const char* bad : {"0/3", "4/3", "1/0", "a/b", "3", "1/2/3", "-1/2", ""}) {
    INFO(bad);
    auto r = parse_shard(bad);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == invox::ErrorKind::Config);
  }

  InputList all;
  for (int i = 0; i < 23; ++i) {
    all.add("f" + std::to_string(i));
    all.set_stem(all.size() - 1, "s" + std::to_string(i));
  }
  for (int n : {1, 2, 4, 7, 23, 30}) {
    std::multiset<std::string> seen;
    size_t smallest = all.size(), largest = 0;
    for (int k = 1; k <= n; ++k) {
      const auto part = select_shard(all, Shard{k, n});
      const auto again = select_shard(all, Shard{k, n});
      REQUIRE(part.size() == again.size());
      for (size_t i = 0; i < part.size(); ++i) CHECK(part[i].stem == again[i].stem);  // deterministic
      smallest = std::min(smallest, part.size());
      largest = std::max(largest, part.size());
      for (const auto in : part) seen.insert(std::string(in.stem));
    }
    INFO("N=" << n);
    CHECK(seen.size() == all.size());  // every input once...
    CHECK(std::set<std::string>(seen.begin(), seen.end()).size() == all.size());  // ...and only once
    CHECK(largest - smallest <= 1);
  }
}

TEST_CASE("batch inputs: the input list keeps paths, stems and stdin apart, also after a rename", "[batch]") {
  InputList list;
  list.add("dir/a.txt");
  list.add("", true);
  list.add("other/b.wav");
  list.set_stem(0, "a");
  list.set_stem(1, "stdin");
  list.set_stem(2, "b");
  list.set_stem(0, "dir__a");  // a collision renames an input after others were added
  REQUIRE(list.size() == 3);
  CHECK(list[0].path == "dir/a.txt");
  CHECK(list[0].stem == "dir__a");
  CHECK_FALSE(list[0].from_stdin);
  CHECK(list[1].from_stdin);
  CHECK(list[1].display() == "-");
  CHECK(list[2].path == "other/b.wav");
  CHECK(list[2].stem == "b");
  list.shrink_to_fit();
  CHECK(list[2].display() == "other/b.wav");
}

TEST_CASE("batch inputs: a pattern that names a folder and the files in it takes each file once", "[batch]") {
  ScratchDir d;
  for (const char* f : {"rec/day1/a.txt", "rec/day1/b.txt"}) d.write(f, "text");
  auto inputs = discover_inputs({(d.path() / "rec").string() + "/**"});
  REQUIRE(inputs.has_value());
  CHECK(names(*inputs, d.path() / "rec") == std::vector<std::string>{"day1/a.txt", "day1/b.txt"});
}

TEST_CASE("batch inputs: a qualified stem that meets a plain one gets a counter, first come first served", "[batch]") {
  ScratchDir d;
  // a/x.txt and b/x.txt qualify to a__x and b__x; the file named a__x.txt keeps its own stem.
  for (const char* f : {"top/a__x.txt", "top/a/x.txt", "top/b/x.txt"}) d.write(f, "text");
  auto inputs = discover_inputs({(d.path() / "top").string()});
  REQUIRE(inputs.has_value());
  std::vector<std::string> stems;
  for (const auto i : *inputs) stems.push_back(std::string(i.stem));
  CHECK(std::set<std::string>(stems.begin(), stems.end()).size() == stems.size());
  CHECK(stems == std::vector<std::string>{"a__x", "a__x-2", "b__x"});
}
