// Who a person field names (agent nouns of "<verb> by" cues, the person word an alias ends with,
// abbreviated speaker labels, a speaker's name said later in their turn), numbered places and
// values that are no value (a verb particle, a lowercase thing after an article), docs/RULES.md
// "Agent nouns, person words, numbered places and particles". Invented stock-check and
// equipment-return templates and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template stock_check_template() {
  return testing::invented_template(R"({
    "id": "stock-check", "title": "Stock check", "version": "1",
    "fields": [
      {"id": "check_date", "label": "Check date", "type": "date"},
      {"id": "checked_by", "label": "Checked by", "type": "text", "aliases": ["checked by"],
       "description": "Person who did the check"},
      {"id": "yard", "label": "Yard / shed", "type": "text", "aliases": ["yard", "shed", "pen"],
       "description": "Where the stock was checked"},
      {"id": "site_name", "label": "Site", "type": "text", "aliases": ["site", "holding"]},
      {"id": "sample_point", "label": "Sample point", "type": "text"},
      {"id": "water_temp_c", "label": "Water temperature", "type": "number", "unit": "°C", "min": -5, "max": 40},
      {"id": "handed_to", "label": "Handed to", "type": "text", "aliases": ["receiving nurse", "receiving doctor"],
       "description": "Nurse or doctor who took over"}
    ]})");
}

Template equipment_return_template() {
  return testing::invented_template(R"({
    "id": "equipment-return", "title": "Equipment return", "version": "1",
    "fields": [
      {"id": "employee_name", "label": "Employee", "type": "text", "aliases": ["employee"],
       "description": "Person the equipment was assigned to"},
      {"id": "technician_name", "label": "Technician", "type": "text", "aliases": ["technician"],
       "description": "Technician who took it back"},
      {"id": "approver_name", "label": "Approved by", "type": "text", "aliases": ["approved by", "signs off"]},
      {"id": "device", "label": "Device", "type": "text"}
    ]})");
}

Template viewing_template() {
  return testing::invented_template(R"({
    "id": "flat-viewing", "title": "Flat viewing", "version": "1",
    "fields": [
      {"id": "address", "label": "Property address", "type": "text", "aliases": ["address", "property"],
       "guidelines": "Street address, house number as digits."},
      {"id": "viewing_time", "label": "Viewing time", "type": "time", "aliases": ["viewing at"]}
    ]})");
}

Template venue_booking_template() {
  return testing::invented_template(R"({
    "id": "hall-booking", "title": "Hall booking", "version": "1",
    "fields": [
      {"id": "event_date", "label": "Event date", "type": "date"},
      {"id": "guests", "label": "Guests", "type": "number"}
    ]})");
}

Json read_stock(const std::string& text, const std::string& id) {
  static const Template t = stock_check_template();
  return testing::rules_raw_value(t, text, id, "2026-05-12");
}

Json read_return(const std::string& text, const std::string& id) {
  static const Template t = equipment_return_template();
  return testing::rules_raw_value(t, text, id, "2026-05-12");
}
}  // namespace

TEST_CASE("rules: the agent noun of a '<verb> by' cue names the same person", "[rules][unseen]") {
  CHECK(read_stock("Stock check, west block. Checker Imogen Travers. Forty head counted.", "checked_by") ==
        "Imogen Travers");
}

TEST_CASE("rules: the person word an alias ends with names the field's person alone", "[rules][unseen]") {
  CHECK(read_stock("Patient settled in bay two. Handed to charge nurse Odile Fairbanks at ten.", "handed_to") ==
        "Odile Fairbanks");
}

TEST_CASE("rules: an abbreviated speaker label names its field, and the speaker's name may come later in the turn",
          "[rules][unseen]") {
  // (A label is a speaker's only when it recurs.)
  const std::string text =
      "Desk: Morning, you're bringing it back? Employee: Yes, last day today. Lorcan Whitby, from finance. "
      "Desk: Thanks. Tech: Sorry, running late. Anneliese Varga, from the service desk. Employee: Hi. "
      "Tech: Right, the laptop then.";
  CHECK(read_return(text, "employee_name") == "Lorcan Whitby");
  CHECK(read_return(text, "technician_name") == "Anneliese Varga");
}

TEST_CASE("rules: a name that answers another speaker's question in their turn is not the speaker's own",
          "[rules][unseen]") {
  // "Who signs off? Employee: Name." names the one who signs off, not the employee.
  const std::string text =
      "Desk: Who signs off on this? Employee: Gunnhild Amsel. Desk: Thanks. Employee: Bye then. Desk: Bye.";
  CHECK(read_return(text, "approver_name") == "Gunnhild Amsel");
  CHECK(read_return(text, "employee_name") != "Gunnhild Amsel");
}

TEST_CASE("rules: a place cue followed by nothing but a number is part of the place's name", "[rules][unseen]") {
  CHECK(read_stock("That's the weaners in shed 4, all forty of them.", "yard") == "shed 4");
  // With a colon the cue is a label and the number is the whole value.
  CHECK(read_stock("Yard: 4. Forty head.", "yard") == "4");
}

TEST_CASE("rules: a verb particle alone is no value, and a lowercase thing after an article is no person",
          "[rules][unseen]") {
  // "hold" meets the cue "holding"; the particle after it is no site name.
  CHECK(read_stock("No need for the vet yet, I'll hold off on that.", "site_name").is_null());
  CHECK(read_stock("okay this is the checker for the lambing shed today", "checked_by").is_null());
}

TEST_CASE("rules: 'point' between two numbers is a decimal point, not another field's cue", "[rules][unseen]") {
  CHECK(read_stock("Water temperature's eleven point two, bit warm.", "water_temp_c") == 11.2);
  CHECK(read_stock("Sample point is the outfall.", "sample_point") == "outfall");
}

TEST_CASE("rules: a day said with its month is a booking's own date even when it lies ahead", "[rules][unseen]") {
  static const Template t = venue_booking_template();
  auto read = [&](const std::string& text) { return testing::rules_raw_value(t, text, "event_date", "2026-01-12"); };
  // Nothing said of today or before: the day said with its month, not today.
  CHECK(read("Hi, it's for my dad's seventieth. When is it? Saturday the seventh of March.") == "2026-03-07");
  // "last week" names no day of the event.
  CHECK(read("We spoke last week about it. It's Saturday the seventh of March, about sixty guests.") ==
        "2026-03-07");
  // A plan counted from today is still no event date: with nothing else, today (resolved later).
  CHECK(read("We'll call you back in two weeks.") == "today");
}

TEST_CASE("rules: a number before a street's name is a house number, not a time", "[rules][unseen]") {
  static const Template t = viewing_template();
  auto read = [&](const std::string& text, const char* id) { return testing::rules_raw_value(t, text, id, "2026-05-12"); };
  const std::string note = "Voice note, viewing at twelve oh five Birchmount Road, this afternoon at quarter past five.";
  CHECK(read(note, "viewing_time") == "17:15");
  // The guidelines ask for the house number as digits.
  CHECK(read(note, "address") == "1205 Birchmount Road");
  // A time that ends its sentence is still one before a street's name in the next.
  CHECK(read("Viewing at three oh five. Birchmount Road, the green door.", "viewing_time") == "15:05");
}

TEST_CASE("rules: a day part said with the other half names neither", "[rules][unseen]") {
  static const Template t = viewing_template();
  // "morning and evening" is about a bus, not the viewing; eleven is read as a working-day time.
  const std::string text = "The school bus uses it morning and evening. What time is the viewing? Quarter past eleven.";
  CHECK(testing::rules_raw_value(t, text, "viewing_time", "2026-05-12") == "11:15");
  CHECK(testing::rules_raw_value(t, "We open in the evening. Viewing at eight.", "viewing_time", "2026-05-12") == "20:00");
}

TEST_CASE("rules: an option that opens with a modal verb is said without it too", "[rules][unseen]") {
  static const Template t = testing::invented_template(R"({
    "id": "viewing-outcome", "title": "Viewing outcome", "version": "1",
    "fields": [
      {"id": "decision", "label": "Outcome", "type": "enum", "options": ["will apply", "considering", "not proceeding"]}
    ]})");
  CHECK(testing::rules_raw_value(t, "Lovely flat. We'd like to apply, actually.", "decision", "2026-05-12") ==
        "will apply");
  CHECK(testing::rules_raw_value(t, "Lovely flat, thanks for showing us.", "decision", "2026-05-12").is_null());
}

TEST_CASE("rules: a name that ends with the word for a place or a business is no person's", "[rules][unseen]") {
  static const Template t = testing::invented_template(R"({
    "id": "drone-log", "title": "Drone log", "version": "1",
    "fields": [
      {"id": "pilot", "label": "Pilot", "type": "text", "aliases": ["pilot"],
       "description": "Person flying the drone"}
    ]})");
  auto read = [&](const std::string& text) { return testing::rules_raw_value(t, text, "pilot", "2026-05-12"); };
  CHECK(read("Pilot Ines Marchetti, flying the roof survey.") == "Ines Marchetti");
  CHECK(read("Pilot for Aspen Creek Apartments today, the roof survey.").is_null());
  CHECK(read("Pilot from Kestrel Consulting on site.").is_null());
}

TEST_CASE("rules: a text value with digits in it is corrected like a code", "[rules][unseen]") {
  static const Template t = testing::invented_template(R"({
    "id": "car-return", "title": "Car return", "version": "1",
    "fields": [
      {"id": "plate", "label": "Plate", "type": "text", "guidelines": "Characters joined without spaces."}
    ]})");
  auto read = [&](const std::string& text) { return testing::rules_raw_value(t, text, "plate", "2026-05-12"); };
  CHECK(read("Plate LX74, no, LX73FKM.") == "LX73FKM");
  // "no" before words without digits is no correction of a plate.
  CHECK(read("Plate LX74, no scratches on it.") == "LX74");
}
