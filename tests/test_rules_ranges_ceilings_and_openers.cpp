// A full name after "Yeah," or "Hi," opening a turn or answering a question for a name, the
// speaker named as the one who did the field's action, a field that holds the top of what is
// said (the higher end of a range, a number said as a ceiling) and counts said as a sum of parts
// (docs/RULES.md "Names after a greeting, ranges, ceilings and sums of parts"). Invented
// templates and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kTuesday = "2026-05-12";

Template flat_letting_template() {
  return testing::invented_template(R"({
    "id": "flat-letting", "title": "Flat letting call", "version": "1",
    "fields": [
      {"id": "tenant", "label": "Prospective tenant", "type": "text", "description": "Person who wants to rent",
       "guidelines": "First and last name."},
      {"id": "rent_ceiling", "label": "Top rent", "type": "number", "unit": "per month", "min": 0, "max": 20000,
       "description": "Highest monthly rent the tenant can pay", "aliases": ["rent", "afford"]},
      {"id": "bedrooms", "label": "Bedrooms", "type": "number", "min": 0, "max": 9, "aliases": ["bedrooms"]}
    ]})");
}

Template room_hire_template() {
  return testing::invented_template(R"({
    "id": "room-hire", "title": "Room hire", "version": "1",
    "fields": [
      {"id": "guests", "label": "Guests", "type": "number", "min": 1, "max": 500,
       "description": "Number of people expected", "aliases": ["guests", "people"],
       "guidelines": "With a range, the higher figure."},
      {"id": "tables", "label": "Tables", "type": "number", "min": 0, "max": 100, "aliases": ["tables"]}
    ]})");
}

Template pet_clinic_template() {
  return testing::invented_template(R"({
    "id": "pet-clinic", "title": "Pet clinic", "version": "1",
    "fields": [
      {"id": "pet", "label": "Patient name", "type": "text", "description": "The animal's name",
       "aliases": ["patient"]},
      {"id": "keeper", "label": "Keeper", "type": "text", "description": "Person the animal lives with"}
    ]})");
}

Template tray_count_template() {
  return testing::invented_template(R"({
    "id": "stock-check", "title": "Stock check", "version": "1",
    "fields": [
      {"id": "snacks_used", "label": "Snacks used", "type": "number", "min": 0, "max": 50,
       "description": "Number of snack items taken from the tray", "aliases": ["tray", "snacks"]},
      {"id": "traps_checked", "label": "Traps checked", "type": "number", "min": 0, "max": 200,
       "aliases": ["traps"]},
      {"id": "boxes", "label": "Boxes", "type": "number", "min": 0, "max": 200, "aliases": ["boxes"]}
    ]})");
}

Template warden_log_template() {
  return testing::invented_template(R"({
    "id": "alarm-test", "title": "Alarm test", "version": "1",
    "fields": [
      {"id": "tester", "label": "Tester", "type": "text", "description": "Person who ran the test"},
      {"id": "sounders_ok", "label": "Sounders OK", "type": "boolean", "aliases": ["sounders"]}
    ]})");
}

Template club_accident_template() {
  return testing::invented_template(R"({
    "id": "sports-club", "title": "Sports club accident", "version": "1",
    "fields": [
      {"id": "player", "label": "Player", "type": "text", "description": "Person who was hurt"},
      {"id": "first_aider", "label": "First aider", "type": "text", "description": "Person who gave first aid"}
    ]})");
}

Json read_heard(const Template& t, const std::string& text, const std::string& id) {
  return testing::rules_raw_value(t, text, id, kTuesday);
}
}  // namespace

TEST_CASE("rules: a full name after a yes or a greeting opening a turn is said alone", "[rules][unseen]") {
  static const Template t = flat_letting_template();
  CHECK(read_heard(t, "Which flat was it? - Yeah, Odile Marchetti. I saw the advert.", "tenant") == "Odile Marchetti");
  CHECK(read_heard(t, "Hello, lettings. - Hi, Odile Marchetti, Harbour Lane Dental, about the flat.", "tenant") ==
        "Odile Marchetti");
  // A name that runs on into the sentence is not set off as said alone.
  CHECK(read_heard(t, "Hello, lettings. - Hi, Odile Marchetti and her sister want the flat.", "tenant").is_null());
}

TEST_CASE("rules: a person's own name opening a turn is no animal's name", "[rules][unseen]") {
  static const Template t = pet_clinic_template();
  CHECK(read_heard(t, "Morning! You must be here with the spaniel. - Yep, Corinna Baptiste.", "pet").is_null());
  // A pet's name said alone still fills it.
  CHECK(read_heard(t, "Who is this? - Patient is Pickle.", "pet") == "Pickle");
}

TEST_CASE("rules: a field holding the top of what is said takes the higher end of a range", "[rules][unseen]") {
  static const Template t = room_hire_template();
  CHECK(read_heard(t, "How many guests? - Somewhere between sixty and eighty.", "guests") == 80);
  CHECK(read_heard(t, "How many people? - Usually twenty, maybe twenty-five.", "guests") == 25);
  CHECK(read_heard(t, "How many guests? - Thirty to forty.", "guests") == 40);
  // A field that holds no top keeps the first number said.
  CHECK(read_heard(t, "Tables? - Six or eight.", "tables") == 6);
}

TEST_CASE("rules: a number said as a ceiling fills a field holding the top", "[rules][unseen]") {
  static const Template t = flat_letting_template();
  CHECK(read_heard(t, "The rent is nineteen fifty a month. - That's at the top of what I can do. Two thousand, "
                      "absolute max.",
                   "rent_ceiling") == 2000);
  CHECK(read_heard(t, "The rent is nineteen fifty a month. - We could stretch to two thousand, no more.",
                   "rent_ceiling") == 2000);
  // Without a ceiling the rent said is read.
  CHECK(read_heard(t, "The rent is nineteen fifty a month. - That's fine.", "rent_ceiling") == 1950);
  // A ceiling marker that names a quantity ("max two bedrooms") makes no number before it a ceiling.
  CHECK(read_heard(t, "Rent nineteen fifty a month. Three viewings, max two bedrooms.", "rent_ceiling") == 1950);
}

TEST_CASE("rules: a count cue with a colon and numbered items sums the numbers", "[rules][unseen]") {
  static const Template t = tray_count_template();
  CHECK(read_heard(t, "Room done. Tray: 2 biscuits, 3 still water, billed to the room.", "snacks_used") == 5);
  // Items that say a state split one set: the first number is the count.
  CHECK(read_heard(t, "Room done. Traps: 6 in place, 2 broken, 4 OK.", "traps_checked") == 6);
}

TEST_CASE("rules: a count said in parts is their sum", "[rules][unseen]") {
  static const Template t = tray_count_template();
  CHECK(read_heard(t, "I checked all the traps, there's nine outside and four inside.", "traps_checked") == 13);
  // Parts that add up to the number said first are its split, not more of it.
  CHECK(read_heard(t, "I checked the traps, five in total, three outside and two inside.", "traps_checked") == 5);
  // The field's own noun in a part says the other parts are other things.
  CHECK(read_heard(t, "We unloaded ten boxes and two pallets.", "boxes") == 10);
  // A subset of the number said first is no part to add.
  CHECK(read_heard(t, "Traps, eight total, six of them indoors.", "traps_checked") == 8);
}

TEST_CASE("rules: the full name answering a question for a name", "[rules][unseen]") {
  static const Template t = warden_log_template();
  CHECK(read_heard(t, "Bells all rang. - Name for the log? - Put Carly Nguyen, I'm the warden.", "tester") ==
        "Carly Nguyen");
  CHECK(read_heard(t, "Bells all rang. - What's your name for the sheet? - Carly Nguyen, I ran it.", "tester") ==
        "Carly Nguyen");
  // A name that runs on into its clause is not set off as the answer.
  CHECK(read_heard(t, "Bells all rang. - What's your name for the sheet? - Carly Nguyen rang the office.", "tester")
            .is_null());
}

TEST_CASE("rules: the field's action said 'by me' and the speaker's name", "[rules][unseen]") {
  static const Template t = warden_log_template();
  CHECK(read_heard(t, "Weekly test done by me, Carly Nguyen. Sounders fine.", "tester") == "Carly Nguyen");
  // "me" with no name after it names nobody.
  CHECK(read_heard(t, "Weekly test done by me, and the sounders were fine.", "tester").is_null());
}

TEST_CASE("rules: a question that is only the field's action is answered by a name opening the turn",
          "[rules][unseen]") {
  static const Template t = club_accident_template();
  CHECK(read_heard(t, "Coach: She went over on her ankle. Secretary: And first aid? Coach: Mr Dunne, Oisin Dunne, "
                      "strapped it up.",
                   "first_aider") == "Oisin Dunne");
  // An answer that says what was done names nobody.
  CHECK(read_heard(t, "Coach: She went over on her ankle. Secretary: And first aid? Coach: Ice pack and a strap.",
                   "first_aider")
            .is_null());
}
