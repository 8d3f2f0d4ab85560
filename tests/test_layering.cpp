// The include rules of docs/ARCHITECTURE.md, checked on the source tree: public headers include
// only public headers of their tier or below, dependencies between folders point down, and a
// folder's own headers in src/ are private to it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = INVOX_SOURCE_DIR;

// Tiers of the public headers: core types, agent interfaces, the pipeline.
int public_tier(const std::string& header) {
  static const std::map<std::string, int> tiers = {
      {"expected.hpp", 0},   {"json.hpp", 0},     {"log.hpp", 0},    {"failure.hpp", 0},
      {"config.hpp", 1},     {"model_spec.hpp", 1}, {"model_config.hpp", 1}, {"template.hpp", 1}, {"transcript.hpp", 1},
      {"values.hpp", 1},     {"form.hpp", 1},     {"group.hpp", 1},     {"calibration.hpp", 1}, {"value_signals.hpp", 1},     {"output.hpp", 1}, {"template_set.hpp", 1},
      {"normalize.hpp", 2},  {"extractor.hpp", 2}, {"judge.hpp", 2},  {"strategy.hpp", 2},
      {"stt.hpp", 2},        {"history.hpp", 2},  {"http.hpp", 2},    {"models.hpp", 2},
      {"verify.hpp", 2},     {"evidence.hpp", 2}, {"spoken.hpp", 2}, {"group_items.hpp", 2},
      {"orchestrator.hpp", 3}, {"session.hpp", 3}};
  auto it = tiers.find(header);
  return it == tiers.end() ? -1 : it->second;
}

// Tiers of the src/ folders: util <- core <- agents <- orchestrator <- batch/eval <- cli.
int folder_tier(const std::string& folder) {
  static const std::map<std::string, int> tiers = {
      {"util", 0},  {"core", 1},   {"normalize", 2}, {"extract", 2}, {"verify", 2},       {"stt", 2},
      {"rag", 2},   {"llm", 2},    {"spoken", 2},    {"orchestrator", 3}, {"batch", 4}, {"eval", 4},
      {"review", 4}, {"readback", 4}, {"cli", 5}};
  auto it = tiers.find(folder);
  return it == tiers.end() ? -1 : it->second;
}

// Private headers of another folder that a folder may include: the entry points of the two
// drivers, whose only caller is the CLI, and batch input discovery (`transcribe` finds and names
// its inputs as `fill` does).
const std::set<std::string> kDriverEntryPoints = {"batch/fill_batch.hpp", "eval/eval_command.hpp",
                                                  "eval/calibrate_command.hpp",
                                                  "batch/inputs.hpp", "review/review_command.hpp",
                                                  "readback/readback_command.hpp"};

// Private headers of core that the agents above it may include: the rules engine's knowledge
// (src/core/lexicon.json, the guideline hints and the English word list), one loader read by the
// normalizer and the rules reader alike, deliberately not public API.
const std::set<std::string> kSharedKnowledge = {"core/lexicon_data.hpp", "core/guideline_hints.hpp",
                                                "core/english_words.hpp"};

std::vector<std::string> quoted_includes(const fs::path& file) {
  static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<std::string> out;
  std::ifstream in(file);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, include)) out.push_back(m[1]);
  }
  return out;
}

std::vector<fs::path> sources_under(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const auto ext = e.path().extension();
    if (e.is_regular_file() && (ext == ".hpp" || ext == ".cpp")) out.push_back(e.path());
  }
  return out;
}

}  // namespace

TEST_CASE("layering: public headers include only public headers of their tier or below", "[layering]") {
  const auto headers = sources_under(kRoot / "include" / "invox");
  REQUIRE(headers.size() > 10);
  for (const auto& h : headers) {
    const int tier = public_tier(h.filename().string());
    INFO(h.filename().string() << " (give every public header a tier in this test)");
    REQUIRE(tier >= 0);
    for (const auto& inc : quoted_includes(h)) {
      INFO("includes " << inc);
      REQUIRE(inc.rfind("invox/", 0) == 0);
      CHECK(public_tier(inc.substr(6)) <= tier);
    }
  }
}

TEST_CASE("layering: folders depend downwards, a folder's own headers are private to it", "[layering]") {
  const auto files = sources_under(kRoot / "src");
  REQUIRE(files.size() > 50);
  std::vector<std::string> problems;
  for (const auto& f : files) {
    const std::string rel = f.lexically_relative(kRoot).generic_string();
    const std::string folder = f.lexically_relative(kRoot / "src").begin()->string();
    const int tier = folder_tier(folder);
    if (tier < 0) {
      problems.push_back(rel + ": folder '" + folder + "' has no tier in docs/ARCHITECTURE.md");
      continue;
    }
    for (const auto& inc : quoted_includes(f)) {
      const std::string top = inc.substr(0, inc.find('/'));
      if (top == "invox") {
        // util implements log.hpp and uses the header-only core types; nothing else.
        const int needed = public_tier(inc.substr(6));
        const int allowed = std::min(tier, 3);
        if (needed < 0 || needed > allowed) problems.push_back(rel + " includes " + inc + " (a higher layer)");
      } else if (top != folder && top != "util" && !(folder == "cli" && kDriverEntryPoints.count(inc)) &&
                 !(tier > folder_tier("core") && kSharedKnowledge.count(inc))) {
        problems.push_back(rel + " includes " + inc + " (private to src/" + top + "/)");
      }
    }
  }
  INFO([&] {
    std::string all;
    for (const auto& p : problems) all += p + "\n";
    return all;
  }());
  CHECK(problems.empty());
}
