// Times said here and now, times marked by their half of the day, a time field's date partner
// named by its id, questions that name only a type, yes/no fields implied by a list, lists of
// people by elimination and lists told by "I did ..." (docs/RULES.md "Here and now, type
// questions and action lists"). Invented templates, hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kArrRef = "2026-06-10";

Template clinic_template() {
  return testing::invented_template(R"({
    "id": "clinic-arrival", "title": "Clinic arrival", "version": "1",
    "fields": [
      {"id": "arrival_time", "label": "Arrival at clinic", "type": "time",
       "description": "When the patient reached the clinic"}
    ]})");
}

Template sample_template() {
  return testing::invented_template(R"({
    "id": "sample-receipt", "title": "Sample receipt", "version": "1",
    "fields": [
      {"id": "received_date", "label": "Date received", "type": "date", "aliases": ["received"]},
      {"id": "received_time", "label": "Logged in at", "type": "time"}
    ]})");
}

Json clinic_value(const std::string& text, const std::string& id) {
  static const Template t = clinic_template();
  return testing::rules_raw_value(t, text, id, kArrRef);
}

Template dinghy_template() {
  return testing::invented_template(R"({
    "id": "dinghy-return", "title": "Dinghy return", "version": "1",
    "fields": [
      {"id": "back_at", "label": "Back at", "type": "time"},
      {"id": "new_defects", "label": "New defects", "type": "boolean"},
      {"id": "defect_list", "label": "Defect list", "type": "textarea", "description": "New defects found"},
      {"id": "sailors", "label": "Sailors", "type": "textarea", "description": "People who took the boat out",
       "guidelines": "Full names, one per item."},
      {"id": "harbour_master", "label": "Harbour master", "type": "text", "guidelines": "First and last name."}
    ]})");
}

Json dinghy_value(const std::string& text, const std::string& id) {
  static const Template t = dinghy_template();
  return testing::rules_raw_value(t, text, id, kArrRef);
}

Template shift_template() {
  return testing::invented_template(R"({
    "id": "shift-log", "title": "Shift log", "version": "1",
    "fields": [
      {"id": "start_time", "label": "Started", "type": "time"},
      {"id": "end_time", "label": "Finished", "type": "time"}
    ]})");
}

Template arrivals_bike_template() {
  return testing::invented_template(R"({
    "id": "bike-service", "title": "Bike service", "version": "1",
    "fields": [
      {"id": "work_done", "label": "Work carried out", "type": "textarea",
       "description": "Jobs done at this service"},
      {"id": "parts", "label": "New parts", "type": "textarea", "description": "Parts replaced at this service"},
      {"id": "advice", "label": "Advice", "type": "textarea"}
    ]})");
}

Json bike_value(const std::string& text, const std::string& id) {
  static const Template t = arrivals_bike_template();
  return testing::rules_raw_value(t, text, id, kArrRef);
}

Template home_visit_template() {
  return testing::invented_template(R"({
    "id": "farrier-visit", "title": "Farrier visit", "version": "1",
    "fields": [
      {"id": "pulse", "label": "Pulse", "type": "number"},
      {"id": "findings", "label": "Findings", "type": "textarea", "description": "What the owner mentions"},
      {"id": "work", "label": "Work carried out", "type": "textarea", "description": "Jobs done at this visit"}
    ]})");
}

Template check_template() {
  return testing::invented_template(R"({
    "id": "riding-lesson", "title": "Riding lesson", "version": "1",
    "fields": [
      {"id": "facial_injury", "label": "Facial injury", "type": "boolean",
       "guidelines": "Any knock, graze or cut to the face or chin -> true; the face said to be unhurt -> false."},
      {"id": "sedation", "label": "Sedated", "type": "boolean", "aliases": ["sedation", "sedated"]}
    ]})");
}

Template hall_check_template() {
  return testing::invented_template(R"({
    "id": "hall-check", "title": "Hall check", "version": "1",
    "fields": [
      {"id": "venue", "label": "Venue", "type": "text", "description": "Building checked",
       "guidelines": "Name of the building as said."},
      {"id": "sore_count", "label": "Sore", "type": "number", "aliases": ["sore"]},
      {"id": "fed", "label": "Fed on arrival", "type": "boolean", "aliases": ["fed"]},
      {"id": "checked_by", "label": "Checked by", "type": "text", "guidelines": "First and last name."}
    ]})");
}

Json hall_check_value(const std::string& text, const std::string& id) {
  static const Template t = hall_check_template();
  return testing::rules_raw_value(t, text, id, kArrRef);
}

Template first_aid_template() {
  return testing::invented_template(R"({
    "id": "first-aid", "title": "First aid", "version": "1",
    "fields": [
      {"id": "care", "label": "Care given", "type": "textarea"},
      {"id": "drugs", "label": "Medicines given", "type": "textarea"}
    ]})");
}
}  // namespace

TEST_CASE("rules: of more times than fields, the one said here or now goes first", "[rules][unseen]") {
  CHECK(clinic_value("We left the house at nine fifty and pulled in here at twenty to eleven.", "arrival_time") ==
        "10:40");
  CHECK(clinic_value("She found him around half nine. It's ten to eleven now, let's get him weighed.",
                     "arrival_time") == "10:50");
  // Neither said here or now: the first, as before.
  CHECK(clinic_value("We left the house at nine fifty and stopped for fuel at ten fifteen.", "arrival_time") ==
        "09:50");
  // As many fields as times: each keeps its own, in order.
  const Template shift = shift_template();
  const std::string both = "I started at nine. It's now ten past eleven and I'm done.";
  CHECK(testing::rules_raw_value(shift, both, "start_time", kArrRef) == "09:00");
  CHECK(testing::rules_raw_value(shift, both, "end_time", kArrRef) == "11:10");
}

TEST_CASE("rules: a clock time ending with its half of the day needs no opener", "[rules][unseen]") {
  CHECK(dinghy_value("Skipper: I've got two forty in the afternoon.", "back_at") == "14:40");
  CHECK(dinghy_value("Came back ten thirty at night.", "back_at") == "22:30");
  // Without it, two numbers are no time.
  CHECK(dinghy_value("I've got two forty.", "back_at").is_null());
}

TEST_CASE("rules: a time field's date partner is also named by the ids", "[rules][unseen]") {
  // "Logged in at" shares no label word with "Date received"; received_time and received_date do.
  const Template t = sample_template();
  CHECK(testing::rules_raw_value(t, "Sampled this morning at six. Received at twenty past nine.", "received_time",
                                 kArrRef) == "09:20");
}

TEST_CASE("rules: a question naming only a type asks for the form's only field of it", "[rules][unseen]") {
  CHECK(dinghy_value("Harbour master: Right. Time? - I've got two forty.", "back_at") == "14:40");
  CHECK(dinghy_value("What time? - Twenty past four.", "back_at") == "16:20");
  // A question about something else is not one.
  CHECK(dinghy_value("Any time issues? - Two forty minutes late.", "back_at").is_null());
  // With two time fields, "Time?" names neither.
  const Template shift = shift_template();
  CHECK(testing::rules_raw_value(shift, "Time? - I've got two forty.", "start_time", kArrRef).is_null());
  CHECK(testing::rules_raw_value(shift, "Time? - I've got two forty.", "end_time", kArrRef).is_null());
}

TEST_CASE("rules: a yes/no field named by a list is true when the list has items", "[rules][unseen]") {
  CHECK(dinghy_value("Defect list: a split tiller and a frayed sheet.", "new_defects") == true);
  // An empty list says nothing of the yes/no.
  CHECK(dinghy_value("Back at four, all shipshape.", "new_defects").is_null());
}

TEST_CASE("rules: a list of people takes the full names no field holds", "[rules][unseen]") {
  const std::string said =
      "Harbour master is Wendell Prior. Can I have both your full names? - Ottoline Brisk. - And I'm Fenwick "
      "Adair.";
  CHECK(dinghy_value(said, "sailors") == Json::array({"Ottoline Brisk", "Fenwick Adair"}));
  CHECK(dinghy_value(said, "harbour_master") == "Wendell Prior");
  // A name that runs on into its sentence is someone talked about.
  CHECK(dinghy_value("Harbour master is Wendell Prior. Nadia Brooks from the office rang.", "sailors").is_null());
  // Lowercase speech marks no names.
  CHECK(dinghy_value("harbour master is wendell prior and ottoline brisk took it out", "sailors").is_null());
}

TEST_CASE("rules: a list of what was done is told by the speaker saying they did it", "[rules][unseen]") {
  CHECK(bike_value("Right, I did a brake bleed and a chain clean.", "work_done") ==
        Json::array({"brake bleed", "chain clean"}));
  CHECK(bike_value("We replaced the cassette. Keep it out of the rain.", "parts") == Json::array({"cassette"}));
  // An emphatic "did", a condition and a negation tell nothing done.
  CHECK(bike_value("I did tell him about the noise.", "work_done").is_null());
  CHECK(bike_value("If we replaced the chain it would shift better.", "parts").is_null());
  CHECK(bike_value("We never replaced the mudguards.", "parts").is_null());
  // A verb two lists share names neither.
  const Template aid = first_aid_template();
  CHECK(testing::rules_raw_value(aid, "I gave him an ice pack.", "care", kArrRef).is_null());
  CHECK(testing::rules_raw_value(aid, "I gave him an ice pack.", "drugs", kArrRef).is_null());
}

TEST_CASE("rules: 'so yes' after a list item ends the list", "[rules][unseen]") {
  CHECK(bike_value("I did a chain clean, so yes, the gears are fine now.", "work_done") ==
        Json::array({"chain clean"}));
}

TEST_CASE("rules: restatements acknowledged are the items of the one list left", "[rules][unseen]") {
  const Template t = home_visit_template();
  const std::string said =
      "Farrier: I did a trim and a reset. Owner: She's been stumbling on the gravel. Farrier: Stumbling, noted. "
      "Owner: And the left fore feels warm and she's lame after rides. Farrier: Warm hoof and lameness, got it.";
  CHECK(testing::rules_raw_value(t, said, "findings", kArrRef) == Json::array({"Stumbling", "Warm hoof", "lameness"}));
  // A number restated is another field's value; a restatement echoing nothing said is no item.
  CHECK(testing::rules_raw_value(t, "I did a trim. Pulse is forty. Forty, okay.", "findings", kArrRef).is_null());
  CHECK(testing::rules_raw_value(t, "I did a trim. She looks well. Loose shoe, noted.", "findings", kArrRef).is_null());
  // Another field's cue restated is that field's talk.
  const std::string fast = "I did a trim. Her pulse felt fast. Fast pulse, noted.";
  CHECK(testing::rules_raw_value(t, fast, "findings", kArrRef).is_null());
  // Two lists left: the restatement names neither.
  CHECK(testing::rules_raw_value(t, "She's been stumbling. Stumbling, noted.", "findings", kArrRef).is_null());
}

TEST_CASE("rules: a negation reaches over what it denies and where", "[rules][unseen]") {
  const Template t = check_template();
  const std::string chin = "Rider fell off, and there's not a scratch on her chin.";
  CHECK(testing::rules_raw_value(t, chin, "facial_injury", kArrRef) == false);
  CHECK(testing::rules_raw_value(t, "There's a scratch on her chin.", "facial_injury", kArrRef) == true);
  // A word for the day between the negation and the cue hides no verb.
  CHECK(testing::rules_raw_value(t, "Nothing today needs sedation, she's calm.", "sedation", kArrRef) == false);
}

TEST_CASE("rules: the speaker's 'I did' is no part of a list item", "[rules][unseen]") {
  CHECK(bike_value("Work carried out: I did a brake bleed and a chain clean.", "work_done") ==
        Json::array({"brake bleed", "chain clean"}));
}

TEST_CASE("rules: a place greeted by name or named in a note's header is the building's", "[rules][unseen]") {
  CHECK(hall_check_value("Hi, welcome to Larchmere Community Hall. Let's start with the boiler.", "venue") ==
        "Larchmere Community Hall");
  CHECK(hall_check_value("Boiler check, Tuesday the fifth, Ashgrove Sports Pavilion. Checked by me, Amy Chen.",
                         "venue") == "Ashgrove Sports Pavilion");
  // Two capitalized words with no building word may be a person; one clause is no header.
  CHECK(hall_check_value("Boiler check, Tuesday the fifth, Amy Chen. All fine.", "venue").is_null());
  CHECK(hall_check_value("Ashgrove Sports Pavilion looked fine today.", "venue").is_null());
}

TEST_CASE("rules: a zero quantifier with a contracted 'is' counts none", "[rules][unseen]") {
  CHECK(hall_check_value("Checked the ponies. Nobody's sore.", "sore_count") == 0);
}

TEST_CASE("rules: 'feeding' is said of what is 'fed', and 'thirsty' restates as 'thirst'", "[rules][unseen]") {
  CHECK(hall_check_value("She's been feeding the ponies hay.", "fed") == true);
  CHECK(hall_check_value("She didn't feed them this morning.", "fed") == false);
  const Template t = home_visit_template();
  CHECK(testing::rules_raw_value(t, "I did a trim. She's thirsty all the time. Increased thirst, okay.", "findings",
                                 kArrRef) == Json::array({"Increased thirst"}));
}
