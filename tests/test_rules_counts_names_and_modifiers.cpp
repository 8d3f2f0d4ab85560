// Dotted clock times, a negated auxiliary over a bare verb, counts said by listing, a yes/no
// implied by its own time field, measurements that are no count, words that are no name or no
// value, and a cue modified by another field's word (docs/RULES.md "Listed counts, measured
// numbers, known non-names and modified cues"). Invented sports-day, depot-call, clinic-visit
// templates and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kMonday = "2026-03-16";

Template sports_day_template() {
  return testing::invented_template(R"({
    "id": "sports-day", "title": "Sports day injury", "version": "1",
    "fields": [
      {"id": "injury_time", "label": "Injury time", "type": "time", "aliases": ["time", "happened at"]},
      {"id": "knee_hurt", "label": "Knee injury", "type": "boolean",
       "description": "Whether the runner hurt their knee", "aliases": ["knee injury"]},
      {"id": "helpers", "label": "Helpers", "type": "number", "description": "Number of people who helped",
       "min": 0, "max": 40, "aliases": ["helpers"]},
      {"id": "carer_called", "label": "Carer called", "type": "boolean", "description": "Whether a carer was called"},
      {"id": "carer_called_at", "label": "Carer called at", "type": "time", "description": "When a carer was called",
       "aliases": ["spoke to"]},
      {"id": "bags", "label": "Bags", "type": "number", "description": "Number of bags handed in", "min": 0, "max": 99,
       "aliases": ["bags"]},
      {"id": "lost_items", "label": "Lost items", "type": "textarea", "aliases": ["lost items", "lost property"],
       "guidelines": "One item per thing found."}
    ]})");
}

Template depot_call_template() {
  return testing::invented_template(R"({
    "id": "depot-call", "title": "Depot call", "version": "1",
    "fields": [
      {"id": "caller", "label": "Caller", "type": "text", "description": "Person who called the depot",
       "guidelines": "First and last name of the caller."},
      {"id": "note", "label": "Note", "type": "textarea", "aliases": ["note"]}
    ]})");
}

Template clinic_visit_template() {
  return testing::invented_template(R"({
    "id": "clinic-visit", "title": "Clinic visit", "version": "1",
    "fields": [
      {"id": "seen_date", "label": "Date seen", "type": "date", "aliases": ["visit", "seen on"],
       "guidelines": "A visit written up as it happens is on the reference date."},
      {"id": "next_date", "label": "Next check-up", "type": "date", "aliases": ["recall"]},
      {"id": "arrived", "label": "Arrival time", "type": "time", "description": "When the patient arrived"},
      {"id": "floors", "label": "Floors served", "type": "number", "description": "Number of landings the lift serves",
       "min": 1, "max": 60}
    ]})");
}

Template courier_check_template() {
  return testing::invented_template(R"({
    "id": "courier-check", "title": "Courier check", "version": "1",
    "fields": [
      {"id": "tape_intact", "label": "Tape intact", "type": "boolean", "description": "Whether the security tape is whole",
       "aliases": ["tape"], "guidelines": "Tape present and unbroken -> true; broken, cut or missing -> false."},
      {"id": "straps_ok", "label": "Straps OK", "type": "boolean", "aliases": ["straps"]},
      {"id": "photo_taken", "label": "Photo taken", "type": "boolean", "aliases": ["photo"]},
      {"id": "signed_for", "label": "Signed for", "type": "boolean", "aliases": ["signature"]},
      {"id": "left_next_door", "label": "Left next door", "type": "boolean", "aliases": ["next door"],
       "guidelines": "Left next door -> true; taken back to the depot or left in the porch -> false."}
    ]})");
}

Template house_viewing_template(bool with_staff_field) {
  const char* with_staff = R"({
    "id": "house-viewing", "title": "House viewing", "version": "1",
    "fields": [
      {"id": "viewer", "label": "Viewer", "type": "text", "description": "Person viewing the house",
       "guidelines": "First and last name."},
      {"id": "agent", "label": "Shown by", "type": "text", "description": "Agency staff member who showed the house",
       "guidelines": "First and last name."}
    ]})";
  const char* viewer_only = R"({
    "id": "house-viewing", "title": "House viewing", "version": "1",
    "fields": [
      {"id": "viewer", "label": "Viewer", "type": "text", "description": "Person viewing the house",
       "guidelines": "First and last name."}
    ]})";
  return testing::invented_template(with_staff_field ? with_staff : viewer_only);
}

Template paddock_check_template() {
  return testing::invented_template(R"({
    "id": "paddock-check", "title": "Paddock check", "version": "1",
    "fields": [
      {"id": "animals", "label": "Animals", "type": "enum", "options": ["cattle", "sheep", "other"],
       "description": "Kind of animals in the paddock"},
      {"id": "head_count", "label": "Head count", "type": "number", "min": 0, "max": 5000, "aliases": ["counted"]},
      {"id": "on_antibiotics", "label": "On antibiotics", "type": "boolean",
       "description": "Whether the herd is on an antibiotic course"}
    ]})");
}

Template hall_booking_template() {
  return testing::invented_template(R"({
    "id": "hall-booking", "title": "Hall booking", "version": "1",
    "fields": [
      {"id": "organisation", "label": "Organisation", "type": "text",
       "description": "Group, club or company the booking is for"},
      {"id": "hall", "label": "Hall", "type": "enum", "options": ["main hall", "side room"]}
    ]})");
}

Template repeat_script_template() {
  return testing::invented_template(R"({
    "id": "repeat-script", "title": "Repeat script", "version": "1",
    "fields": [
      {"id": "medication", "label": "Medication", "type": "text", "description": "Medicine on the new script"},
      {"id": "quantity", "label": "Quantity", "type": "number", "min": 1, "max": 500, "aliases": ["tablets"]}
    ]})");
}

Json read_said(const Template& t, const std::string& text, const std::string& id) {
  return testing::rules_raw_value(t, text, id, kMonday);
}
}  // namespace

TEST_CASE("rules: a dotted time is a time for a time field", "[rules][unseen]") {
  static const Template t = sports_day_template();
  CHECK(read_said(t, "Tripped on the track, happened at approx. 14.20, landed on her side.", "injury_time") == "14:20");
  // A dotted number that is no time of day stays unread.
  CHECK(read_said(t, "Tripped on the track, happened at 14.75 on the clock.", "injury_time").is_null());
}

TEST_CASE("rules: a negated auxiliary reaches over a bare verb to the cue", "[rules][unseen]") {
  static const Template t = sports_day_template();
  CHECK(read_said(t, "Fell on the bend. Did not bang knee.", "knee_hurt") == false);
  CHECK(read_said(t, "Fell on the bend. Didn't bang knee.", "knee_hurt") == false);
  CHECK(read_said(t, "Fell on the bend. Banged knee.", "knee_hurt") == true);
}

TEST_CASE("rules: a count said by listing what is counted", "[rules][unseen]") {
  static const Template t = sports_day_template();
  CHECK(read_said(t, "Helpers: Ana, Ben, Cleo and Mr Dorn. Then we went in.", "helpers") == 4);
  CHECK(read_said(t, "Helpers: Ana, Ben, Cleo, and Mr Dorn.", "helpers") == 4);
  // An item too long to be a name or a thing is no list.
  CHECK(read_said(t, "Helpers: the tall teacher who came over from the far field, and Ben.", "helpers").is_null());
  // A negation says no list either.
  CHECK(read_said(t, "Helpers: not Ana, not Ben.", "helpers").is_null());
}

TEST_CASE("rules: a yes/no is implied by its own time field though only 'at' is added", "[rules][unseen]") {
  static const Template t = sports_day_template();
  CHECK(read_said(t, "Spoke to her mum at 14:40, she is on her way.", "carer_called") == true);
}

TEST_CASE("rules: a number said with a unit of measure is no count", "[rules][unseen]") {
  static const Template t = sports_day_template();
  CHECK(read_said(t, "Bags: twelve kilos in all.", "bags").is_null());
  CHECK(read_said(t, "Bags: twelve, all labelled.", "bags") == 12);
}

TEST_CASE("rules: a weekday, a part of the day or a past verb form is no name", "[rules][unseen]") {
  static const Template t = depot_call_template();
  CHECK(read_said(t, "hi it's saturday arvo here at the depot", "caller").is_null());
  CHECK(read_said(t, "hi it's just gone half two at the depot", "caller").is_null());
  CHECK(read_said(t, "hi it's jo brandt here at the depot", "caller") == "jo brandt");
}

TEST_CASE("rules: words without content are no value, and 'as well' is no part of one", "[rules][unseen]") {
  static const Template t = sports_day_template();
  CHECK(read_said(t, "Lost property then. Okay, bags next.", "lost_items").is_null());
  CHECK(read_said(t, "Lost items: a scarf as well.", "lost_items") == Json::array({"scarf"}));
}

TEST_CASE("rules: minutes past no hour are past the hour agreed before", "[rules][unseen]") {
  static const Template t = clinic_visit_template();
  CHECK(read_said(t, "Sorry I'm late, I told your office nine and it's twenty past already.", "arrived") == "09:20");
  CHECK(read_said(t, "You said seven and it's only ten past, no rush.", "arrived") == "07:10");
  // Without an hour agreed before, "twenty past" is no time.
  CHECK(read_said(t, "Sorry I'm late, it's twenty past already.", "arrived").is_null());
}

TEST_CASE("rules: a number right after a singular cue word numbers one thing", "[rules][unseen]") {
  static const Template t = clinic_visit_template();
  CHECK(read_said(t, "Fixed the door lock on floor three.", "floors").is_null());
  CHECK(read_said(t, "Floors served: nine, door lock fixed.", "floors") == 9);
}

TEST_CASE("rules: a negated word of failure says yes", "[rules][unseen]") {
  static const Template t = courier_check_template();
  // A guideline phrase of failure ("broken -> false"), negated.
  CHECK(read_said(t, "Tape looks fine, none broken.", "tape_intact") == true);
  CHECK(read_said(t, "Box looks fine, tape broken.", "tape_intact") == false);
  // A word of failure after the cue, negated.
  CHECK(read_said(t, "Straps not faulty.", "straps_ok") == true);
  CHECK(read_said(t, "Straps faulty.", "straps_ok") == false);
  // A negated alternative of a false phrase says nothing of the field.
  CHECK(read_said(t, "No porch at the house, so back on the van.", "left_next_door").is_null());
}

TEST_CASE("rules: 'skip' and 'overdue' say no, and so does 'but no' in an answer", "[rules][unseen]") {
  static const Template t = courier_check_template();
  CHECK(read_said(t, "We'll skip the photo today.", "photo_taken") == false);
  CHECK(read_said(t, "Driver: Do you need a signature? Customer: The office usually signs, but no, not today.",
                  "signed_for") == false);
}

TEST_CASE("rules: a name said with its organisation is the staff field's", "[rules][unseen]") {
  static const Template both = house_viewing_template(true);
  const std::string said = "Morning, come on in. I'm Dana Whitfield, with Bayview Rentals.";
  CHECK(read_said(both, said, "agent") == "Dana Whitfield");
  CHECK(read_said(both, said, "viewer").is_null());
  // Without a field for the organisation's staff the introduction is the form's subject.
  static const Template viewer_only = house_viewing_template(false);
  CHECK(read_said(viewer_only, said, "viewer") == "Dana Whitfield");
}

TEST_CASE("rules: members of a kind say the option or cue the yes/no that names it", "[rules][unseen]") {
  static const Template t = paddock_check_template();
  CHECK(read_said(t, "Forty steers counted in the top paddock.", "animals") == "cattle");
  CHECK(read_said(t, "Ewes and lambs in the bottom paddock.", "animals") == "sheep");
  // The member is the noun counted, not another field's value in the way (this holds before the
  // kinds too; without the noun rule they would break it).
  CHECK(read_said(t, "Forty steers counted, all in the top paddock.", "head_count") == 40);
  CHECK(read_said(t, "Two are lame, they're on amoxicillin till Friday.", "on_antibiotics") == true);
  CHECK(read_said(t, "Two are lame, no penicillin yet.", "on_antibiotics") == false);
}

TEST_CASE("rules: an organisation named in lowercase after 'from the' or 'for'", "[rules][unseen]") {
  static const Template t = hall_booking_template();
  CHECK(read_said(t, "hi this is josh pell from the lakeview chess club we would like the main hall on saturday",
                  "organisation") == "lakeview chess club");
  // Without an organisation's word at its end a phrase names no organisation.
  CHECK(read_said(t, "hi this is josh pell from the lakeview area we would like the main hall on saturday",
                  "organisation")
            .is_null());
  // A field for an organisation's staff holds a person, not the organisation.
  static const Template viewing = house_viewing_template(true);
  CHECK(read_said(viewing, "hi im dana whitfield from harcourt lettings and you must be conor", "agent") !=
        Json("harcourt lettings"));
}

TEST_CASE("rules: the word before a dose is the medicine", "[rules][unseen]") {
  static const Template t = repeat_script_template();
  CHECK(read_said(t, "Dr. Reyes prescribed ramipril, two point five milligrams, once a day.", "medication") ==
        "ramipril");
  CHECK(read_said(t, "The script is for sixty tablets, once a day.", "medication").is_null());
}

TEST_CASE("rules: a word of another field's label between a determiner and the cue", "[rules][unseen]") {
  static const Template t = clinic_visit_template();
  const std::string said = "Seen today for a clean. The filling's at the next visit, booked for the fourth of May.";
  CHECK(read_said(t, said, "seen_date") == "2026-03-16");
  // Without the other field's word the cue is this field's.
  CHECK(read_said(t, "The visit was on the fourth of March.", "seen_date") == "2026-03-04");
}
