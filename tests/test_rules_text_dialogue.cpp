// Text and list fields in conversations (docs/RULES.md "Conversations"), on an invented
// dog-boarding template and hand-written sentences: which names a person field takes, where a
// list said in talk ends, and where a labelled value starts.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template kennel_template() {
  return testing::invented_template(R"({
    "id": "kennel-check-in", "title": "Kennel check-in", "version": "1",
    "fields": [
      {"id": "owner_name", "label": "Owner name", "type": "text", "aliases": ["owner"],
       "guidelines": "First and last name of the owner; no titles."},
      {"id": "vet_name", "label": "Vet name", "type": "text", "aliases": ["vet"]},
      {"id": "concerns", "label": "Concerns", "type": "textarea", "aliases": ["concerns", "watch for"]},
      {"id": "toys", "label": "Toys", "type": "textarea", "aliases": ["toys"]},
      {"id": "breed", "label": "Breed", "type": "text", "aliases": ["breed"]},
      {"id": "marks", "label": "Marks", "type": "textarea", "aliases": ["noted"]},
      {"id": "water_bowl", "label": "Water bowl", "type": "boolean", "aliases": ["water bowl"]},
      {"id": "nights", "label": "Nights", "type": "number"}
    ]})");
}

// The raw value the engine read for `id` with template `t`, or null.
Json read_in_may(const Template& t, const std::string& text, const std::string& id) {
  return testing::rules_raw_value(t, text, id, "2026-05-04");
}

Json read_kennel(const std::string& text, const std::string& id) { return read_in_may(kennel_template(), text, id); }

}  // namespace

TEST_CASE("rules: a field that asks for a first and last name takes no first name alone", "[rules][dialogue-text]") {
  // The caller is staff giving a first name; the owner's full name is never said.
  CHECK(read_kennel("Hi, it's Wren from Happy Tails, calling about your booking.", "owner_name").is_null());
  CHECK(read_kennel("Hi, this is Wren Castellane, calling about my booking.", "owner_name") == "Wren Castellane");
  // A field that does not ask for a full name still takes one word.
  CHECK(read_kennel("The vet is Okafor, he knows the dog.", "vet_name") == "Okafor");
}

TEST_CASE("rules: a rank or title before a name is not part of it", "[rules][dialogue-text]") {
  CHECK(read_kennel("The vet is Captain Ilse Moravec from the army clinic.", "vet_name") == "Ilse Moravec");
  CHECK(read_kennel("Owner is Mrs. Dagny Holm, she booked online.", "owner_name") == "Dagny Holm");
}

TEST_CASE("rules: a name read_kennel before its cue passes the same tests as one after it", "[rules][dialogue-text]") {
  // "Two vets" counts vets; "Two" is not a name.
  CHECK(read_kennel("Two vets saw him last year.", "vet_name").is_null());
}

TEST_CASE("rules: a capitalized run after an article names a thing, not a person", "[rules][dialogue-text]") {
  CHECK(read_kennel("Morning! This is the Maple Grove kennel, you're booked in.", "owner_name").is_null());
}

TEST_CASE("rules: a comment after a list's last item is not an item", "[rules][dialogue-text]") {
  CHECK(read_kennel("Any concerns? Limping and coughing, usually after long walks.", "concerns") ==
        Json::array({"Limping", "coughing"}));
  CHECK(read_kennel("Toys: a rope, a ball, everything else stays home.", "toys") == Json::array({"rope", "ball"}));
}

TEST_CASE("rules: a hyphenated word keeps its short part at an item's start or end", "[rules][dialogue-text]") {
  // "on" and "in" are function words alone; in "on-call" and "check-in" they are part of the word.
  CHECK(read_kennel("Concerns: on-call vet coverage, late check-in.", "concerns") ==
        Json::array({"on-call vet coverage", "late check-in"}));
  CHECK(read_kennel("Concerns: on the lead, limping.", "concerns") == Json::array({"lead", "limping"}));
}

TEST_CASE("rules: 'or' joins list items like 'and'", "[rules][dialogue-text]") {
  CHECK(read_kennel("Watch for limping, sneezing, or coughing.", "concerns") ==
        Json::array({"limping", "sneezing", "coughing"}));
}

TEST_CASE("rules: a value labelled with a colon starts after the colon", "[rules][dialogue-text]") {
  CHECK(read_kennel("Concerns noted: limping, sneezing.", "concerns") == Json::array({"limping", "sneezing"}));
  CHECK(read_kennel("Toys, though: a rope and a ball.", "toys") == Json::array({"rope", "ball"}));
}

TEST_CASE("rules: a cue that ends its clause before a joiner has no value after it", "[rules][dialogue-text]") {
  CHECK(read_kennel("She's some kind of breed, and then the vet said so.", "breed").is_null());
  CHECK(read_kennel("The breed, a whippet.", "breed") == "whippet");
}

TEST_CASE("rules: a lone negator is never a list's label", "[rules][dialogue-text]") {
  // "not" may match a cue such as "noted" as a word form; it labels nothing.
  CHECK(read_kennel("I'm not staying long this time.", "marks").is_null());
  CHECK(read_kennel("Marks noted: a scar on the left ear.", "marks") == Json::array({"scar on the left ear"}));
}

TEST_CASE("rules: a cue word in a later item of an answer is part of that item", "[rules][dialogue-text]") {
  // The question asks for the list; "watch for" in the second item is not a new label.
  CHECK(read_kennel("Anything to watch for? Limping, and watch for coughing at night.", "concerns") ==
        Json::array({"Limping", "watch for coughing at night"}));
  // Outside an answer, a later cue restates the list and is read.
  CHECK(read_kennel("He had a limp, so concerns are limping and coughing.", "concerns") ==
        Json::array({"limping", "coughing"}));
}

TEST_CASE("rules: another field's cue inside a list item is part of the item", "[rules][dialogue-text]") {
  CHECK(read_kennel("Concerns: a cracked water bowl lid, and limping.", "concerns") ==
        Json::array({"cracked water bowl lid", "limping"}));
  // Where it opens an item it still ends the list.
  CHECK(read_kennel("Concerns: limping, water bowl is missing.", "concerns") == Json::array({"limping"}));
}

TEST_CASE("rules: a comment after an item ends it, and the list goes on after 'And'", "[rules][dialogue-text]") {
  CHECK(read_kennel("Which toys? A rope, he loves it. And a ball, she chews it.", "toys") == Json::array({"rope", "ball"}));
  // Without a sentence opening with a joiner the list ends at the comment.
  CHECK(read_kennel("Which toys? A rope, he loves it. The ball stays home.", "toys") == Json::array({"rope"}));
}

TEST_CASE("rules: a free-text value does not start with a subject pronoun", "[rules][dialogue-text]") {
  CHECK(read_kennel("What breed is he? I'm not sure, we got him from a shelter.", "breed").is_null());
  CHECK(read_kennel("What breed is he? A beagle cross, from a shelter.", "breed") == "beagle cross");
}

namespace {
// An invented catering-delivery form: two fields that hold a company, a place named by the
// kinds its guidelines list, a person, and an enum whose option word may sit inside a name.
constexpr const char* kDeliveryTemplate = R"({
    "id": "catering-drop-off", "title": "Catering drop-off", "version": "1",
    "fields": [
      {"id": "contact_name", "label": "Contact name", "type": "text", "aliases": ["contact"]},
      {"id": "caterer", "label": "Caterer", "type": "text", "description": "Company that cooked the food"},
      {"id": "courier", "label": "Courier name", "type": "text", "description": "Company that delivered the order",
       "aliases": ["courier"]},
      {"id": "venue_location", "label": "Location", "type": "text", "description": "Event site",
       "guidelines": "Name of the community hall, marquee or sports ground as said (e.g. 'Oak Lane community hall')."},
      {"id": "vehicle", "label": "Vehicle", "type": "enum", "options": ["van", "car", "bike"]},
      {"id": "trays", "label": "Trays", "type": "number", "aliases": ["trays"]}
    ]})";

Json read_delivery(const std::string& text, const std::string& id) {
  return read_in_may(testing::invented_template(kDeliveryTemplate), text, id);
}
}  // namespace

TEST_CASE("rules: an organisation's name said in passing fills a company field", "[rules][dialogue-text]") {
  CHECK(read_delivery("Morning, I'm dropping off the order from Pepperwood Kitchens for the gala.", "caterer") ==
        "Pepperwood Kitchens");
  // Two company fields take the names in the order said; 'and' joins the words of one name.
  const std::string two = "Okay, the Hollis and Crane Catering boxes are here. Who brought them? Swiftway Couriers.";
  CHECK(read_delivery(two, "caterer") == "Hollis and Crane Catering");
  CHECK(read_delivery(two, "courier") == "Swiftway Couriers");
  // A person's name, or a capitalized word that ends no business name, is no company.
  CHECK(read_delivery("Hi, I'm Orla Fennimore, twelve trays today.", "caterer").is_null());
  CHECK(read_delivery("Services were fine. Great job today.", "caterer").is_null());
  // Lowercase (speech-to-text) transcripts have no capitals to tell a name by: only a few words
  // after "from" that end with a business's word say one.
  CHECK(read_delivery("dropping off the order from pepperwood kitchens", "caterer") == "pepperwood kitchens");
  CHECK(read_delivery("dropping off the order from pepperwood today", "caterer").is_null());
}

TEST_CASE("rules: another field's word inside a capitalized name does not cut it", "[rules][dialogue-text]") {
  // "Courier name" reads a company's name like a person's; "Van" is an option of the vehicle field.
  CHECK(read_delivery("Who's the courier? Redfern Van Lines, they were early.", "courier") == "Redfern Van Lines");
  CHECK(read_delivery("Who's the courier? Pike and Sons Delivery, my uncle's firm.", "courier") ==
        "Pike and Sons Delivery");
}

TEST_CASE("rules: a sentence's capitalized first word alone is no company name", "[rules][dialogue-text]") {
  CHECK(read_delivery("How long have you been the courier? Since nine this morning.", "courier").is_null());
}

TEST_CASE("rules: a place named by a kind its guidelines list fills the location", "[rules][dialogue-text]") {
  CHECK(read_delivery("Thanks for coming. This is the Brackenfield community hall, tables are inside.",
                      "venue_location") == "Brackenfield community hall");
  CHECK(read_delivery("Drop-off today, eleven hundred hours, Larchmont sports ground.", "venue_location") ==
        "Larchmont sports ground");
  // A capitalized name before a word the guidelines use but do not list as a kind.
  CHECK(read_delivery("Tamsin Lee said the tables are set.", "venue_location").is_null());
}

namespace {
// An invented help-line form with a department field no cue may name.
constexpr const char* kHelplineTemplate = R"({
    "id": "help-line", "title": "Help line", "version": "1",
    "fields": [
      {"id": "caller_name", "label": "Caller", "type": "text", "aliases": ["caller"],
       "guidelines": "First and last name."},
      {"id": "department", "label": "Department", "type": "text", "aliases": ["department", "team"]},
      {"id": "problem", "label": "Problem", "type": "text", "aliases": ["problem"]}
    ]})";

Json read_helpline(const std::string& text, const std::string& id) {
  return read_in_may(testing::invented_template(kHelplineTemplate), text, id);
}
}  // namespace

TEST_CASE("rules: a department said with a caller's own name", "[rules][dialogue-text]") {
  CHECK(read_helpline("Hi, this is Ivo Brandt from procurement, the scanner is down.", "department") ==
        "procurement");
  CHECK(read_helpline("Help line. Hello, Petra Lund, accounts payable. My screen froze.", "department") ==
        "accounts payable");
  CHECK(read_helpline("Who's calling? That's me, Ada Lindqvist, her assistant, in facilities.", "department") ==
        "facilities");
  CHECK(read_helpline("Ticket note. Caller Osric Vane, QA, extension four one.", "department") == "QA");
  // A time or a thing after "in" is no department; nor is a first name alone without "this is".
  CHECK(read_helpline("This is Ivo Brandt, I'm in five minutes late.", "department").is_null());
  CHECK(read_helpline("Sure, in legal.", "department").is_null());
  // Lowercase words between commas after a business's name are a list, not a department.
  CHECK(read_helpline("Lines: Marlow Rentals, rental van, ninety dollars.", "department").is_null());
}

TEST_CASE("rules: a verb or a head count after a cue is not its value", "[rules][dialogue-text]") {
  CHECK(read_helpline("It's everyone on the team, six of us.", "department").is_null());
  CHECK(read_helpline("The whole department can't print.", "department").is_null());
}

namespace {
constexpr const char* kViewingTemplate = R"({
    "id": "flat-viewing", "title": "Flat viewing", "version": "1",
    "fields": [
      {"id": "viewing_address", "label": "Address", "type": "text", "aliases": ["address", "welcome to"],
       "guidelines": "House number and street with the unit, numbers as numerals."},
      {"id": "rooms", "label": "Rooms", "type": "number", "aliases": ["rooms"]}
    ]})";

Json read_viewing(const std::string& text) { return read_in_may(testing::invented_template(kViewingTemplate), text, "viewing_address"); }
}  // namespace

TEST_CASE("rules: a street address runs past its house number and comma to the unit", "[rules][dialogue-text]") {
  CHECK(read_viewing("Welcome to 16 Quayside Row, apartment 4C. Come in.") == "16 Quayside Row, apartment 4C");
  // Said without a label, the unit first.
  CHECK(read_viewing("So this is Unit 9, 301 Fenwick Road, the lift is on the left.") == "Unit 9, 301 Fenwick Road");
  CHECK(read_viewing("Right, here we are, fifty two Marram Close, three rooms.") == "52 Marram Close");
  // A number before capitalized words that end in no street word is no address.
  CHECK(read_viewing("I have 3 Quick Questions first.").is_null());
}

namespace {
constexpr const char* kAuditionTemplate = R"({
    "id": "audition-sheet", "title": "Audition sheet", "version": "1",
    "fields": [
      {"id": "performer_name", "label": "Performer name", "type": "text",
       "guidelines": "First and last name of the performer."},
      {"id": "role", "label": "Role", "type": "text", "aliases": ["role", "part"]},
      {"id": "pieces", "label": "Pieces played", "type": "number", "aliases": ["pieces"]},
      {"id": "accompanist", "label": "Accompanist", "type": "text", "aliases": ["accompanist"],
       "guidelines": "First and last name of the pianist."}
    ]})";

Json read_audition(const std::string& text, const std::string& id) {
  return read_in_may(testing::invented_template(kAuditionTemplate), text, id);
}
}  // namespace

TEST_CASE("rules: a cue that ends a noun phrase names the words before it", "[rules][dialogue-text]") {
  CHECK(read_audition("Thanks for coming in for the principal cellist role.", "role") == "principal cellist");
  CHECK(read_audition("She's here for the understudy part, and she played two pieces.", "role") == "understudy");
  // Nothing between the determiner and the cue.
  CHECK(read_audition("Tell me about the role.", "role").is_null());
}

TEST_CASE("rules: a job said after a full name fills a job field", "[rules][dialogue-text]") {
  CHECK(read_audition("Next up was Saskia Brandt, lead violinist. Two pieces.", "role") == "lead violinist");
  // A clause after the comma is no job.
  CHECK(read_audition("Next up was Saskia Brandt, she was nervous.", "role").is_null());
}

TEST_CASE("rules: a full name said as a sentence of its own is the form's subject", "[rules][dialogue-text]") {
  CHECK(read_audition("Card please? Here you go. Saskia Brandt. Thanks.", "performer_name") == "Saskia Brandt");
  CHECK(read_audition("Good Morning. Thank you all.", "performer_name").is_null());
}

TEST_CASE("rules: a field whose guidelines ask for a first and last name holds a person", "[rules][dialogue-text]") {
  CHECK(read_audition("Piet Vos here, I'm the accompanist for all pieces.", "accompanist").is_null());
  CHECK(read_audition("The accompanist is Piet Vos, as usual.", "accompanist") == "Piet Vos");
}

TEST_CASE("rules: a capitalized word that opens a sentence or a cue inside a name is no name", "[rules][dialogue-text]") {
  // "Vet" is the vet field's cue, but here part of a business's name.
  CHECK(read_kennel("We used to go to Parkside Vet Clinic, nice people.", "vet_name").is_null());
  CHECK(read_kennel("Morning, I'm Vet Okafor from the clinic.", "vet_name") == "Okafor");
  // The answer's first word is capitalized because it opens the sentence.
  CHECK(read_kennel("Which vet do you use? Since last spring we go nowhere.", "vet_name").is_null());
  CHECK(read_kennel("Which vet do you use? Okafor, on Mill Street.", "vet_name") == "Okafor");
}

TEST_CASE("rules: the name of a thing may be said in lowercase words", "[rules][dialogue-text]") {
  const Template t = testing::invented_template(R"({
    "id": "vet-pickup", "title": "Vet pickup", "version": "1",
    "fields": [
      {"id": "pet_name", "label": "Pet name", "type": "text", "aliases": ["pet"]},
      {"id": "medicine_name", "label": "Medicine name", "type": "text", "aliases": ["prescription"]},
      {"id": "tablets", "label": "Tablets", "type": "number", "aliases": ["tablets"]}
    ]})");
  CHECK(read_in_may(t, "Hi, you have a new prescription for carprofen, twenty tablets.", "medicine_name") == "carprofen");
  // A clause is no name.
  CHECK(read_in_may(t, "Prescription? Give him half a tablet daily for a week.", "medicine_name").is_null());
  // Capitalized names are still read as names.
  CHECK(read_in_may(t, "The prescription is Rimadyl, twenty tablets.", "medicine_name") == "Rimadyl");
}
