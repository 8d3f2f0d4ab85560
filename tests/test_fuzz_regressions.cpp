// Replays every input kept in fuzz/regressions/<target>/ through the code that target exercises,
// so a fixed crash stays fixed in the normal (and sanitized) test suite.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"
#include "util/file_io.hpp"
#include "../fuzz/normalize_harness.hpp"

namespace fs = std::filesystem;

namespace {
std::vector<std::string> regression_inputs(const std::string& target) {
  std::vector<std::string> out;
  const fs::path dir = fs::path(INVOX_TEST_DATA_DIR) / ".." / ".." / "fuzz" / "regressions" / target;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    out.push_back(s.str());
  }
  return out;
}
}  // namespace

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

TEST_CASE("fuzz regressions: template inputs", "[fuzz]") {
  for (const auto& input : regression_inputs("fuzz_template")) {
    auto doc = invox::util::parse_json_text(input, "regression.json");
    if (doc) (void)invox::parse_template(*doc, "regression.json");
  }
  SUCCEED("every kept template input parsed or was rejected without crashing");
}

TEST_CASE("fuzz regressions: transcript inputs", "[fuzz]") {
  for (const auto& input : regression_inputs("fuzz_transcript")) {
    if (auto doc = invox::util::parse_json_text(input, "regression.json")) {
      if (auto t = invox::transcript_from_json(*doc, "regression.json")) CHECK_NOTHROW(invox::to_json(*t).dump());
    }
    (void)invox::transcript_from_text(input, "regression.txt");
  }
  SUCCEED("every kept transcript input parsed or was rejected without crashing");
}

TEST_CASE("fuzz regressions: segment text must be valid UTF-8", "[fuzz]") {
  invox::Json doc = {{"transcript", "ok"}, {"segments", invox::Json::array()}};
  doc["segments"].push_back({{"text", std::string("bad \xff\xfe")}, {"start", 0.0}, {"end", 1.0}});
  auto t = invox::transcript_from_json(doc, "seg.json");
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().message.find("segments[0]") != std::string::npos);
}

TEST_CASE("fuzz regressions: normalization inputs", "[fuzz]") {
  for (const auto& input : regression_inputs("fuzz_normalize")) {
    INFO("input bytes: " << input.size());
    CHECK(invox::fuzz::normalization_holds(input));
  }
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
