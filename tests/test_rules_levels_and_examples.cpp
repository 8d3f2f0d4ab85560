// Readings found on the third blind set (docs/RULES.md "Worked examples, levels, vague
// dates and who did it"): a code's hyphen shown by a guideline's worked example, how full a tank or battery is
// on a field in percent, and "last month" that names no day. An invented yard-check template and
// hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template yard_template() {
  return testing::invented_template(R"({
    "id": "yard-check", "title": "Yard vehicle check", "version": "1",
    "fields": [
      {"id": "unit_id", "label": "Unit", "type": "text", "aliases": ["unit"],
       "guidelines": "Capital letters and digits with a hyphen before the number ('K W seven' -> 'KW-7')."},
      {"id": "tag_code", "label": "Tag code", "type": "text", "aliases": ["tag"],
       "guidelines": "Letters and digits joined ('M dash four four' -> 'M-44', 'B R nine' -> 'BR9')."},
      {"id": "fuel_percent", "label": "Fuel level", "type": "number", "unit": "%", "min": 0, "max": 100,
       "aliases": ["fuel", "tank"]},
      {"id": "load_tonnes", "label": "Load", "type": "number", "unit": "t", "min": 0, "max": 40, "aliases": ["load"]},
      {"id": "check_date", "label": "Check date", "type": "date", "aliases": ["checked on"]}
    ]})");
}

Json read_yard(const std::string& text, const std::string& id) {
  static const Template t = yard_template();
  return testing::rules_raw_value(t, text, id, "2026-06-02");
}
}  // namespace

TEST_CASE("rules: a guideline's worked example shows where a code's hyphen goes", "[rules][unseen]") {
  CHECK(read_yard("Unit P J four, all lights working.", "unit_id") == "PJ-4");
  CHECK(read_yard("Unit T R twelve parked up.", "unit_id") == "TR-12");
  // An example whose hyphen stands for a spoken 'dash' asks for none of its own.
  CHECK(read_yard("Tag B R nine on the door.", "tag_code") == "BR9");
  CHECK(read_yard("Tag C dash one two on the door.", "tag_code") == "C-12");
}

TEST_CASE("rules: how full a tank is, on a field in percent", "[rules][unseen]") {
  CHECK(read_yard("Fuel about three quarters, load two tonnes.", "fuel_percent") == 75);
  CHECK(read_yard("Fuel? - Half a tank.", "fuel_percent") == 50);
  CHECK(read_yard("Tank is full, load two tonnes.", "fuel_percent") == 100);
  CHECK(read_yard("Fuel is at sixty percent.", "fuel_percent") == 60);
  // A field in another unit keeps a fraction as said.
  CHECK(read_yard("Load three quarters of a tonne.", "load_tonnes") == 0.75);
}

TEST_CASE("rules: last month or next year names no day", "[rules][unseen]") {
  // (A check form dated by nothing said is dated today; a month's shift is never read.)
  CHECK(read_yard("We moved the van to bay four last month.", "check_date") != "2026-05-02");
  CHECK(read_yard("New tyres due next year.", "check_date") != "2027-06-02");
  // A day of a named month still is one, and so is a relative day.
  CHECK(read_yard("Checked on the third of last month.", "check_date") == "2026-05-03");
  CHECK(read_yard("Checked on yesterday.", "check_date") == "2026-06-01");
}
