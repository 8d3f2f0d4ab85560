// invox/evidence.hpp: where a transcript states a value (literal words, else CF's reading), and
// the value-start rule VER's grounding shares with it.
#include <catch2/catch.hpp>

#include "invox/evidence.hpp"
#include "support/pipeline_fixtures.hpp"
#include "verify/value_search.hpp"

using namespace invox;
using namespace invox::testing;

namespace {
const Field& field(const std::string& id) { return *demo_template().find(id); }

std::optional<Evidence> evidence_for(const Json& value, const std::string& field_id, const std::string& text) {
  return find_evidence(value, field(field_id), transcript_of(text), {});
}
}  // namespace

TEST_CASE("evidence: the literal value as whole words, with byte offsets", "[evidence]") {
  const std::string text = "Seen in 2012. Patient ANN-LEE, temperature 38.5 today.";
  auto name = evidence_for("Ann Lee", "name", text);
  REQUIRE(name);
  CHECK(name->snippet == "ANN-LEE");
  CHECK(*name->char_begin == text.find("ANN"));
  CHECK(*name->char_end == text.find(", temp"));
  CHECK_FALSE(name->start);  // times come from the orchestrator, once
  CHECK_FALSE(name->end);
  auto temp = evidence_for(38.5, "temp", text);
  REQUIRE(temp);
  CHECK(temp->snippet == "38.5");
  // "12" is not inside "2012".
  CHECK_FALSE(evidence_for("12", "name", text));
}

TEST_CASE("evidence: a textarea is found by its first item", "[evidence]") {
  const std::string text = "Allergies: penicillin and latex.";
  auto e = evidence_for("penicillin, shellfish", "allergies", text);
  REQUIRE(e);
  CHECK(e->snippet == "penicillin");
}

TEST_CASE("evidence: typed values are found where CF reads them", "[evidence]") {
  const std::string text = "Temperature thirty eight point five degrees.";
  auto e = evidence_for(38.5, "temp", text);
  REQUIRE(e);
  CHECK(*e->char_begin == text.find("thirty"));
  CHECK(e->snippet.rfind("thirty eight point five", 0) == 0);
  SECTION("a text field is never parsed") { CHECK_FALSE(evidence_for("38", "name", text)); }
  SECTION("a value the transcript does not state") { CHECK_FALSE(evidence_for(39, "temp", text)); }
  SECTION("null") { CHECK_FALSE(evidence_for(nullptr, "temp", text)); }
}

TEST_CASE("a value may start at a word or a sign before it, never inside a word or UTF-8 sequence", "[evidence]") {
  using verify::is_value_start;
  const std::string text = "x -3 ab \xC3\xA9t\xC3\xA9 7";
  CHECK(is_value_start(text, 0));
  CHECK_FALSE(is_value_start(text, 1));             // space
  CHECK(is_value_start(text, 2));                   // '-'
  CHECK(is_value_start(text, 3));                   // '3' after a sign
  CHECK_FALSE(is_value_start(text, 6));             // inside "ab"
  CHECK(is_value_start(text, 8));                   // lead byte of "é"
  CHECK_FALSE(is_value_start(text, 9));             // continuation byte
  CHECK_FALSE(is_value_start(text, 10));            // 't' inside the word
  CHECK(is_value_start(text, text.size() - 1));     // "7"
  CHECK_FALSE(is_value_start(text, text.size()));
}
