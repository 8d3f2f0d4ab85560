// Mechanisms for typed fields on forms the engine was not tuned on (docs/RULES.md "Unseen
// forms"): the order of a period's times, clock times said as times, units and scales that
// decide a number, totals, values taken back, the event's own date and later dates, category
// members listed in guidelines, irregular verb forms, yes/no fields implied by an event's time,
// negation across possessives. An invented garden-visit template and hand-written sentences.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kGarden = R"({
    "id": "garden-visit", "title": "Garden visit", "version": "1",
    "fields": [
      {"id": "visit_date", "label": "Visit date", "type": "date", "description": "Day of the visit"},
      {"id": "next_check_date", "label": "Next check", "type": "date", "aliases": ["check again", "pop back"]},
      {"id": "start_time", "label": "Start time", "type": "time", "aliases": ["began"]},
      {"id": "end_time", "label": "End time", "type": "time", "aliases": ["wrapped up"]},
      {"id": "water_temp_c", "label": "Water temperature", "type": "number", "unit": "°C", "min": 0, "max": 40,
       "aliases": ["water"]},
      {"id": "mulch_m3", "label": "Mulch spread", "type": "number", "unit": "m³", "min": 0, "max": 500,
       "aliases": ["spread"]},
      {"id": "helpers", "label": "Helpers", "type": "number", "min": 0, "max": 100, "aliases": ["hands"]},
      {"id": "plant_kind", "label": "Plant kind", "type": "enum", "options": ["herb", "shrub", "tree", "other"],
       "guidelines": "A named plant implies the kind: basil, mint, thyme -> herb; oak, birch and maple -> tree."},
      {"id": "condition", "label": "Condition", "type": "enum", "options": ["healthy", "diseased", "pest-damaged"],
       "guidelines": "Wilting, spots, mould or not flowering -> diseased; holes in leaves (aphids, caterpillars, slugs) -> pest-damaged."},
      {"id": "premises", "label": "Premises", "type": "enum", "options": ["cafe", "nursery", "private garden"]},
      {"id": "roots_damaged", "label": "Roots damaged", "type": "boolean", "aliases": ["root damage"]},
      {"id": "tap_ok", "label": "Tap working", "type": "boolean", "aliases": ["tap"],
       "guidelines": "Missing handle, leaking or no water -> false."},
      {"id": "owner_called", "label": "Owner called", "type": "boolean"},
      {"id": "owner_call_time", "label": "Owner call time", "type": "time", "aliases": ["rang at"]}
    ]})";

// The raw value the engine read for `id`, or null. 2026-03-04 is a Wednesday.
Json read_garden(const std::string& text, const std::string& id) {
  auto t = parse_template(Json::parse(kGarden), "test template");
  REQUIRE(t.has_value());
  return testing::rules_raw_value(*t, text, id, "2026-03-04");
}
}  // namespace

TEST_CASE("rules: a period's start comes before its end when am/pm is guessed", "[rules][typed][unseen]") {
  // Both said without am/pm: 6:30 alone would be an afternoon hour, but the end is at three.
  const std::string text = "Began at six thirty, wrapped up at three.";
  CHECK(read_garden(text, "start_time") == "06:30");
  CHECK(read_garden(text, "end_time") == "15:00");
  // A morning word before both makes the end 03:15 on its own; it must come after the start.
  const std::string morning = "Morning all. We began at quarter to seven and wrapped up at quarter past three.";
  CHECK(read_garden(morning, "start_time") == "06:45");
  CHECK(read_garden(morning, "end_time") == "15:15");
}

TEST_CASE("rules: a clock time marked as one needs no opener", "[rules][typed][unseen]") {
  CHECK(read_garden("Gardener: Morning! Twenty past eight, I'll note that.", "start_time") == "08:20");
  // "nine to five" is a span, not 04:55.
  CHECK(read_garden("Gardener: They work nine to five here.", "start_time").is_null());
  // A time said with another day belongs to that day.
  CHECK(read_garden("Gardener: We'll look at the beds again tomorrow at ten.", "start_time").is_null());
}

TEST_CASE("rules: a clock time said right before its cue", "[rules][typed][unseen]") {
  CHECK(read_garden("Log for the day. Nine fifteen start, two hands.", "start_time") == "09:15");
}

TEST_CASE("rules: a temperature out of range on the field's scale was said on the other", "[rules][typed][unseen]") {
  CHECK(read_garden("The water was at seventy-seven degrees.", "water_temp_c") == 25.0);
  // Not a part of the number ("seven" of "seventy-seven") either.
  CHECK(read_garden("The water was at eighty-six degrees.", "water_temp_c") == 30.0);
  // Said in celsius, an impossible reading stays unread.
  CHECK(read_garden("The water was at fifty degrees celsius.", "water_temp_c").is_null());
}

TEST_CASE("rules: the number said with the field's unit beats a bare one after the cue", "[rules][typed][unseen]") {
  CHECK(read_garden("We spread the bed two mix, twelve cubic metres of it.", "mulch_m3") == 12);
}

TEST_CASE("rules: a number said with am or pm is no count", "[rules][typed][unseen]") {
  CHECK(read_garden("Hands arrived eleven a.m. sharp.", "helpers") != 11);
}

TEST_CASE("rules: a total restated after its parts replaces the part", "[rules][typed][unseen]") {
  CHECK(read_garden("Hands? Four of ours, plus three volunteers. So seven.", "helpers") == 7);
  // A smaller number after "so" is no total.
  CHECK(read_garden("Hands? Four of ours. So two left early.", "helpers") == 4);
}

TEST_CASE("rules: a value taken back is not read_garden again from a later mention", "[rules][typed][unseen]") {
  CHECK(read_garden("Hands, five. No, sorry, four hands, it was the other crew that had five hands.", "helpers") == 4);
}

TEST_CASE("rules: the event's date is not a planned day or a span's edge", "[rules][typed][unseen]") {
  CHECK(read_garden("The owner is away on Saturday, so we did the roses.", "visit_date") == "today");
  CHECK(read_garden("The tap has been leaking since yesterday.", "visit_date") == "today");
}

TEST_CASE("rules: a later date fills a field that names a later day", "[rules][typed][unseen]") {
  CHECK(read_garden("I'd like to pop round and look at them in ten days.", "next_check_date") == "2026-03-14");
  CHECK(read_garden("Let's check them again on Friday.", "next_check_date") == "2026-03-06");
  // A later day said about something else does not.
  CHECK(read_garden("The compost delivery is on Friday.", "next_check_date").is_null());
}

TEST_CASE("rules: members of a category listed in the guidelines suggest it", "[rules][typed][unseen]") {
  CHECK(read_garden("It's mostly basil along the wall.", "plant_kind") == "herb");
  CHECK(read_garden("The birch by the gate.", "plant_kind") == "tree");
  CHECK(read_garden("The leaves are wilting badly.", "condition") == "diseased");
  // A parenthetical example is weaker than a listed member.
  CHECK(read_garden("Some slugs about.", "condition") == "pest-damaged");
  CHECK(read_garden("The leaves are wilting, and there are slugs.", "condition") == "diseased");
  // A negator in a phrase matches any negator: "not flowering" said "haven't flowered".
  CHECK(read_garden("The roses haven't flowered this year.", "condition") == "diseased");
}

TEST_CASE("rules: accents do not keep a word from its option", "[rules][typed][unseen]") {
  CHECK(read_garden("It's the Café on the corner.", "premises") == "cafe");
}

TEST_CASE("rules: irregular verb forms match a cue said in another tense", "[rules][typed][unseen]") {
  // "rang at" ~ "phoned at": ring/rang join the call/phone synonyms.
  CHECK(read_garden("I phoned at ten past two about the hedge.", "owner_call_time") == "14:10");
}

TEST_CASE("rules: a yes/no field is true when its event's time is given", "[rules][typed][unseen]") {
  CHECK(read_garden("I rang at ten past two about the hedge.", "owner_called") == true);
  CHECK(read_garden("Nobody answered the door.", "owner_called").is_null());
}

TEST_CASE("rules: negation reaches a cue across a verb and a possessive", "[rules][typed][unseen]") {
  CHECK(read_garden("The digger didn't touch their roots.", "roots_damaged") == false);
  // The answer negates the thing asked about.
  CHECK(read_garden("Any root damage? - It got the leaves, not the roots.", "roots_damaged") == false);
}

TEST_CASE("rules: yes/no members listed in the guidelines", "[rules][typed][unseen]") {
  CHECK(read_garden("The tap is leaking again.", "tap_ok") == false);
  CHECK(read_garden("The tap is fine.", "tap_ok") == true);
}
