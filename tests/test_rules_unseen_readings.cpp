// Readings the rules engine makes on forms it has never seen (docs/RULES.md "Later readings,
// ages, codes and colours"): a later reading of a measurement ("A but B" too), an age said after
// a name, a code format asked for in words, a make before a model code, a colour said without
// its label. An invented courier-collection template and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template courier_template() {
  return testing::invented_template(R"({
    "id": "courier-collection", "title": "Courier collection", "version": "1",
    "fields": [
      {"id": "driver_age", "label": "Driver age", "type": "number", "unit": "years", "min": 16, "max": 90},
      {"id": "service_years", "label": "Years of service", "type": "number", "unit": "years", "min": 0, "max": 60},
      {"id": "parcel_temp", "label": "Parcel temperature", "type": "number", "unit": "°C",
       "guidelines": "When read_courier more than once, the latest reading."},
      {"id": "depot_temp", "label": "Depot temperature", "type": "number", "unit": "°C",
       "guidelines": "The reading at the start of the shift."},
      {"id": "van_ref", "label": "Van reference", "type": "text", "aliases": ["van number"],
       "guidelines": "Letters and digits from the door plate, joined, in capitals, with a hyphen between the letters and the number."},
      {"id": "seal_code", "label": "Seal code", "type": "text",
       "guidelines": "Letters and digits joined, with a hyphen only where 'dash' is said."},
      {"id": "scanner_model", "label": "Scanner", "type": "text", "description": "Handheld scanner make and model",
       "guidelines": "Make then model code as said."},
      {"id": "box_colour", "label": "Box colour", "type": "text"},
      {"id": "box_count", "label": "Boxes", "type": "number", "min": 0, "max": 500}
    ]})");
}

Json read_courier(const std::string& text, const std::string& id) {
  static const Template t = courier_template();
  return testing::rules_raw_value(t, text, id, "2026-06-02");
}
}  // namespace

TEST_CASE("rules: a later reading of a measurement in the same sentence replaces the first", "[rules][unseen]") {
  CHECK(read_courier("Parcel temperature was nine when I picked it up, now six.", "parcel_temp") == 6);
  CHECK(read_courier("Parcel temperature first reading nine, latest is seven.", "parcel_temp") == 7);
  CHECK(read_courier("Parcel temperature has come down from nine to five.", "parcel_temp") == 5);
  // No revision word: the reading stands, and a later sentence is not a revision.
  CHECK(read_courier("Parcel temperature nine when I picked it up.", "parcel_temp") == 9);
  // A field whose guidelines ask for the start of the shift keeps the first reading.
  CHECK(read_courier("Depot temperature about four at six, got up to eleven by noon.", "depot_temp") == 4);
}

TEST_CASE("rules: 'A but B' of one quantity in one sentence keeps B", "[rules][unseen]") {
  CHECK(read_courier("Parcel temperature was meant to be nine but it was six on arrival.", "parcel_temp") == 6);
  CHECK(read_courier("Boxes, they said a hundred and thirty but the final count is a hundred and ten.", "box_count") ==
        110);
  // Another field's cue after "but" ends the reach; a number that opens a clause counts a part.
  CHECK(read_courier("Parcel temperature nine but depot temperature eleven.", "parcel_temp") == 9);
  CHECK(read_courier("Boxes, there were seven but two are damaged.", "box_count") == 7);
}

TEST_CASE("rules: an age said right after a full name or after she's", "[rules][unseen]") {
  CHECK(read_courier("The driver is Tomas Berg, forty-two, on his usual round.", "driver_age") == 42);
  CHECK(read_courier("Driver today, she's thirty-one, new to the route.", "driver_age") == 31);
  CHECK(read_courier("this is maria lund she's fifty four she loads the van", "driver_age") == 54);
  // A number after a name that goes on ("Tomas Berg, 42 parcels") is not an age, and a field
  // measured in years that is no age never reads one after a name.
  CHECK(read_courier("Collected by Tomas Berg, forty-two parcels in all.", "driver_age").is_null());
  CHECK(read_courier("The driver is Tomas Berg, forty-two, on his usual round.", "service_years").is_null());
}

TEST_CASE("rules: a code's hyphen asked for in words, not only by an example", "[rules][unseen]") {
  CHECK(read_courier("Van number V N four one.", "van_ref") == "VN-41");
  // "only where 'dash' is said" asks for no hyphen of its own, and the quoted 'dash' is no cue.
  CHECK(read_courier("Seal code S K four one.", "seal_code") == "SK41");
  CHECK(read_courier("Seal code S K dash four one.", "seal_code") == "SK-41");
}

TEST_CASE("rules: the make said before a model code belongs to a make-and-model field", "[rules][unseen]") {
  CHECK(read_courier("Scanner is a Trellix Z9, charged overnight.", "scanner_model") == "Trellix Z9");
  // The label word itself is no make.
  CHECK(read_courier("Scanner: Z9, charged overnight.", "scanner_model") == "Z9");
}

TEST_CASE("rules: a colour field said without its label takes the first colour said", "[rules][unseen]") {
  CHECK(read_courier("Picked up the big navy crate from the loading bay.", "box_colour") == "navy");
  CHECK(read_courier("Picked up a dark green crate and a red bag.", "box_colour") == "dark green");
  // A colour word in a name is no colour ("Mr Brown"), and no colour said leaves it empty.
  CHECK(read_courier("Signed for by Mr Brown at the desk.", "box_colour").is_null());
  CHECK(read_courier("Picked up the crate from the loading bay.", "box_colour").is_null());
}

TEST_CASE("rules: a speaker label that is the person word a cue ends with ties the speaker's name to it",
          "[rules][unseen]") {
  Template t = parse_template(Json::parse(R"({
    "id": "handover", "title": "Handover", "version": "1",
    "fields": [{"id": "received_by", "label": "Received by", "type": "text",
                "aliases": ["receiving nurse", "receiving doctor"]},
               {"id": "crew_lead", "label": "Crew lead", "type": "text"}]})"),
                              "handover template")
                   .value();
  const std::string text = "Medic: Who's taking this one? Doctor: I'm Ines Carvalho, go ahead. Medic: Thanks.";
  CHECK(testing::rules_raw_value(t, text, "received_by", "2026-06-02") == "Ines Carvalho");
  // The name is the doctor's, not the crew lead's.
  CHECK(testing::rules_raw_value(t, text, "crew_lead", "2026-06-02").is_null());
}

TEST_CASE("rules: a name given in answer to 'your name' is the answering speaker's, not another role's",
          "[rules][unseen]") {
  Template t = parse_template(Json::parse(R"({
    "id": "statement", "title": "Statement", "version": "1",
    "fields": [{"id": "officer_name", "label": "Reporting officer", "type": "text", "aliases": ["officer"]},
               {"id": "notes", "label": "Notes", "type": "textarea"}]})"),
                              "statement template")
                   .value();
  auto officer = [&](const std::string& text) { return testing::rules_raw_value(t, text, "officer_name", "2026-06-02"); };
  CHECK(officer("Officer: Thanks for waiting. Can I take your name? Witness: Florentyna Basak. Officer: Were you hurt? "
                "Witness: No.")
            .is_null());
  // A name the officer reads out alone (from a licence) is still read as before.
  CHECK(officer("Officer: Licence please. Driver: Here. Officer: Tobias Kettleman. Right. Driver: Yes.") ==
        "Tobias Kettleman");
}

TEST_CASE("rules: a date field's cue said with a time fills the time field of the same event", "[rules][unseen]") {
  Template t = parse_template(Json::parse(R"({
    "id": "fitting", "title": "Fitting", "version": "1",
    "fields": [{"id": "fitting_date", "label": "Fitting date", "type": "date", "aliases": ["fitting"]},
               {"id": "fitting_time", "label": "Fitting time", "type": "time"},
               {"id": "call_time", "label": "Call time", "type": "time"}]})"),
                              "fitting template")
                   .value();
  auto time_of = [&](const std::string& text, const std::string& id) {
    return testing::rules_raw_value(t, text, id, "2026-06-02");
  };
  CHECK(time_of("Fitting: I've got Thursday at quarter past six in the evening.", "fitting_time") == "18:15");
  CHECK(time_of("the fitting is booked for thursday at twenty past twelve", "fitting_time") == "12:20");
  // A time field of another event does not take it, and a number that is no clock time is none.
  CHECK(time_of("Fitting: I've got Thursday at quarter past six in the evening.", "call_time").is_null());
  CHECK(time_of("Fitting was three days ago, Thursday.", "fitting_time").is_null());
}
