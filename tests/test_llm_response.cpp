// Reading JSON out of what models answer.
#include <catch2/catch.hpp>

#include "llm/llm_response.hpp"

using namespace invox;

TEST_CASE("a plain JSON object is taken as is", "[llm][response]") {
  auto r = extract_json_object(R"({"a": 1, "b": "x"})");
  REQUIRE(r.has_value());
  CHECK(r->value["a"] == 1);
  CHECK_FALSE(r->repaired);
  CHECK_FALSE(r->truncated);
}

TEST_CASE("fenced and prose-wrapped JSON is found", "[llm][response]") {
  auto fenced = extract_json_object("Here you go:\n```json\n{\"a\": \"b\"}\n```\nAnything else?");
  REQUIRE(fenced.has_value());
  CHECK(fenced->value["a"] == "b");
  auto prose = extract_json_object("Sure! The values are {\"a\": \"}{\", \"n\": {\"x\": [1, 2]}} as requested.");
  REQUIRE(prose.has_value());
  CHECK(prose->value["a"] == "}{");  // braces inside strings do not end the object
  CHECK(prose->value["n"]["x"][1] == 2);
  CHECK(prose->repaired);
}

TEST_CASE("escaped quotes inside strings do not confuse brace matching", "[llm][response]") {
  auto r = extract_json_object(R"(note {"a": "say \"}\" now", "b": 2} end)");
  REQUIRE(r.has_value());
  CHECK(r->value["a"] == "say \"}\" now");
  CHECK(r->value["b"] == 2);
}

TEST_CASE("trailing commas are removed outside strings only", "[llm][response]") {
  auto r = extract_json_object("{\"a\": [1, 2,], \"b\": \"x,}\",}");
  REQUIRE(r.has_value());
  CHECK(r->value["a"].size() == 2);
  CHECK(r->value["b"] == "x,}");
  CHECK(remove_trailing_commas("[1, 2 , ]") == "[1, 2  ]");
}

TEST_CASE("a truncated object keeps its complete members", "[llm][response]") {
  auto r = extract_json_object(R"({"a": "one", "b": 2, "c": "thr)");
  REQUIRE(r.has_value());
  CHECK(r->truncated);
  CHECK(r->value["a"] == "one");
  CHECK(r->value["b"] == 2);
  CHECK_FALSE(r->value.contains("c"));
  JsonExtractionOptions strict;
  strict.recover_truncated = false;
  auto s = extract_json_object(R"({"a": "one", "b": 2, "c": "thr)", strict);
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().message.find("truncated") != std::string::npos);
}

TEST_CASE("answers without a usable object are structured errors", "[llm][response]") {
  auto none = extract_json_object("I cannot help with that.");
  REQUIRE_FALSE(none.has_value());
  CHECK(none.error().kind == ErrorKind::Provider);
  CHECK(none.error().message.find("no JSON object") != std::string::npos);
  CHECK_FALSE(extract_json_object("[1, 2, 3]").has_value());
  CHECK_FALSE(extract_json_object("{\"a\" 1}").has_value());
  CHECK_FALSE(extract_json_object("").has_value());
  CHECK_FALSE(extract_json_object("{\"a\": \"unterminated").has_value());  // nothing complete to keep
}

TEST_CASE("deep nesting is rejected before parsing", "[llm][response]") {
  std::string deep(200, '[');
  auto r = extract_json_object("{\"a\": " + deep);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().message.find("deeper") != std::string::npos);
}
