// Who did it and when (docs/RULES.md "Worked examples, levels, vague dates and who did it"): a
// name given in answer to "who found it?", a speaker who greets and gives their full name, a title before
// a name said alone, a time said with another event's day, a list whose first item starts with
// the field's cue, and a species' "common name" that is no person. An invented animal-rescue
// template and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template rescue_template() {
  return testing::invented_template(R"({
    "id": "animal-rescue", "title": "Animal rescue", "version": "1",
    "fields": [
      {"id": "kind", "label": "Kind", "type": "text", "description": "Common name of the species"},
      {"id": "finder_name", "label": "Finder", "type": "text", "aliases": ["found by"],
       "guidelines": "First and last name of the person who found the animal."},
      {"id": "carer_name", "label": "Carer", "type": "text", "aliases": ["first aider"],
       "guidelines": "First and last name of the person giving care."},
      {"id": "intake_date", "label": "Intake date", "type": "date"},
      {"id": "found_date", "label": "Found date", "type": "date", "aliases": ["found", "found on"]},
      {"id": "intake_time", "label": "Intake time", "type": "time"},
      {"id": "wounds", "label": "Wounds", "type": "textarea", "aliases": ["cut", "graze"]}
    ]})");
}

Json read_rescue(const std::string& text, const std::string& id) {
  static const Template t = rescue_template();
  return testing::rules_raw_value(t, text, id, "2026-04-21");
}
}  // namespace

TEST_CASE("rules: the answer to 'who found it?' is the finder", "[rules][unseen]") {
  CHECK(read_rescue("- Who found it? - My neighbour, Ana Ruiz. - Okay, thanks.", "finder_name") == "Ana Ruiz");
  CHECK(read_rescue("Carer: Right. And who found it? Finder: Me, Rafael Quintero-Ruiz. Carer: Thanks. Finder: No problem.",
             "finder_name") == "Rafael Quintero-Ruiz");
  // An agent noun is asked with its base: "first aider" with "first aid".
  CHECK(read_rescue("- Who was on first aid? - Tegan Faulkner. - Good.", "carer_name") == "Tegan Faulkner");
  // A question about something else leaves the name to its own field.
  CHECK(read_rescue("- Who brought it in? - Ana Ruiz. - Okay.", "carer_name").is_null());
}

TEST_CASE("rules: a speaker who greets and gives their full name gives their own", "[rules][unseen]") {
  CHECK(read_rescue("Carer: Morning, Bea Okafor, from the centre. Finder: Hi. Carer: What have we got?", "carer_name") ==
        "Bea Okafor");
  // A first name alone after the greeting is the person greeted, not the speaker.
  CHECK(read_rescue("Carer: Morning, Bea. Finder: Hi. Carer: What have we got?", "carer_name").is_null());
}

TEST_CASE("rules: a title before a name said alone still opens it", "[rules][unseen]") {
  CHECK(read_rescue("- And your name? - Mrs Edwina Clatworthy. - Thanks.", "finder_name") == "Edwina Clatworthy");
}

TEST_CASE("rules: a time said with another event's day is not this form's time", "[rules][unseen]") {
  const std::string found = "- When did you find her? - Yesterday, about nine at night. - Okay.";
  CHECK(read_rescue(found, "found_date") == "2026-04-20");
  CHECK(read_rescue(found, "intake_time").is_null());
  // Said with today, the time is the form's own.
  CHECK(read_rescue("- It came in today, at about nine this morning. - Okay.", "intake_time") == "09:00");
}

TEST_CASE("rules: a list whose first item starts with the field's cue", "[rules][unseen]") {
  CHECK(read_rescue("She has a cut under her chin and a scraped knee.", "wounds") == Json::array({"cut under her chin", "scraped knee"}));
  // The label word itself before a place is a label: "wounds to" lists what follows.
  CHECK(read_rescue("Wounds to the left leg and a torn ear.", "wounds") != Json::array({"wounds to the left leg", "torn ear"}));
}

TEST_CASE("rules: the common name of a species is no person's name", "[rules][unseen]") {
  // "Kind" is the first name-like field; a full name said alone is the finder's, not the kind's.
  CHECK(read_rescue("- Edwina Clatworthy. - And what is it? - A kestrel.", "kind") != "Edwina Clatworthy");
}
