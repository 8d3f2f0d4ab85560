// Codes said in digit pairs, clock times, titled names in lists, clauses about the speaker and
// hyphenated surnames (docs/RULES.md "Pair codes, clock times, titled names and clauses"). An
// invented room-inspection template and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template room_inspection_template() {
  return testing::invented_template(R"({
    "id": "room-inspection", "title": "Room inspection", "version": "1",
    "fields": [
      {"id": "room_number", "label": "Room", "type": "text", "aliases": ["room", "room number"],
       "guidelines": "Digits as numerals ('two eighteen' -> '218')."},
      {"id": "guest_name", "label": "Guest", "type": "text", "aliases": ["guest"],
       "guidelines": "First and last name of the guest."},
      {"id": "company", "label": "Company", "type": "text", "aliases": ["company", "on behalf of"]},
      {"id": "first_aid", "label": "First aid given", "type": "textarea", "aliases": ["first aid"],
       "guidelines": "One item per treatment."}
    ]})");
}

Json read_room(const std::string& text, const std::string& id) {
  static const Template t = room_inspection_template();
  return testing::rules_raw_value(t, text, id, "2026-05-12");
}
}  // namespace

TEST_CASE("spoken ids: digits said in pairs open a code only when another pair or 'oh' and a digit follow",
          "[normalize][unseen]") {
  auto pairs = parse_spoken_id_prefix("twenty oh six");
  REQUIRE(pairs);
  CHECK(pairs->value == "2006");
  auto teens = parse_spoken_id_prefix("fourteen twelve");
  REQUIRE(teens);
  CHECK(teens->value == "1412");
  // "twenty two" alone is a number, not the start of a code.
  CHECK_FALSE(parse_spoken_id_prefix("twenty two"));
  CHECK_FALSE(parse_spoken_id_prefix("twenty people"));
}

TEST_CASE("rules: a code said in digit pairs is read whole", "[rules][unseen]") {
  CHECK(read_room("okay inspection for room twenty oh six it's uh three fifteen", "room_number") == "2006");
  CHECK(read_room("Room fourteen twelve, all done.", "room_number") == "1412");
}

TEST_CASE("rules: a clock time is never a code, and a written abbreviation is its word's cue", "[rules][unseen]") {
  // "Rm" is "room"; the later "room due 18:30" gives no code.
  CHECK(read_room("Rm 509, inspected 16:20. Next arrival for this room due 18:30.", "room_number") == "509");
  CHECK(read_room("Next arrival for this room due 18:30.", "room_number") != "18:30");
}

TEST_CASE("rules: a person named with a title is not an item of a list of things", "[rules][unseen]") {
  const Json aid = read_room("First aid: cold pack to lower back, Ms Grainne Tierney. Back to class after.", "first_aid");
  REQUIRE_FALSE(aid.is_null());
  CHECK(aid.dump().find("cold pack to lower back") != std::string::npos);
  CHECK(aid.dump().find("Tierney") == std::string::npos);
}

TEST_CASE("rules: a clause about the speaker is not a one-line text value", "[rules][unseen]") {
  CHECK(read_room("Company? We'd like the quiet room please.", "company").is_null());
  CHECK(read_room("Company? Fenwick Readers.", "company") == "Fenwick Readers");
}

TEST_CASE("rules: a hyphenated surname in lowercase text is one name word", "[rules][unseen]") {
  CHECK(read_room("hi yeah guest is carmen delgado-vidal she's in room two oh four", "guest_name") ==
        "carmen delgado-vidal");
}
