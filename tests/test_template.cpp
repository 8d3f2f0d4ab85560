#include <catch2/catch.hpp>

#include "invox/template.hpp"

using invox::Json;

TEST_CASE("template: a valid template parses with every field type", "[template]") {
  const Json doc = Json::parse(R"({"id":"t","fields":[
    {"id":"a","type":"text"},{"id":"b","type":"textarea"},{"id":"c","type":"number","min":1,"max":2},
    {"id":"d","type":"date"},{"id":"e","type":"time"},{"id":"f","type":"enum","options":["x","y"]},
    {"id":"g","type":"boolean"}]})");
  auto t = invox::parse_template(doc, "t.json");
  REQUIRE(t.has_value());
  CHECK(t->fields.size() == 7);
  CHECK(t->find("f")->options.size() == 2);
  CHECK(t->find("zzz") == nullptr);
}

TEST_CASE("template: an unknown type names file, field and problem", "[template]") {
  const Json doc = Json::parse(R"({"id":"t","fields":[{"id":"dob","type":"dat"}]})");
  auto t = invox::parse_template(doc, "templates/x.json");
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().message ==
        "templates/x.json: field 'dob': type 'dat' is not one of text, textarea, number, date, time, enum, boolean, group");
}
