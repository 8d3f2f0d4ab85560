// Every class of invalid template: the message names the file, the field and the problem.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include "invox/template.hpp"

using invox::Json;

namespace {

std::string error_for(const std::string& text, const std::string& origin = "templates/x.json") {
  auto t = invox::parse_template(Json::parse(text), origin);
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().kind == invox::ErrorKind::Config);
  return t.error().message;
}

// A template with one extra field `f` spliced in after a valid field `a`.
std::string with_field(const std::string& field_json) {
  return R"({"id":"t","fields":[{"id":"a","type":"text"},)" + field_json + "]}";
}

}  // namespace

TEST_CASE("template validation: unknown field type", "[template]") {
  const auto msg = error_for(with_field(R"({"id":"dob","type":"dat"})"));
  CHECK(msg == "templates/x.json: field 'dob': type 'dat' is not one of text, textarea, number, date, time, enum, "
               "boolean, group");
}

TEST_CASE("template validation: missing type", "[template]") {
  const auto msg = error_for(with_field(R"({"id":"dob"})"));
  CHECK_THAT(msg, Catch::StartsWith("templates/x.json: field 'dob': missing 'type'"));
}

TEST_CASE("template validation: duplicate field id", "[template]") {
  const auto msg = error_for(with_field(R"({"id":"a","type":"number"})"));
  CHECK(msg == "templates/x.json: field 'a': duplicate field id");
}

TEST_CASE("template validation: missing or blank field id", "[template]") {
  CHECK_THAT(error_for(with_field(R"({"type":"text"})")),
             Catch::StartsWith("templates/x.json: fields[1]: missing 'id'"));
  CHECK_THAT(error_for(with_field(R"({"id":"","type":"text"})")),
             Catch::StartsWith("templates/x.json: fields[1]: missing 'id'"));
  CHECK(error_for(with_field(R"({"id":" b","type":"text"})")) ==
        "templates/x.json: field ' b': id has leading or trailing spaces");
}

TEST_CASE("template validation: misspelled keys are refused, foreign keys kept", "[template]") {
  CHECK(error_for(with_field(R"({"id":"b","tpye":"text","type":"text"})")) ==
        "templates/x.json: field 'b': unknown key 'tpye' (did you mean 'type'?)");
  CHECK(error_for(with_field(R"({"id":"b","type":"text","requried":true})")) ==
        "templates/x.json: field 'b': unknown key 'requried' (did you mean 'required'?)");
  CHECK(error_for(with_field(R"({"id":"b","type":"enum","options":["x"],"option_aliases":{}})")) ==
        "templates/x.json: field 'b': unknown key 'option_aliases' (did you mean 'optionAliases'?)");
  CHECK(error_for(R"({"id":"t","feilds":[],"fields":[{"id":"a","type":"text"}]})") ==
        "templates/x.json: unknown key 'feilds' (did you mean 'fields'?)");
  // A key unlike any known one is the template author's own annotation.
  auto t = invox::parse_template(Json::parse(with_field(R"({"id":"b","type":"text","x-ui-widget":"slider"})")), "x");
  CHECK(t.has_value());
}

TEST_CASE("template validation: enum without options", "[template]") {
  CHECK(error_for(with_field(R"({"id":"sex","type":"enum"})")) ==
        "templates/x.json: field 'sex': enum field has no 'options'; list the allowed values");
  CHECK(error_for(with_field(R"({"id":"sex","type":"enum","options":[]})")) ==
        "templates/x.json: field 'sex': enum field has no 'options'; list the allowed values");
}

TEST_CASE("template validation: bad options", "[template]") {
  CHECK(error_for(with_field(R"({"id":"sex","type":"enum","options":["male","Male"]})")) ==
        "templates/x.json: field 'sex': option 'Male' is listed twice");
  CHECK(error_for(with_field(R"({"id":"n","type":"text","options":["x"]})")) ==
        "templates/x.json: field 'n': 'options' is only allowed on enum fields (type is 'text')");
  CHECK(error_for(with_field(R"({"id":"sex","type":"enum","options":["x",""]})")) ==
        "templates/x.json: field 'sex': an enum option is empty");
}

TEST_CASE("template validation: optionAliases must be unambiguous", "[template]") {
  CHECK(error_for(with_field(R"({"id":"r","type":"enum","options":["oral","iv"],"optionAliases":{"im":["x"]}})")) ==
        "templates/x.json: field 'r': optionAliases names 'im', which is not one of its options");
  CHECK(error_for(with_field(
            R"({"id":"r","type":"enum","options":["oral","iv"],"optionAliases":{"oral":["PO"],"iv":["po"]}})")) ==
        "templates/x.json: field 'r': synonym 'PO' of option 'oral' already means option 'iv'");
  CHECK(error_for(with_field(R"({"id":"r","type":"enum","options":["oral","iv"],"optionAliases":{"oral":["IV"]}})")) ==
        "templates/x.json: field 'r': synonym 'IV' of option 'oral' already means option 'iv'");
  auto ok = invox::parse_template(
      Json::parse(with_field(R"({"id":"r","type":"enum","options":["oral","iv"],"optionAliases":{"oral":["PO","by mouth"]}})")),
      "x");
  REQUIRE(ok.has_value());
  CHECK(ok->find("r")->option_aliases.at("oral") == std::vector<std::string>{"PO", "by mouth"});
}

TEST_CASE("template validation: min greater than max", "[template]") {
  CHECK(error_for(with_field(R"({"id":"temp","type":"number","min":45,"max":30})")) ==
        "templates/x.json: field 'temp': min 45 is greater than max 30");
  CHECK(error_for(with_field(R"({"id":"d","type":"date","min":1})")) ==
        "templates/x.json: field 'd': 'min'/'max' are only allowed on number fields");
  CHECK(error_for(with_field(R"({"id":"temp","type":"number","min":"low"})")) ==
        "templates/x.json: field 'temp': 'min' must be a number");
}

TEST_CASE("template validation: wrongly typed properties", "[template]") {
  CHECK(error_for(with_field(R"({"id":"b","type":"boolean","required":"yes"})")) ==
        "templates/x.json: field 'b': 'required' must be true or false");
  CHECK(error_for(with_field(R"({"id":"b","type":"text","aliases":"nick"})")) ==
        "templates/x.json: field 'b': 'aliases' must be a list of strings");
  CHECK(error_for(with_field(R"({"id":"b","type":"text","label":7})")) ==
        "templates/x.json: field 'b': 'label' must be a string");
}

TEST_CASE("template validation: template-level problems", "[template]") {
  CHECK(error_for("[1,2]") == "templates/x.json: a template must be a JSON object");
  CHECK_THAT(error_for(R"({"fields":[{"id":"a","type":"text"}]})"), Catch::StartsWith("templates/x.json: missing 'id'"));
  CHECK_THAT(error_for(R"({"id":"t","fields":[]})"),
             Catch::StartsWith("templates/x.json: 'fields' must be a non-empty list"));
}

TEST_CASE("template validation: constraints naming unknown fields", "[template]") {
  const std::string base = R"({"id":"t","fields":[{"id":"start","type":"date"},{"id":"end","type":"date"},
    {"id":"n","type":"number"},{"id":"name","type":"text"}],"constraints":[)";
  CHECK(error_for(base + R"({"left":"end","op":">=","right":"begin"}]})") ==
        "templates/x.json: field 'begin': constraints[0] names a field the template does not have");
  CHECK(error_for(base + R"({"left":"finish","op":">=","right":"start"}]})") ==
        "templates/x.json: field 'finish': constraints[0] names a field the template does not have");
  CHECK(error_for(base + R"({"left":"end","op":"=>","right":"start"}]})") ==
        "templates/x.json: constraints[0]: op '=>' is not one of <, <=, >, >=, ==, !=");
  CHECK(error_for(base + R"({"left":"end","op":">="}]})") ==
        "templates/x.json: constraints[0]: missing 'right' (a non-empty string)");
  CHECK(error_for(base + R"({"left":"end","op":">=","right":"n"}]})") ==
        "templates/x.json: field 'end': constraints[0] compares it (date) with 'n' (number); both sides must have "
        "the same type");
  CHECK(error_for(base + R"({"left":"name","op":"<","right":"name"}]})") ==
        "templates/x.json: field 'name': constraints[0] compares the field with itself");
  auto ok = invox::parse_template(Json::parse(base + R"({"left":"end","op":">=","right":"start"}]})"), "x");
  REQUIRE(ok.has_value());
  REQUIRE(ok->constraints.size() == 1);
  CHECK(ok->constraints[0].op == ">=");
}

TEST_CASE("template validation: malformed JSON reports line and column", "[template]") {
  const auto dir = std::filesystem::temp_directory_path() / "invox-test-template-json";
  std::filesystem::create_directories(dir);
  const auto path = dir / "broken.json";
  {
    std::ofstream out(path);
    out << "{\n  \"id\": \"t\",\n  \"fields\": [\n    {\"id\": \"a\" \"type\": \"text\"}\n  ]\n}\n";
  }
  auto t = invox::load_template(path);
  std::filesystem::remove_all(dir);
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().kind == invox::ErrorKind::Config);
  // Line 4 holds the missing comma; the column points into the unexpected token "type" (16-21).
  const std::string prefix = path.string() + ": invalid JSON at line 4, column ";
  REQUIRE_THAT(t.error().message, Catch::StartsWith(prefix));
  const int column = std::stoi(t.error().message.substr(prefix.size()));
  CHECK(column >= 16);
  CHECK(column <= 21);
}

TEST_CASE("template validation: a missing file is a configuration error naming it", "[template]") {
  auto t = invox::load_template("/nonexistent/invox/t.json");
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().kind == invox::ErrorKind::Config);
  CHECK(t.error().message == "/nonexistent/invox/t.json: no such file");
}

TEST_CASE("template validation: bundled templates are valid and cover the four domains", "[template]") {
  std::set<std::string> domains;
  size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(INVOX_SOURCE_DIR) + "/templates")) {
    if (entry.path().extension() != ".json") continue;
    auto t = invox::load_template(entry.path());
    INFO(entry.path().string());
    REQUIRE(t.has_value());
    CHECK(t->id + ".json" == entry.path().filename().string());
    domains.insert(t->domain);
    ++count;
  }
  CHECK(count >= 6);
  CHECK(domains == std::set<std::string>{"healthcare", "manufacturing", "administration", "insurance"});
}
