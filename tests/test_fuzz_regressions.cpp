// Replays every input kept in fuzz/regressions/<target>/ through the check that target's fuzzer
// makes (fuzz/<name>_harness.hpp, shared with the fuzzer), so a fixed crash stays fixed in the
// normal (and sanitized) test suite. The fuzzers' seed files go through the same checks, so
// every harness runs on real input even while its target has no kept regressions.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "../fuzz/audio_harness.hpp"
#include "../fuzz/llm_response_harness.hpp"
#include "../fuzz/normalize_harness.hpp"
#include "../fuzz/template_harness.hpp"
#include "../fuzz/transcript_harness.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"
#include "util/file_io.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kSource = INVOX_SOURCE_DIR;

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<fs::path> regression_files(const fs::path& dir, const std::string& extension = "") {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    if (!extension.empty() && e.path().extension() != extension) continue;
    if (e.path().filename() == "README.md") continue;
    out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool audio_holds(std::string_view input) {
  const fs::path scratch = fs::temp_directory_path() / ("invox-fuzz-replay-" + std::to_string(::getpid()) + ".bin");
  const bool holds = invox::fuzz::audio_input_holds(input, scratch);
  std::error_code ec;
  fs::remove(scratch, ec);
  return holds;
}

// One replay per fuzz target (fuzz/fuzz_<name>.cpp), the same check the fuzzer traps on.
const std::map<std::string, std::function<bool(std::string_view)>>& replays() {
  static const std::map<std::string, std::function<bool(std::string_view)>> table = {
      {"fuzz_audio", audio_holds},
      {"fuzz_llm_response", invox::fuzz::llm_answer_holds},
      {"fuzz_normalize", invox::fuzz::normalization_holds},
      {"fuzz_template", invox::fuzz::template_input_holds},
      {"fuzz_transcript", invox::fuzz::transcript_input_holds},
  };
  return table;
}

}  // namespace

TEST_CASE("fuzz regressions: every fuzz target has a replay", "[fuzz]") {
  const auto sources = regression_files(kSource / "fuzz", ".cpp");
  REQUIRE_FALSE(sources.empty());
  for (const auto& src : sources) {
    const std::string target = src.stem().string();
    if (target.rfind("fuzz_", 0) != 0) continue;
    INFO("fuzz target " << target << " has no entry in replays(): kept crashes would not be replayed");
    CHECK(replays().count(target) == 1);
  }
}

TEST_CASE("fuzz regressions: every kept input still passes its target's check", "[fuzz]") {
  const fs::path root = kSource / "fuzz" / "regressions";
  REQUIRE(fs::is_directory(root));
  size_t replayed = 0;
  for (const auto& dir : fs::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    const std::string target = dir.path().filename().string();
    INFO("fuzz/regressions/" << target);
    const auto it = replays().find(target);
    REQUIRE(it != replays().end());  // a folder no fuzz target writes: a typo or a removed target
    for (const auto& file : regression_files(dir.path())) {
      INFO(file.filename().string());
      CHECK(it->second(read_bytes(file)));
      ++replayed;
    }
  }
  // The repository keeps crash inputs (fuzz_normalize, fuzz_transcript): a replay that finds
  // none is looking in the wrong place.
  CHECK(replayed > 0);
}

TEST_CASE("fuzz regressions: the fuzzers' seed inputs pass the same checks", "[fuzz]") {
  const std::vector<std::pair<std::string, std::vector<fs::path>>> seeds = {
      {"fuzz_template", regression_files(kSource / "templates", ".json")},
      {"fuzz_transcript", regression_files(kSource / "samples", ".txt")},
      {"fuzz_audio", regression_files(kSource / "samples", ".wav")},
  };
  for (const auto& [target, files] : seeds) {
    INFO(target);
    REQUIRE_FALSE(files.empty());
    for (const auto& f : files) {
      INFO(f.filename().string());
      CHECK(replays().at(target)(read_bytes(f)));
    }
  }
  CHECK(invox::fuzz::llm_answer_holds("```json\n{\"a\": 1,}\n```"));
  CHECK(invox::fuzz::normalization_holds("\x01" "thirty seven point eight"));
}

TEST_CASE("fuzz regressions: hostile JSON nesting is refused with a message", "[fuzz]") {
  const std::string deep(100000, '[');
  auto doc = invox::util::parse_json_text(deep, "deep.json");
  REQUIRE_FALSE(doc.has_value());
  CHECK(doc.error().message.find("deep.json") != std::string::npos);
  CHECK(doc.error().message.find("nested deeper") != std::string::npos);
  // Brackets inside strings do not count as nesting.
  auto ok = invox::util::parse_json_text("{\"a\": \"" + std::string(500, '[') + "\"}", "s.json");
  CHECK(ok.has_value());
}

TEST_CASE("fuzz regressions: segment text must be valid UTF-8", "[fuzz]") {
  invox::Json doc = {{"transcript", "ok"}, {"segments", invox::Json::array()}};
  doc["segments"].push_back({{"text", std::string("bad \xff\xfe")}, {"start", 0.0}, {"end", 1.0}});
  auto t = invox::transcript_from_json(doc, "seg.json");
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().message.find("segments[0]") != std::string::npos);
}

TEST_CASE("fuzz regressions: a value that is not UTF-8 is rejected, not half-cleaned", "[fuzz]") {
  invox::Field field;
  field.id = "notes";
  field.type = invox::FieldType::Textarea;
  const auto r = invox::normalize_value_for_field(invox::Json(std::string("and \x0c\x9b\xfa")), field, {});
  CHECK(r.value.is_null());
  REQUIRE(r.issue);
  CHECK(r.issue->detail.find("UTF-8") != std::string::npos);
}

TEST_CASE("fuzz regressions: a number too large for a double is an error, not an exception", "[fuzz]") {
  auto doc = invox::util::parse_json_text("{\"transcript\": \"x\", \"n\": 1e999999}", "big.json");
  REQUIRE_FALSE(doc.has_value());
  CHECK(doc.error().message.find("big.json") != std::string::npos);
}
