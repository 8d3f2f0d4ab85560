// Text, list and name fields on forms the engine has never seen (docs/RULES.md "Text, lists and
// names on unseen forms"): invented templates and hand-written sentences for each mechanism.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {

Json read_in_june(const Template& t, const std::string& text, const std::string& id) {
  return testing::rules_raw_value(t, text, id, "2026-06-10");
}

// A repair visit: two people, a product, a list of parts and a measurement.
Template repair_template() {
  return testing::invented_template(R"({"id": "repair-visit", "title": "Repair visit", "fields": [
    {"id": "technician", "label": "Technician", "type": "text", "aliases": ["technician", "engineer"],
     "guidelines": "First and last name."},
    {"id": "customer", "label": "Customer", "type": "text", "aliases": ["customer"],
     "guidelines": "First and last name."},
    {"id": "unit_model", "label": "Unit model", "type": "text", "guidelines": "As said, numbers as numerals."},
    {"id": "parts", "label": "Parts replaced", "type": "textarea", "aliases": ["replaced", "swapped", "changed"]},
    {"id": "noise_db", "label": "Noise", "type": "number", "unit": "dB"},
    {"id": "volume_m3", "label": "Volume pumped", "type": "number", "unit": "m³"}]})");
}

// A clinic visit whose guidelines say a read-back list wins.
Template clinic_template() {
  return testing::invented_template(R"({"id": "clinic-visit", "title": "Clinic visit", "fields": [
    {"id": "patient", "label": "Patient", "type": "text", "aliases": ["patient"]},
    {"id": "symptoms", "label": "Symptoms", "type": "textarea", "aliases": ["symptoms", "hurt"],
     "guidelines": "One item per symptom; when the nurse reads the list back, its wording wins."},
    {"id": "treatment", "label": "Treatment", "type": "textarea", "aliases": ["treatment", "first aid"]},
    {"id": "vaccines", "label": "Vaccines given", "type": "textarea", "aliases": ["vaccines"]},
    {"id": "allergies", "label": "Allergies", "type": "textarea", "aliases": ["allergies"]}]})");
}

Json repair(const std::string& text, const std::string& id) { return read_in_june(repair_template(), text, id); }
Json clinic(const std::string& text, const std::string& id) { return read_in_june(clinic_template(), text, id); }
}  // namespace

TEST_CASE("rules: a long dash between turns is punctuation, not a word", "[rules][text-general]") {
  CHECK(clinic("Any allergies? \xE2\x80\x94 Pollen, and a dust allergy.", "allergies") ==
        Json::array({"Pollen", "dust allergy"}));
}

TEST_CASE("rules: a list read back as it is written down", "[rules][text-general]") {
  const std::string talk =
      "Nurse: What's the trouble? Parent: She's been coughing at night and her throat is raw. "
      "Nurse: Right, so I'll put down night cough and a sore throat. Parent: Yes.";
  CHECK(clinic(talk, "symptoms") == Json::array({"night cough", "sore throat"}));
  // A record phrase followed by a clause of its own reads nothing back.
  CHECK(clinic("Nurse: I'll note I called her father at noon.", "symptoms").is_null());
  // The template's only list takes a read-back when no cue names it.
  auto desk = testing::invented_template(R"({"id": "desk-log", "title": "Desk log", "fields": [
    {"id": "guest", "label": "Guest", "type": "text"},
    {"id": "problems", "label": "Problems", "type": "textarea"}]})");
  CHECK(read_in_june(desk, "Okay. So I'm logging: a broken lamp, and a stained carpet.", "problems") ==
        Json::array({"broken lamp", "stained carpet"}));
}

TEST_CASE("rules: a cue that names the document is no label", "[rules][text-general]") {
  CHECK(clinic("Symptoms log. Seen at the front desk.", "symptoms").is_null());
}

TEST_CASE("rules: list items that are not items", "[rules][text-general]") {
  // A comment on the item before.
  CHECK(repair("I swapped the fuse, it was blown, and the plug on the kettle.", "parts") ==
        Json::array({"fuse", "plug on the kettle"}));
  // A measurement another field holds.
  auto site = testing::invented_template(R"({"id": "site-day", "title": "Site day", "fields": [
    {"id": "work_done", "label": "Work done", "type": "textarea", "aliases": ["work done"]},
    {"id": "volume_m3", "label": "Concrete placed", "type": "number", "unit": "m³",
     "guidelines": "Cubic metres placed today."}]})");
  CHECK(read_in_june(site, "Work done: laid the garage slab, thirty cubic metres, and backfilled the trench.",
                  "work_done") == Json::array({"laid the garage slab", "backfilled the trench"}));
  // A time of day.
  CHECK(clinic("Her knee hurt this evening.", "symptoms").is_null());
  // The person who did it, named with a title.
  CHECK(clinic("First aid? \xE2\x80\x94 Mrs Quayle gave her a plaster and cleaned the graze.", "treatment") ==
        Json::array({"gave her a plaster", "cleaned the graze"}));
  // An aside led by a conjunction after the item.
  CHECK(repair("I replaced the hose while I was there.", "parts") == Json::array({"hose"}));
}

TEST_CASE("rules: where list items are cut", "[rules][text-general]") {
  // A list said without punctuation ends where it says there is nothing more.
  CHECK(repair("okay so i changed the igniter nothing else needed the unit runs fine", "parts") ==
        Json::array({"igniter"}));
  // "or" inside a negated item, "and" inside an idiom.
  CHECK(clinic("Symptoms: no appetite or thirst, and a rash.", "symptoms") ==
        Json::array({"no appetite or thirst", "rash"}));
  CHECK(clinic("Symptoms: dizziness on and off, and a dry cough.", "symptoms") ==
        Json::array({"dizziness on and off", "dry cough"}));
}

TEST_CASE("rules: the speaker's own action joined to a list", "[rules][text-general]") {
  auto site = testing::invented_template(R"({"id": "site-day", "title": "Site day", "fields": [
    {"id": "work_done", "label": "Work done", "type": "textarea", "aliases": ["got done"]},
    {"id": "meds", "label": "Medications", "type": "textarea", "aliases": ["medications"]}]})");
  CHECK(read_in_june(site, "What did we get done? \xE2\x80\x94 Fenced the yard, and we painted the shed.", "work_done") ==
        Json::array({"Fenced the yard", "painted the shed"}));
  // A pronoun right after the cue starts no list.
  CHECK(read_in_june(site, "He refused medications and we couldn't book a review.", "meds").is_null());
}

TEST_CASE("rules: negation and bare answers for list cues", "[rules][text-general]") {
  CHECK(clinic("She doesn't need any first aid, she's resting with a drink.", "treatment").is_null());
  CHECK(clinic("Here for a checkup and vaccines? \xE2\x80\x94 Yes. And she's been eating well.", "vaccines").is_null());
}

TEST_CASE("rules: whose name it is in a labelled conversation", "[rules][text-general]") {
  // A first-person introduction later in the turn.
  CHECK(repair("Customer: Come in! Engineer: Morning. Sorry I'm late. I'm Dara Quill from Heatco. Customer: Hi. "
               "Engineer: Right.",
               "technician") == "Dara Quill");
  // A full name opening a turn.
  CHECK(repair("Engineer: Is this the Brennan house? Customer: Yes, Maeve Brennan, come in. Engineer: Thanks.",
               "customer") == "Maeve Brennan");
  // A surname asked for, answered with the surname and then the full name.
  CHECK(repair("Engineer: Sorry, what's the surname? Customer: Ashdown. Petra Ashdown. Engineer: Great. Customer: Tea?",
               "customer") == "Petra Ashdown");
}

TEST_CASE("rules: a name in apposition before its cue", "[rules][text-general]") {
  auto desk = testing::invented_template(R"({"id": "desk", "title": "Desk", "fields": [
    {"id": "handled_by", "label": "Handled by", "type": "text", "aliases": ["night manager"]}]})");
  CHECK(read_in_june(desk, "Hello. I'm Tove, the night manager. What happened?", "handled_by") == "Tove");
}

TEST_CASE("rules: the report's subject named after 'the report is for'", "[rules][text-general]") {
  auto report = testing::invented_template(R"({"id": "yard", "title": "Yard report", "fields": [
    {"id": "pupil", "label": "Pupil", "type": "text", "guidelines": "First and last name of the pupil."},
    {"id": "teacher", "label": "Teacher", "type": "text"}]})");
  CHECK(read_in_june(report,
                  "Morning, sorry it's late, we had assembly and then a fire drill. Anyway the report's for "
                  "Ellis Varga, he fell in the yard.",
                  "pupil") == "Ellis Varga");
}

TEST_CASE("rules: name spans on unseen forms", "[rules][text-general]") {
  auto shop = testing::invented_template(R"({"id": "shop", "title": "Shop visit", "fields": [
    {"id": "project", "label": "Project", "type": "text", "aliases": ["project"]},
    {"id": "business", "label": "Business name", "type": "text", "aliases": ["business name"]},
    {"id": "kind", "label": "Kind", "type": "enum", "options": ["bakery", "cafe"]},
    {"id": "in_charge", "label": "Person in charge", "type": "text", "aliases": ["person in charge"],
     "guidelines": "First and last name."}]})");
  // A number written at the end of a name.
  CHECK(read_in_june(shop, "Project Larchmont Terrace Phase 3. Weather fine.", "project") == "Larchmont Terrace Phase 3");
  // A lowercase business name holding another field's option word.
  CHECK(read_in_june(shop, "business name is silver birch bakery on mill lane", "business") == "silver birch bakery");
  // A role word between the article and a lowercase name.
  CHECK(read_in_june(shop, "person in charge is the baker ana rios and it is busy", "in_charge") == "ana rios");
}

TEST_CASE("rules: a product model said in passing", "[rules][text-general]") {
  CHECK(repair("Right, so it's an Orlen Jet 450, up on the shelf.", "unit_model") == "Orlen Jet 450");
  // A measurement after another field's cue is not a model.
  CHECK(repair("Noise 42 decibels. All fine.", "unit_model").is_null());
}

TEST_CASE("rules: a business presented by its owner", "[rules][text-general]") {
  auto visit = testing::invented_template(R"({"id": "visit", "title": "Visit", "fields": [
    {"id": "business", "label": "Business name", "type": "text"},
    {"id": "inspector", "label": "Inspector", "type": "text", "guidelines": "First and last name."}]})");
  CHECK(read_in_june(visit, "Hi. This is my bakery, Crumb Theory. Come in.", "business") == "Crumb Theory");
  CHECK(read_in_june(visit, "Hi. This is my colleague, Ann Lee.", "business").is_null());
  // A business field is never the form's subject person.
  CHECK(read_in_june(visit, "Morning, I'm Bo Lindgren, health officer.", "business").is_null());
}
