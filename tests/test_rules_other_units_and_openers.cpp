// Values said in another unit and names that open a turn (docs/RULES.md "Other units, turns that
// open with a name, places named with their kind"): a number said with any unit of the field's dimension is the field's
// value, converted; a labelled speaker's turn that opens with a full name, by itself or after
// "me,", gives the speaker's own name unless it answers a question. An invented yard-check
// template and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template yard_check_template() {
  return testing::invented_template(R"({
    "id": "yard-check", "title": "Yard check", "version": "1",
    "fields": [
      {"id": "driver_name", "label": "Driver", "type": "text", "aliases": ["driver"],
       "guidelines": "First and last name of the driver."},
      {"id": "signer_name", "label": "Signed off by", "type": "text", "aliases": ["signs off"],
       "guidelines": "First and last name."},
      {"id": "load_kg", "label": "Load", "type": "number", "unit": "kg", "min": 0, "max": 50000},
      {"id": "yard_area", "label": "Yard area", "type": "number", "unit": "m²", "min": 0, "max": 100000,
       "guidelines": "Rounded to a whole square metre."},
      {"id": "wait_hours", "label": "Wait", "type": "number", "unit": "h", "min": 0, "max": 48},
      {"id": "trailer_height_cm", "label": "Trailer height", "type": "number", "unit": "cm", "min": 100, "max": 500,
       "guidelines": "Rounded to a whole cm."}
    ]})");
}

Json read_yard_check(const std::string& text, const std::string& id) {
  static const Template t = yard_check_template();
  return testing::rules_raw_value(t, text, id, "2026-04-21");
}
}  // namespace

TEST_CASE("rules: a number said in another unit of the field's dimension is converted", "[rules][unseen]") {
  CHECK(read_yard_check("The plate says two point five tonnes. Brakes fine.", "load_kg") == 2500);
  CHECK(read_yard_check("It's forty-five hundred pounds, give or take.", "load_kg") == Approx(2041.2).margin(0.05));
  CHECK(read_yard_check("We cleared about three hundred square feet this morning.", "yard_area") == 28);
  CHECK(read_yard_check("They kept us there for forty-five minutes, then waved us on.", "wait_hours") == 0.75);
  // The unit goes on past its word: "five foot four", "a metre and a half".
  CHECK(read_yard_check("The box is thirteen foot two and empty.", "trailer_height_cm") == 401);
  CHECK(read_yard_check("The box is about a metre and a half taller than the car.", "trailer_height_cm") == 150);
  // A unit of another dimension says nothing about the field.
  CHECK(read_yard_check("We drove three hundred miles to get here.", "yard_area").is_null());
}

TEST_CASE("rules: a labelled turn that opens with a full name gives the speaker's own", "[rules][unseen]") {
  CHECK(read_yard_check("Gate: All done then. Driver: Jamal Osei-Bonsu, bay eleven, signing out.", "driver_name") ==
        "Jamal Osei-Bonsu");
  CHECK(read_yard_check("Gate: Who's on the early run? Driver: Me, Sione Fifita. Gate: Thanks.", "driver_name") ==
        "Sione Fifita");
  // A name that answers a question is whoever was asked about.
  const std::string asked = "Driver: Hi, I'm Tobias Kettleman, in for the pickup. Gate: Who signs off on this? "
                            "Driver: Ilse Marquardt. Gate: Fine.";
  CHECK(read_yard_check(asked, "driver_name") == "Tobias Kettleman");
  CHECK(read_yard_check(asked, "signer_name") == "Ilse Marquardt");
  // A first name alone opening a turn addresses someone.
  CHECK(read_yard_check("Gate: Are you done? Driver: Kevin, give me a minute.", "driver_name").is_null());
}
