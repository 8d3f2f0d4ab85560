// Words a form shares, measurements, rates, questions answered after a follow-up, derived word
// forms, cues a date and a time field share, and days said inside a gapped cue (docs/RULES.md
// "Shared words, measurements, rates and follow-up questions"). Invented venue-hire, lift-plate,
// hostel, parcel-desk, departures and sightings templates and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kToday = "2026-03-16";

Template venue_hire_template() {
  return testing::invented_template(R"({
    "id": "venue-hire", "title": "Venue hire", "version": "1",
    "fields": [
      {"id": "hirer", "label": "Hirer", "type": "text", "description": "Person who made the hire",
       "aliases": ["hirer", "name"]},
      {"id": "starts", "label": "From", "type": "time", "description": "Start of the hire"},
      {"id": "ends", "label": "Until", "type": "time", "description": "End of the hire"},
      {"id": "deposit", "label": "Deposit", "type": "number", "description": "Deposit paid for the hire",
       "min": 0, "max": 2000, "aliases": ["deposit"]},
      {"id": "repeats", "label": "Repeat hire", "type": "boolean", "description": "Whether the hire repeats",
       "aliases": ["repeat", "regular"]}
    ]})");
}

Template lift_plate_template() {
  return testing::invented_template(R"({
    "id": "lift-plate", "title": "Lift plate", "version": "1",
    "fields": [
      {"id": "unit_ref", "label": "Unit reference", "type": "text", "aliases": ["plate", "unit number"]},
      {"id": "capacity_kg", "label": "Capacity", "type": "number", "unit": "kg", "min": 50, "max": 5000,
       "aliases": ["capacity"]}
    ]})");
}

Template hostel_template() {
  return testing::invented_template(R"({
    "id": "hostel-stay", "title": "Hostel stay", "version": "1",
    "fields": [
      {"id": "nightly_rate", "label": "Rate per night", "type": "number", "unit": "per night", "min": 0,
       "max": 900, "aliases": ["per night", "nightly rate"]},
      {"id": "remote_support", "label": "Remote support allowed", "type": "boolean",
       "aliases": ["remote support"]},
      {"id": "extras", "label": "Extras", "type": "textarea", "aliases": ["extras"],
       "guidelines": "One item per extra."}
    ]})");
}

Template parcel_desk_template() {
  return testing::invented_template(R"({
    "id": "parcel-desk", "title": "Parcel desk", "version": "1",
    "fields": [
      {"id": "clerk_name", "label": "Clerk", "type": "text", "aliases": ["clerk"]},
      {"id": "customer_name", "label": "Customer", "type": "text", "aliases": ["customer"]},
      {"id": "packed_by", "label": "Packed by", "type": "text", "aliases": ["packer"]}
    ]})");
}

Template departures_template() {
  return testing::invented_template(R"({
    "id": "departures", "title": "Departures", "version": "1",
    "fields": [
      {"id": "booked_date", "label": "Booked", "type": "date", "aliases": ["booked on"]},
      {"id": "travel_date", "label": "Travel date", "type": "date", "aliases": ["departed on"]},
      {"id": "wheels_up", "label": "Wheels-up time", "type": "time", "aliases": ["departed"]}
    ]})");
}

Template sightings_template() {
  return testing::invented_template(R"({
    "id": "sightings", "title": "Sightings", "version": "1",
    "fields": [
      {"id": "logged_date", "label": "Logged", "type": "date", "aliases": ["logged on"]},
      {"id": "spotted_date", "label": "Date spotted", "type": "date", "aliases": ["spotted", "spotted on"]},
      {"id": "place", "label": "Where", "type": "text", "aliases": ["spotted at", "location"]}
    ]})");
}

Template patrol_log_template() {
  return testing::invented_template(R"({
    "id": "patrol-log", "title": "Patrol log", "version": "1",
    "fields": [
      {"id": "patrol_date", "label": "Patrol date", "type": "date", "aliases": ["date"],
       "guidelines": "A patrol logged as it happens is on the reference date."},
      {"id": "patrol_time", "label": "Patrol time", "type": "time", "aliases": ["time"]},
      {"id": "next_patrol", "label": "Next patrol", "type": "date", "aliases": ["next patrol"]}
    ]})");
}

Json read(const Template& t, const std::string& text, const std::string& id) {
  return testing::rules_raw_value(t, text, id, kToday);
}
}  // namespace

TEST_CASE("rules: a word several descriptions share names the form, and alone is no field's cue", "[rules][unseen]") {
  static const Template t = venue_hire_template();
  // "hire" is a word of "Repeat hire", but four descriptions say it: it does not end the deposit's cue.
  CHECK(read(t, "Deposit for monthly hires is forty pounds.", "deposit") == 40);
  // Nor does it say the hire repeats.
  CHECK(read(t, "Thanks for the hire enquiry, the deposit is forty.", "repeats").is_null());
  CHECK(read(t, "It's a regular hire, every Monday.", "repeats") == true);
}

TEST_CASE("rules: digits followed by a unit are a measurement, not a reference", "[rules][unseen]") {
  static const Template t = lift_plate_template();
  CHECK(read(t, "Plate 900 kg, twelve persons.", "capacity_kg") == 900);
  CHECK(read(t, "Plate 900 kg, twelve persons.", "unit_ref").is_null());
  // Digits without a unit stay a reference.
  CHECK(read(t, "Plate 4471, capacity 900 kg.", "unit_ref") == "4471");
}

TEST_CASE("rules: an amount per thing is read before the field's own 'per' or 'a'", "[rules][unseen]") {
  static const Template t = hostel_template();
  CHECK(read(t, "It comes to eighty-five dollars per night.", "nightly_rate") == 85);
  CHECK(read(t, "We charge ninety a night in summer.", "nightly_rate") == 90);
}

TEST_CASE("rules: a derived adverb matches its adjective's cue", "[rules][unseen]") {
  static const Template t = hostel_template();
  CHECK(read(t, "Can I help remotely? Sure.", "remote_support") == true);
}

TEST_CASE("rules: a name answering 'and you're...?' is the labelled speaker's own", "[rules][unseen]") {
  static const Template t = parcel_desk_template();
  const std::string asked =
      "Clerk: Hello, I'm Lena Park. And you're Mr...? Customer: Tobias Wren. Clerk: Thanks. Customer: Cheers.";
  CHECK(read(t, asked, "customer_name") == "Tobias Wren");
  // A name answering some other question is not the speaker's ("Who packed it?").
  const std::string other =
      "Clerk: Hello, I'm Lena Park. Who packed it? Customer: Tobias Wren. Clerk: Thanks. Customer: Cheers.";
  CHECK(read(t, other, "customer_name").is_null());
}

TEST_CASE("rules: a follow-up question of the same speaker is not the answer", "[rules][unseen]") {
  static const Template t = parcel_desk_template();
  CHECK(read(t, "Who packed it? Was that you? No, I'm only the courier. Marta Quill, their shipping lead.",
             "packed_by") == "Marta Quill");
}

TEST_CASE("rules: a date field and a time field share a cue", "[rules][unseen]") {
  static const Template t = departures_template();
  const std::string said = "Booked on 02/03. The coach departed 14/03 at 07:40, on time.";
  CHECK(read(t, said, "travel_date") == "2026-03-14");
  CHECK(read(t, said, "wheels_up") == "07:40");
}

TEST_CASE("rules: a day said inside a gapped cue is the date", "[rules][unseen]") {
  static const Template t = sightings_template();
  CHECK(read(t, "Logged on the 16th. Spotted yesterday afternoon on the north ridge.", "spotted_date") ==
        "2026-03-15");
  // Without a day in the gap the two-word cue stands.
  CHECK(read(t, "Logged on the 16th. Spotted there on the twelfth, near the weir.", "spotted_date") ==
        "2026-03-12");
}

TEST_CASE("rules: a weekday naming today, for a field dated today, is today", "[rules][unseen]") {
  static const Template t = patrol_log_template();
  // kToday is a Monday.
  const std::string said = "Patrol log. Date Mon, 06:50, north gate.";
  CHECK(read(t, said, "patrol_date") == "2026-03-16");
  // Nor is the time a plan for next Monday's patrol.
  CHECK(read(t, said, "patrol_time") == "06:50");
  // A field not dated today keeps the next such day.
  CHECK(read(t, "Next patrol Monday.", "next_patrol") == "2026-03-23");
}

TEST_CASE("rules: a time said the military way needs no word before it", "[rules][unseen]") {
  static const Template t = patrol_log_template();
  CHECK(read(t, "Patrol log, fourteen hundred hours, north gate.", "patrol_time") == "14:00");
  CHECK(read(t, "Patrol log, north gate, ten hours on foot.", "patrol_time").is_null());
}

TEST_CASE("rules: politeness and the day said are no part of a list item", "[rules][unseen]") {
  static const Template t = hostel_template();
  CHECK(read(t, "Extras: towel, padlock, please.", "extras") == Json::array({"towel", "padlock"}));
  CHECK(read(t, "Extras: towel and padlock today.", "extras") == Json::array({"towel", "padlock"}));
}
