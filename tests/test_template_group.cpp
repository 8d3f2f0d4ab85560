// Group fields in templates (DESIGN.md "Repeating groups"): parsing, validation messages that
// name the file and the field (sub-fields by path), and the JSON round trip.
#include <catch2/catch.hpp>

#include "invox/template.hpp"

using invox::Json;

namespace {

std::string group_error(const std::string& group_json) {
  const std::string text = R"({"id":"t","fields":[{"id":"a","type":"text"},)" + group_json + "]}";
  auto t = invox::parse_template(Json::parse(text), "templates/x.json");
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().kind == invox::ErrorKind::Config);
  return t.error().message;
}

constexpr const char* kVehicles = R"({"id":"t","fields":[
  {"id":"when","type":"date"},
  {"id":"vehicles","label":"Vehicles","type":"group","minItems":1,"maxItems":12,"fields":[
    {"id":"registration","type":"text","required":true},
    {"id":"colour","type":"enum","options":["red","blue"],"optionAliases":{"red":["scarlet"]}},
    {"id":"passengers","type":"number","min":0,"max":9}]}]})";

}  // namespace

TEST_CASE("group template: sub-fields and item bounds are parsed", "[template][group]") {
  auto t = invox::parse_template(Json::parse(kVehicles), "x.json");
  REQUIRE(t.has_value());
  const invox::Field* g = t->find("vehicles");
  REQUIRE(g != nullptr);
  CHECK(g->is_group());
  CHECK(g->min_items == 1u);
  CHECK(g->max_items == 12u);
  REQUIRE(g->fields.size() == 3);
  CHECK(g->fields[0].required);
  const invox::Field* colour = g->find("colour");
  REQUIRE(colour != nullptr);
  CHECK(colour->type == invox::FieldType::Enum);
  CHECK(colour->option_aliases.at("red") == std::vector<std::string>{"scarlet"});
  CHECK(g->find("make") == nullptr);
  CHECK_FALSE(t->find("when")->is_group());
}

TEST_CASE("group template: JSON round trip keeps sub-fields and bounds", "[template][group]") {
  auto t = invox::parse_template(Json::parse(kVehicles), "x.json");
  REQUIRE(t.has_value());
  const Json j = invox::to_json(*t);
  CHECK(j["fields"][1]["fields"][1]["options"] == Json::array({"red", "blue"}));
  CHECK(j["fields"][1]["minItems"] == 1);
  CHECK(j["fields"][1]["maxItems"] == 12);
  auto again = invox::parse_template(j, "again.json");
  REQUIRE(again.has_value());
  CHECK(invox::to_json(*again) == j);
}

TEST_CASE("group template: a group needs scalar sub-fields", "[template][group]") {
  CHECK(group_error(R"({"id":"g","type":"group"})") ==
        "templates/x.json: field 'g': a group needs 'fields': a non-empty list of the sub-fields of one item "
        "(text, number, ...)");
  CHECK_THAT(group_error(R"({"id":"g","type":"group","fields":[]})"), Catch::StartsWith("templates/x.json: field 'g': a group needs 'fields'"));
  CHECK(group_error(R"({"id":"g","type":"group","fields":[{"id":"inner","type":"group","fields":[{"id":"x","type":"text"}]}]})") ==
        "templates/x.json: field 'g.inner': groups cannot be nested; give it scalar sub-fields or make it a top-level "
        "group");
}

TEST_CASE("group template: sub-field problems name the sub-field by path", "[template][group]") {
  CHECK(group_error(R"({"id":"g","type":"group","fields":[{"id":"x","type":"text"},{"id":"x","type":"number"}]})") ==
        "templates/x.json: field 'g.x': duplicate sub-field id in the group");
  CHECK(group_error(R"({"id":"g","type":"group","fields":[{"id":"c","type":"colour"}]})") ==
        "templates/x.json: field 'g.c': type 'colour' is not one of text, textarea, number, date, time, enum, "
        "boolean, group");
  CHECK(group_error(R"({"id":"g","type":"group","fields":[{"id":"e","type":"enum"}]})") ==
        "templates/x.json: field 'g.e': enum field has no 'options'; list the allowed values");
  CHECK(group_error(R"({"id":"g","type":"group","fields":[{"type":"text"}]})") ==
        "templates/x.json: field 'g': fields[0]: missing 'id' (a non-empty string)");
  // Same sub-field id in two groups (or as a top-level id) is fine: ids are unique within a group.
  auto t = invox::parse_template(Json::parse(R"({"id":"t","fields":[{"id":"a","type":"text"},
      {"id":"g","type":"group","fields":[{"id":"a","type":"text"}]},
      {"id":"h","type":"group","fields":[{"id":"a","type":"text"}]}]})"), "x.json");
  CHECK(t.has_value());
}

TEST_CASE("group template: item bounds", "[template][group]") {
  CHECK(group_error(R"({"id":"g","type":"group","minItems":3,"maxItems":2,"fields":[{"id":"x","type":"text"}]})") ==
        "templates/x.json: field 'g': minItems 3 is greater than maxItems 2");
  CHECK(group_error(R"({"id":"g","type":"group","maxItems":-1,"fields":[{"id":"x","type":"text"}]})") ==
        "templates/x.json: field 'g': 'maxItems' must be a whole number of items, 0 or more");
  CHECK(group_error(R"({"id":"g","type":"group","minItems":1.5,"fields":[{"id":"x","type":"text"}]})") ==
        "templates/x.json: field 'g': 'minItems' must be a whole number of items, 0 or more");
  CHECK(group_error(R"({"id":"n","type":"number","maxItems":3})") ==
        "templates/x.json: field 'n': 'maxItems' is only allowed on group fields (type is 'number')");
  CHECK(group_error(R"({"id":"n","type":"text","fields":[{"id":"x","type":"text"}]})") ==
        "templates/x.json: field 'n': 'fields' is only allowed on group fields (type is 'text')");
  CHECK_THAT(group_error(R"({"id":"g","type":"group","maxItem":3,"fields":[{"id":"x","type":"text"}]})"),
             Catch::Contains("unknown key 'maxItem' (did you mean 'maxItems'?)"));
}

TEST_CASE("group template: a constraint cannot name a group", "[template][group]") {
  auto t = invox::parse_template(Json::parse(R"({"id":"t","fields":[
      {"id":"g","type":"group","fields":[{"id":"x","type":"number"}]},
      {"id":"h","type":"group","fields":[{"id":"x","type":"number"}]}],
      "constraints":[{"left":"g","op":"==","right":"h"}]})"), "templates/x.json");
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().message == "templates/x.json: field 'g': constraints[0] names a group; constraints compare single "
                             "values, not lists of items");
}
