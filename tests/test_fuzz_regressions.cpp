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
      (void)invox::transcript_from_json(*doc, "regression.json");
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
    if (input.empty()) continue;
    invox::Field field;
    field.id = "f";
    field.type = static_cast<invox::FieldType>(static_cast<unsigned char>(input[0]) % 7);
    if (field.type == invox::FieldType::Enum) field.options = {"alpha", "beta gamma", "delta"};
    invox::NormalizeContext ctx;
    ctx.reference_date = "2026-03-14";
    (void)invox::normalize_value_for_field(invox::Json(input.substr(1)), field, ctx);
  }
  SUCCEED("every kept normalization input was handled without crashing");
}
