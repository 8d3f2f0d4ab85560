// What a field's guidelines say it is not, a value taken back before the right one is said, a
// number guessed in a question and answered, minutes said against an hour, negations that reach
// across "need to"/"for", a negative statement asked back, a remainder restated after the ones
// left out, and dates said with only a month and a year (docs/RULES.md "Exclusions,
// retractions, answered guesses and month-only dates"). Invented templates, hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kWednesday = "2026-06-10";

Template pump_visit_template() {
  return testing::invented_template(R"({
    "id": "pump-visit", "title": "Pump station visit", "version": "1",
    "fields": [
      {"id": "arrived_at", "label": "Time on site", "type": "time", "description": "When the fitter arrived",
       "aliases": ["arrived", "on site"],
       "guidelines": "24-hour clock; the time an alarm was raised or the pump tripped is not the arrival."},
      {"id": "outlet_bar", "label": "Outlet pressure", "type": "number", "unit": "bar", "min": 0, "max": 20,
       "aliases": ["pressure"], "guidelines": "Running pressure, not the shut-off pressure."},
      {"id": "starts", "label": "Starts per hour", "type": "number", "min": 0, "max": 60, "aliases": ["starts"]},
      {"id": "revisit", "label": "Revisit needed", "type": "boolean", "aliases": ["come back", "revisit"]},
      {"id": "advice", "label": "Advice", "type": "textarea", "aliases": ["advice", "need to"]},
      {"id": "fenced", "label": "Made safe", "type": "boolean",
       "guidelines": "Fenced, signed or locked off during the visit -> true; left as found -> false."}
    ]})");
}

Template dock_reading_template() {
  return testing::invented_template(R"({
    "id": "dock-reading", "title": "Cold dock reading", "version": "1",
    "fields": [
      {"id": "reading_date", "label": "Reading date", "type": "date",
       "guidelines": "A reading taken while talking ('today') is on the reference date."},
      {"id": "core_temp_c", "label": "Core temperature", "type": "number", "unit": "°C", "min": -30, "max": 30,
       "aliases": ["temperature", "temp"]},
      {"id": "deck_length_m", "label": "Deck length", "type": "number", "unit": "m", "min": 1, "max": 40,
       "aliases": ["deck"]},
      {"id": "helper_needed", "label": "Helper needed", "type": "boolean", "aliases": ["helper"]},
      {"id": "sealed", "label": "Sealed", "type": "boolean", "aliases": ["sealed"]}
    ]})");
}

Template buoy_kit_template() {
  return testing::invented_template(R"({
    "id": "buoy-kit", "title": "Buoy kit check", "version": "1",
    "fields": [
      {"id": "beacons_usable", "label": "Usable beacons", "type": "number", "min": 0, "max": 50,
       "aliases": ["beacons"], "guidelines": "Cracked or flat ones are not counted."},
      {"id": "battery_expiry", "label": "Battery expiry", "type": "date", "aliases": ["battery", "batteries"],
       "guidelines": "When only a month and year are given, the last day of that month."},
      {"id": "logged_on", "label": "Logged on", "type": "date", "aliases": ["logged"]}
    ]})");
}

Json heard_at(const Template& t, const std::string& text, const std::string& id) {
  return testing::rules_raw_value(t, text, id, kWednesday);
}
}  // namespace

TEST_CASE("rules: a value said with what the guidelines say the field is not yields", "[rules][unseen]") {
  static const Template t = pump_visit_template();
  CHECK(heard_at(t, "Shut-off pressure was six bar, pressure now four bar.", "outlet_bar") == 4);
  // Without the excluded word both are readings: the later one stands.
  CHECK(heard_at(t, "Pressure was six bar, pressure now four bar.", "outlet_bar") == 4);
  CHECK(heard_at(t, "Pressure four bar, shut-off pressure six bar.", "outlet_bar") == 4);
  // An unlabelled clock time said with "tripped" is not the arrival.
  CHECK(heard_at(t, "It tripped at twenty past seven. I'm here now, it's ten past eight.", "arrived_at") == "08:10");
}

TEST_CASE("rules: minutes said against an hour are a time, not a count", "[rules][unseen]") {
  static const Template t = pump_visit_template();
  // "started" shares its stem with the cue "starts".
  CHECK(heard_at(t, "It started around ten to four.", "starts").is_null());
  CHECK(heard_at(t, "Starts per hour: ten to twelve starts.", "starts") == 10);
  CHECK(heard_at(t, "Starts are ten an hour.", "starts") == 10);
}

TEST_CASE("rules: a negation reaches across another field's cue said in bridge words", "[rules][unseen]") {
  static const Template t = pump_visit_template();
  CHECK(heard_at(t, "Tighten the gland. No need to come back.", "revisit") == false);
  CHECK(heard_at(t, "Tighten the gland. I'll come back Friday.", "revisit") == true);
  // A guideline phrase that means yes, negated across "need for".
  CHECK(heard_at(t, "No need for signs or anything.", "fenced") == false);
  CHECK(heard_at(t, "I put signs up at the gate.", "fenced") == true);
}

TEST_CASE("rules: a retraction takes the value back until the right one, a sentence later", "[rules][unseen]") {
  static const Template t = dock_reading_template();
  CHECK(heard_at(t, "Temperature, nine degrees. Hang on, the probe was in the air. In the box it's three point "
                    "eight.",
                 "core_temp_c") == 3.8);
  // The retraction may follow a bare "no".
  CHECK(heard_at(t, "Temperature, nine degrees. No, hang on, the probe was in the air. In the box it's three point "
                    "eight.",
                 "core_temp_c") == 3.8);
  // A day word is no boundary for a number's correction.
  CHECK(heard_at(t, "Temperature minus two, oh no wait, that was from the log. Today's is minus four.",
                 "core_temp_c") == -4);
  // Without a retraction the first reading stands.
  CHECK(heard_at(t, "Temperature, nine degrees. The probe was in the air. In the box there are three crates.",
                 "core_temp_c") == 9);
}

TEST_CASE("rules: a number guessed in a question is replaced by the answer", "[rules][unseen]") {
  static const Template t = dock_reading_template();
  CHECK(heard_at(t, "Clerk: And the temp's what, minus two? Porter: Minus two point five.", "core_temp_c") == -2.5);
  // A bare answer is in the unit the guess was said in.
  CHECK(heard_at(t, "Clerk: The deck's what, twenty foot? Porter: Thirty.", "deck_length_m") == 9.1);
  // A yes confirms the guess.
  CHECK(heard_at(t, "Clerk: Temp minus two? Porter: Yes, minus two. Four crates.", "core_temp_c") == -2);
}

TEST_CASE("rules: a negative statement asked back is confirmed by a yes", "[rules][unseen]") {
  static const Template t = dock_reading_template();
  CHECK(heard_at(t, "Clerk: We can unload it ourselves, you won't need a helper? Porter: That's fine.",
                 "helper_needed") == false);
  // A tag after a positive statement is no negative.
  CHECK(heard_at(t, "Clerk: It's sealed, isn't it? Porter: Yes, done at the farm.", "sealed") == true);
}

TEST_CASE("rules: a smaller number restated after the ones the guidelines leave out", "[rules][unseen]") {
  static const Template t = buoy_kit_template();
  CHECK(heard_at(t, "Beacons: nine on the rack, two of them cracked, so seven.", "beacons_usable") == 7);
  CHECK(heard_at(t, "Beacons, nine. Two are flat, so seven.", "beacons_usable") == 7);
  CHECK(heard_at(t, "beacons there were nine but two are the old kind and they're cracked so seven",
                 "beacons_usable") == 7);
  // Without a word the field leaves out, the first count stands.
  CHECK(heard_at(t, "beacons there were nine but two are new so seven", "beacons_usable") == 9);
}

TEST_CASE("rules: a month and a full year are a date when the guidelines name the day", "[rules][unseen]") {
  static const Template t = buoy_kit_template();
  CHECK(heard_at(t, "Battery expires Feb 2028.", "battery_expiry") == "2028-02-29");
  CHECK(heard_at(t, "battery expires june twenty twenty seven", "battery_expiry") == "2027-06-30");
  // A field whose guidelines name no day reads no date from a month and year.
  CHECK(heard_at(t, "Logged March 2026.", "logged_on").is_null());
}
