// Values found by elimination (the one name or code no field holds), clock-time spans, lists
// announced by their length, lists that end inside an item, and spoken numbers: a share "full",
// "one-ten" and a height said as feet then inches (docs/RULES.md "Elimination, spans and
// announced lists"). Invented templates, hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kRef = "2026-06-10";

Template hall_hire_template() {
  return testing::invented_template(R"({
    "id": "hall-hire", "title": "Hall hire", "version": "1",
    "fields": [
      {"id": "hirer", "label": "Hirer", "type": "text", "description": "Person hiring the hall",
       "guidelines": "First and last name."},
      {"id": "caretaker", "label": "Caretaker", "type": "text", "description": "Staff member who opened up",
       "guidelines": "First and last name."},
      {"id": "key_tag", "label": "Key tag", "type": "text", "description": "Tag on the key issued",
       "guidelines": "Letters and digits joined, in capitals."},
      {"id": "start_time", "label": "From", "type": "time", "description": "Start of the hire"},
      {"id": "end_time", "label": "Until", "type": "time", "description": "End of the hire"},
      {"id": "room", "label": "Room", "type": "enum", "options": ["main hall", "kitchen", "annexe"]},
      {"id": "faults", "label": "Faults found", "type": "textarea", "description": "Problems found after the hire"},
      {"id": "urn_level", "label": "Urn level", "type": "number", "unit": "%", "min": 0, "max": 100,
       "guidelines": "Percent of full, 'full' -> 100."},
      {"id": "ceiling_height", "label": "Height", "type": "number", "unit": "cm", "min": 100, "max": 230,
       "description": "Height of the performer on stage", "guidelines": "Rounded to a whole cm."},
      {"id": "stage_depth", "label": "Stage depth", "type": "number", "unit": "m"}
    ]})");
}

Json hall_value(const std::string& text, const std::string& id) {
  static const Template t = hall_hire_template();
  return testing::rules_raw_value(t, text, id, kRef);
}

Template rental_return_template() {
  return testing::invented_template(R"({
    "id": "van-return", "title": "Van return", "version": "1",
    "fields": [
      {"id": "driver", "label": "Driver", "type": "text", "description": "Person returning the van",
       "guidelines": "First and last name."},
      {"id": "plate", "label": "Vehicle reg", "type": "text", "description": "Registration plate",
       "guidelines": "Characters joined without spaces."},
      {"id": "new_damage", "label": "New damage", "type": "boolean"},
      {"id": "damage_notes", "label": "Damage description", "type": "textarea"},
      {"id": "notes", "label": "Other notes", "type": "textarea"},
      {"id": "parts_replaced", "label": "Parts replaced", "type": "textarea"}
    ]})");
}

Json van_value(const std::string& text, const std::string& id) {
  static const Template t = rental_return_template();
  return testing::rules_raw_value(t, text, id, kRef);
}

Template booking_template(bool with_crew) {
  const char* crew = R"(,
      {"id": "people", "label": "Crew", "type": "group", "fields": [
        {"id": "name", "label": "Name", "type": "text", "guidelines": "First and last name."}]})";
  const std::string json = std::string(R"({
    "id": "gate-booking", "title": "Gate booking", "version": "1",
    "fields": [
      {"id": "flight", "label": "Flight", "type": "text", "description": "Flight the gate is for",
       "guidelines": "Airline code and flight number joined, in capitals, the number as digits."},
      {"id": "booked_by", "label": "Booked by", "type": "text", "guidelines": "First and last name."})") +
                           (with_crew ? crew : "") + "]}";
  return testing::invented_template(json.c_str());
}
}  // namespace

TEST_CASE("rules: the one person field left takes the one full name no field holds", "[rules][unseen]") {
  const std::string said = "Caretaker is Dora Pennyworth. Put the booking under my name, Aled Brannigan.";
  CHECK(hall_value(said, "caretaker") == "Dora Pennyworth");
  CHECK(hall_value(said, "hirer") == "Aled Brannigan");
  // Two names no field holds: either may be the hirer's.
  CHECK(hall_value("Caretaker is Dora Pennyworth. Aled Brannigan and Rhian Toms are in.", "hirer").is_null());
  // A title and a surname are no full name.
  CHECK(hall_value("Caretaker is Dora Pennyworth. Mr Brannigan rang.", "hirer").is_null());
  // Lowercase speech marks a name by words no everyday English has (docs/RULES.md "Reading
  // recognizer text"); one of everyday words is none.
  CHECK(hall_value("caretaker is dora pennyworth put it under my name aled brannigan", "hirer") == "aled brannigan");
  CHECK(hall_value("caretaker is dora pennyworth put it under the table cloth", "hirer").is_null());
  // A speaker another person field names introduces themself.
  CHECK(hall_value("Caretaker: Hiya, it's Dora Pennyworth, I've opened up.", "hirer").is_null());
}

TEST_CASE("rules: no name by elimination where a repeating group names people", "[rules][unseen]") {
  static const Template crew = booking_template(true);
  CHECK(testing::rules_raw_value(crew, "Crew tonight, Aled Brannigan.", "booked_by", kRef).is_null());
  static const Template no_crew = booking_template(false);
  CHECK(testing::rules_raw_value(no_crew, "Crew tonight, Aled Brannigan.", "booked_by", kRef) == "Aled Brannigan");
}

TEST_CASE("rules: the template's only code field takes the only code said", "[rules][unseen]") {
  static const Template t = booking_template(false);
  auto flight = [&](const std::string& said) { return testing::rules_raw_value(t, said, "flight", kRef); };
  CHECK(flight("Gate for the B A two one seven from Boston?") == "BA217");
  CHECK(flight("Gate for the B A two one seven or the B A two one nine?").is_null());
}

TEST_CASE("rules: a code is read past another field's option word", "[rules][unseen]") {
  CHECK(hall_value("Tag on the kitchen key is K H four one.", "key_tag") == "KH41");
  // A plate is an identifier: the code ends where its letters and digits do.
  CHECK(van_value("plate is n q t three six one let's do a quick walk round", "plate") == "NQT361");
}

TEST_CASE("rules: two clock times joined as a span fill the start and the end", "[rules][unseen]") {
  CHECK(hall_value("What times? - Ten till eleven thirty.", "start_time") == "10:00");
  CHECK(hall_value("What times? - Ten till eleven thirty.", "end_time") == "11:30");
  CHECK(hall_value("Saturday, 2 pm to 4.30 pm, main hall.", "end_time") == "16:30");
  // A cue gave the start: the span gives the end.
  CHECK(hall_value("We'd like it from two till half four.", "end_time") == "16:30");
  // "ten to four" is one time, and a span's end ends its clause.
  CHECK(hall_value("The keys came back at ten to four.", "end_time").is_null());
  CHECK(hall_value("Ten till twelve people came.", "end_time").is_null());
}

TEST_CASE("rules: the time after what-time-is-it in unpunctuated speech", "[rules][unseen]") {
  CHECK(hall_value("what time is it now half twelve grand so are you the hirer", "start_time") == "12:30");
}

TEST_CASE("rules: a list announced by its length", "[rules][unseen]") {
  CHECK(hall_value("All locked up. Two things: a cracked window and a dripping tap. Cheers.", "faults") ==
        Json::array({"cracked window", "dripping tap"}));
  // The words after "of" name the list's field among several.
  CHECK(van_value("Two new bits of damage: a kerbed alloy, and a dent in the door.", "damage_notes") ==
        Json::array({"kerbed alloy", "dent in the door"}));
  CHECK(van_value("Two new bits of damage: a kerbed alloy, and a dent in the door.", "notes").is_null());
  // With several list fields, no name for the list: no field's.
  CHECK(van_value("Two things: a kerbed alloy and a dent.", "notes").is_null());
  // A count the items do not match, or items counted off with ordinals, says nothing.
  CHECK(hall_value("Two things: a cracked window, a dripping tap and a loose hinge.", "faults").is_null());
  CHECK(hall_value("two things first the window was cracked and second the tap drips", "faults").is_null());
}

TEST_CASE("rules: a list ends at a clause of its own inside the last item", "[rules][unseen]") {
  CHECK(van_value("parts replaced the wiper blade but the mirror is on order so it stays", "parts_replaced") ==
        Json::array({"wiper blade"}));
  CHECK(hall_value("Faults found: a cracked window, a dripping tap, I've only got the one key here.", "faults") ==
        Json::array({"cracked window", "dripping tap"}));
}

TEST_CASE("rules: spoken numbers for a share of full and a hyphenated pair and feet and inches", "[rules][unseen]") {
  CHECK(hall_value("Urn level three quarters full.", "urn_level") == 75);
  CHECK(hall_value("Urn level full.", "urn_level") == 100);
  CHECK(hall_value("Stage depth one-ten.", "stage_depth") == 110);
  CHECK(hall_value("Height? - Five nine.", "ceiling_height") == 175);
  // Without a range that says it holds heights, two numbers are not feet and inches.
  CHECK(hall_value("Stage depth five nine.", "stage_depth") != Json(1.8));
}
