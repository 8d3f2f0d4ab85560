// A speaker's own name set off by where they are from or by what they go on to say, a doctor's
// self-introduction for the template's one doctor field, a venue field whose guidelines ask for a
// house number as digits, a cue followed by 'does' or 'did', street and building fields
// (docs/RULES.md "Introductions with an organisation, doctors, venues, streets, buildings,
// support verbs and 'but'").
// Invented templates and sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template boiler_service_template() {
  return testing::invented_template(R"({
    "id": "boiler-service", "title": "Boiler service", "version": "1",
    "fields": [
      {"id": "engineer_name", "label": "Serviced by", "type": "text", "aliases": ["engineer", "fitter"],
       "guidelines": "First and last name."},
      {"id": "occupier", "label": "Occupier", "type": "text", "aliases": ["tenant", "occupier"],
       "guidelines": "First and last name."},
      {"id": "pressure_bar", "label": "Pressure", "type": "number", "unit": "bar"}
    ]})");
}

Template clinic_visit_template(bool second_doctor_field) {
  std::string fields = R"(
      {"id": "patient_name", "label": "Patient", "type": "text", "aliases": ["patient"],
       "guidelines": "First and last name."},
      {"id": "seen_by", "label": "Seen by", "type": "text", "aliases": ["examiner"],
       "description": "Optometrist or assistant who examined the patient",
       "guidelines": "First and last name, without Dr."})";
  if (second_doctor_field)
    fields += R"(,
      {"id": "referred_by", "label": "Referred by", "type": "text", "description": "Physician who referred the patient"})";
  const std::string json = R"({"id": "eye-check", "title": "Eye check", "version": "1", "fields": [)" + fields + "]}";
  return testing::invented_template(json.c_str());
}

Template function_booking_template() {
  return testing::invented_template(R"({
    "id": "function-booking", "title": "Function booking", "version": "1",
    "fields": [
      {"id": "location", "label": "Location", "type": "text", "aliases": ["venue", "where", "address", "hall"],
       "guidelines": "Venue name, or street address with the number as digits."},
      {"id": "guests", "label": "Guests", "type": "number"}
    ]})");
}

Template street_and_building_template() {
  return testing::invented_template(R"({
    "id": "street-survey", "title": "Street survey", "version": "1",
    "fields": [
      {"id": "road", "label": "Street", "type": "text", "aliases": ["road", "street", "lane"]},
      {"id": "premises", "label": "Building", "type": "text", "aliases": ["building", "site"],
       "guidelines": "Name of the building as said."},
      {"id": "depth_mm", "label": "Depth", "type": "number", "unit": "mm"}
    ]})");
}

Json read_survey(const std::string& text, const std::string& id) {
  static const Template t = street_and_building_template();
  return testing::rules_raw_value(t, text, id, "2026-03-02");
}

Template lift_visit_template() {
  return testing::invented_template(R"({
    "id": "lift-visit", "title": "Lift visit", "version": "1",
    "fields": [
      {"id": "technician_name", "label": "Technician", "type": "text", "guidelines": "First and last name."},
      {"id": "building_name", "label": "Building", "type": "text", "aliases": ["building", "site"]}
    ]})");
}

Json read_lift(const std::string& text, const std::string& id) {
  static const Template t = lift_visit_template();
  return testing::rules_raw_value(t, text, id, "2026-03-02");
}

Json read_service(const std::string& text, const std::string& id) {
  static const Template t = boiler_service_template();
  return testing::rules_raw_value(t, text, id, "2026-03-02");
}

Json read_visit(const std::string& text, const std::string& id, bool second_doctor_field = false) {
  const Template t = clinic_visit_template(second_doctor_field);
  return testing::rules_raw_value(t, text, id, "2026-03-02");
}

Json read_booking(const std::string& text, const std::string& id) {
  static const Template t = function_booking_template();
  return testing::rules_raw_value(t, text, id, "2026-03-02");
}
}  // namespace

TEST_CASE("rules: a speaker's own name followed by where they are from is theirs", "[rules][unseen]") {
  // Straight after a greeting, with no comma before the firm's name.
  CHECK(read_service("Engineer: Morning, Marek Dvorak from Copperline Heating, here for the annual service. "
                     "Tenant: Come in. Engineer: Thanks.",
                     "engineer_name") == "Marek Dvorak");
  // In a later sentence of the turn, set off by a comma before the firm.
  CHECK(read_service("Tenant: Hello? Engineer: No bother. Marek Dvorak, Copperline Heating. "
                     "Tenant: Come in. Engineer: Thanks.",
                     "engineer_name") == "Marek Dvorak");
  // Or before the speaker goes on about themself.
  CHECK(read_service("Tenant: Hello? Engineer: Yes, hello. Marek Dvorak, I fitted this boiler last year. "
                     "Tenant: Oh right. Engineer: Pressure is one point two bar.",
                     "engineer_name") == "Marek Dvorak");
}

TEST_CASE("rules: a name running on into a sentence about someone else is not the speaker's", "[rules][unseen]") {
  // "from the office" without a comma and not a firm's name: the sentence goes on.
  CHECK(read_service("Tenant: Hello? Engineer: Yes, Nadia Brooks from the office rang you about today. "
                     "Tenant: She did. Engineer: Right.",
                     "engineer_name")
            .is_null());
  // A name set off by a comma but followed by lowercase words is no introduction.
  CHECK(read_service("Tenant: Hello? Engineer: No bother. Nadia Brooks, my manager, sent me. "
                     "Tenant: Fine. Engineer: Right.",
                     "engineer_name")
            .is_null());
}

TEST_CASE("rules: a doctor introducing themself is the template's one doctor field", "[rules][unseen]") {
  const std::string talk =
      "And just your name for the chart? Tobias Wren. Got it, the doctor will be right in. "
      "Hey Tobias, I'm Dr. Priya Raman. Sorry about the wait.";
  CHECK(read_visit(talk, "seen_by") == "Priya Raman");
  CHECK(read_visit(talk, "patient_name") == "Tobias Wren");
  // Said in an uncased, unpunctuated transcript too.
  CHECK(read_visit("alright i'm doctor priya raman by the way let's have a look", "seen_by") == "priya raman");
  // A surname alone is how a doctor is addressed, not the name the form wants.
  CHECK(read_visit("Hey Tobias, I'm Dr. Raman. Sorry about the wait.", "seen_by").is_null());
  // Two fields for doctors: the title does not say which one.
  CHECK(read_visit(talk, "seen_by", true).is_null());
  CHECK(read_visit(talk, "referred_by", true).is_null());
}

TEST_CASE("rules: a house number asked for as digits does not make a venue a code", "[rules][unseen]") {
  CHECK(read_booking("Date is the ninth of May, the venue is Thornfield House. About sixty guests.", "location") ==
        "Thornfield House");
  // An address said without a label, for the template's one field with an 'address' alias.
  CHECK(read_booking("We've got the rooftop at our office, 212 Marlow Street. Sixty guests.", "location") ==
        "212 Marlow Street");
}

TEST_CASE("rules: a cue followed by a form of 'do' tells something about it, not its value", "[rules][unseen]") {
  CHECK(read_booking("Sixty guests. The hall does have a licence, but we're bringing our own drinks.", "location")
            .is_null());
  CHECK(read_booking("Sixty guests. The venue did the flowers last time.", "location").is_null());
}

TEST_CASE("rules: a field labelled Street or Road holds a street named after 'on'", "[rules][unseen]") {
  CHECK(read_survey("Resident: It's just here, on Fenwick Lane, outside number 9. Officer: Got it.", "road") ==
        "Fenwick Lane");
  // An article between the preposition and the name.
  CHECK(read_survey("I'm standing at it now. It's on the Marlpit Road, past the mill entrance.", "road") ==
        "Marlpit Road");
}

TEST_CASE("rules: a building's name is read only where capitals show it", "[rules][unseen]") {
  CHECK(read_survey("This is the weekly alarm test at Larkfield House, can you hear me?", "premises") ==
        "Larkfield House");
  // Lowercase words after "at" in an uncased transcript are somewhere in the building.
  CHECK(read_survey("okay so that's everybody at the muster point yep all accounted for", "premises").is_null());
}

TEST_CASE("rules: a building's name field is a place, not a person's name", "[rules][unseen]") {
  // "name" in the id made it a proper name read like a person's, and no place phrase filled it.
  CHECK(read_lift("Facilities: It's the goods lift at Larkfield Depot, bay two. Tech: Right. Facilities: Yes.",
                  "building_name") == "Larkfield Depot");
  // Only the name's capitalized words: "lobby" is where in the building.
  CHECK(read_lift("Caller: A woman is stuck in the lift in the Quarry Tower lobby. Operator: Okay.", "building_name") ==
        "Quarry Tower");
}

TEST_CASE("rules: 'You're <name>?' asks the next speaker who they are", "[rules][unseen]") {
  const std::string talk =
      "Engineer: I'm Marek Dvorak, I'll sign the certificate. You're Lucinda Hartley? Tenant: That's me. "
      "Engineer: Pressure is one point two bar. Tenant: Fine.";
  CHECK(read_service(talk, "occupier") == "Lucinda Hartley");
  CHECK(read_service(talk, "engineer_name") == "Marek Dvorak");
}
