// Typed values in conversation (docs/RULES.md "Conversations"): numbers that are not the count
// asked for, counts said before their noun, zero counts and their scope, weekdays said in the
// past tense, corrections after a hanging pair. An invented kennel-visit template and
// hand-written sentences.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kKennel = R"({
    "id": "kennel-visit", "title": "Kennel visit", "version": "1",
    "fields": [
      {"id": "dogs_boarded", "label": "Dogs boarded", "type": "number", "min": 0, "max": 200,
       "aliases": ["dogs"]},
      {"id": "kennels_cleaned", "label": "Kennels cleaned", "type": "number", "min": 0, "max": 200,
       "aliases": ["kennels"]},
      {"id": "walkers_on_shift", "label": "Walkers on shift", "type": "number", "min": 0, "max": 50,
       "aliases": ["walkers", "anyone else"], "guidelines": "'just me', 'only me' -> 1."},
      {"id": "years_training", "label": "Years of training", "type": "number", "min": 0, "max": 60,
       "aliases": ["training"]},
      {"id": "pulse_rate", "label": "Pulse rate", "type": "number", "min": 20, "max": 300, "aliases": ["pulse"]},
      {"id": "weight_kg", "label": "Weight", "type": "number", "unit": "kg", "min": 1, "max": 120},
      {"id": "systolic", "label": "Systolic", "type": "number", "min": 40, "max": 300, "aliases": ["blood pressure"]},
      {"id": "diastolic", "label": "Diastolic", "type": "number", "min": 20, "max": 200, "aliases": ["blood pressure"]},
      {"id": "problem_start", "label": "Problem started", "type": "date",
       "aliases": ["start", "started"]}
    ]})";

// The raw value the engine read for `id` with the template `json`, or null. 2026-03-04 is a
// Wednesday.
Json read_in(const char* json, const std::string& text, const std::string& id) {
  auto t = parse_template(Json::parse(json), "test template");
  REQUIRE(t.has_value());
  return testing::rules_raw_value(*t, text, id, "2026-03-04");
}

Json read_typed_kennel(const std::string& text, const std::string& id) { return read_in(kKennel, text, id); }
}  // namespace

TEST_CASE("rules: a part of a set is not the count", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("Kennels, I count eleven. Wait, two of them are double runs, so thirteen.", "kennels_cleaned") == 13);
  // With no number before it, "three of them" counts the cue's thing.
  CHECK(read_typed_kennel("Kennels cleaned, three of them.", "kennels_cleaned") == 3);
  CHECK(read_typed_kennel("Dogs? Nine dogs overnight, three of those are puppies.", "dogs_boarded") == 9);
  // "of us" names the whole group, so it stays a count.
  CHECK(read_typed_kennel("Walkers? It's the whole team, six of us.", "walkers_on_shift") == 6);
}

TEST_CASE("rules: an amount per person is not the count", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("Kennels: three each, so nine in total.", "kennels_cleaned") == 9);
}

TEST_CASE("rules: 'one' standing for a thing is not a count", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("Kennels, I did eleven, wait, plus the corner one, twelve.", "kennels_cleaned") == 12);
  CHECK(read_typed_kennel("Kennels, I did eleven, wait, and this one, twelve.", "kennels_cleaned") == 12);
  // "just the one" is still one.
  CHECK(read_typed_kennel("How many dogs? Just the one.", "dogs_boarded") == 1);
}

TEST_CASE("rules: a bare 'half' before a noun or an hour is no value", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("Dogs? Half a van load, so thirty.", "dogs_boarded") == 30);
  CHECK(read_typed_kennel("Kennels, all done. It's half ten, see you.", "kennels_cleaned").is_null());
  // "two and a half" is a value.
  CHECK(read_typed_kennel("Years of training, two and a half.", "years_training") == 2.5);
}

TEST_CASE("rules: a number right before its noun counts it", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("I count twenty dogs, and the booking sheet says twenty-two.", "dogs_boarded") == 20);
  // In unpunctuated speech-to-text output a number before a cue belongs to the cue before it.
  CHECK(read_typed_kennel("pulse one hundred and four dogs twelve", "pulse_rate") == 104);
  CHECK(read_typed_kennel("pulse one hundred and four dogs twelve", "dogs_boarded") == 12);
  // A measurement before a cue is no count of it.
  CHECK(read_typed_kennel("Weight is 31.5 dogs, I mean kilos. Pulse ninety.", "pulse_rate") == 90);
}

TEST_CASE("rules: a zero quantifier counts only the thing it is next to", "[rules][dialogue][typed]") {
  // "no agility training" negates one kind of training; it says nothing about the years.
  CHECK(read_typed_kennel("Any concerns? No agility training, that's all.", "years_training").is_null());
  CHECK(read_typed_kennel("No more kennels today.", "kennels_cleaned") == 0);
  CHECK(read_typed_kennel("No one was on shift with me, no walkers at all.", "walkers_on_shift") == 0);
}

TEST_CASE("rules: a guideline phrase said negated is not its value", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("Anyone else? It's not just me, the whole crew is out.", "walkers_on_shift").is_null());
  CHECK(read_typed_kennel("Anyone else? Just me today.", "walkers_on_shift") == 1);
}

TEST_CASE("rules: a correction after a hanging pair separator", "[rules][dialogue][typed]") {
  const std::string text = "Blood pressure is one twenty over, sorry, one thirty over eighty.";
  CHECK(read_typed_kennel(text, "systolic") == 130);
}

TEST_CASE("rules: a weekday said in the past tense is the most recent one", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("When did the limping start? Monday, after the walk.", "problem_start") == "2026-03-02");
  CHECK(read_typed_kennel("Problem start: limping since Monday.", "problem_start") == "2026-03-02");
  // Also for a date no cue names (the form's event date).
  CHECK(read_typed_kennel("It has been limping since Monday.", "problem_start") == "2026-03-02");
  // Without a past-tense word a weekday alone is the next one.
  CHECK(read_typed_kennel("We'll start the new diet Monday.", "problem_start") == "2026-03-09");
}

TEST_CASE("rules: a date said again for another date field is not the event date", "[rules][dialogue][typed]") {
  constexpr const char* kBoarding = R"({
    "id": "boarding", "title": "Boarding", "version": "1",
    "fields": [
      {"id": "visit_date", "label": "Visit date", "type": "date"},
      {"id": "pickup_date", "label": "Pickup date", "type": "date", "aliases": ["pickup"]}
    ]})";
  const std::string text = "Hello again. Pickup is tomorrow, March fifth, in the morning.";
  CHECK(read_in(kBoarding, text, "pickup_date") == "2026-03-05");
  // The visit is dated today (implied), not with the pickup day said twice.
  CHECK(read_in(kBoarding, text, "visit_date") != "2026-03-05");
}

TEST_CASE("rules: clock times in conversation", "[rules][dialogue][typed]") {
  constexpr const char* kTimes = R"({
    "id": "kennel-times", "title": "Kennel times", "version": "1",
    "fields": [
      {"id": "drop_off_time", "label": "Drop-off time", "type": "time", "aliases": ["got here"]},
      {"id": "collection_time", "label": "Collection time", "type": "time", "aliases": ["collected"]}
    ]})";
  auto value = [&](const std::string& text, const std::string& id) { return read_in(kTimes, text, id); };
  // "twenty to one" without am/pm in a working day is 12:40, not 00:40.
  CHECK(value("Collected at twenty to one, all fine.", "collection_time") == "12:40");
  CHECK(value("Collected at twenty to one in the morning, all fine.", "collection_time") == "00:40");
  // "got" (of "got here") followed by a count is no clock time; a time said alone still is.
  CHECK(value("Okay, I've got two leads and a bowl for you.", "drop_off_time").is_null());
  CHECK(value("I got here at nine, sorry I'm late.", "drop_off_time") == "09:00");
}

TEST_CASE("rules: options said as names, and plans, in conversation", "[rules][dialogue][typed]") {
  constexpr const char* kTraining = R"({
    "id": "training-call", "title": "Training session", "version": "1",
    "fields": [
      {"id": "session_mode", "label": "Session mode", "type": "enum", "options": ["in person", "online"],
       "optionAliases": {"online": ["Skype", "Webex"], "in person": ["at the park"]}}
    ]})";
  auto value = [&](const std::string& text) { return read_in(kTraining, text, "session_mode"); };
  CHECK(value("We did it on Webex this morning.") == "online");
  // A lowercase word that shares the name's stem is not the name.
  CHECK(value("She keeps a training log, the webexes of her walks.").is_null());
  // A plan for later is not how it was held.
  CHECK(value("It went well. Let's do it in person next time.").is_null());
  CHECK(value("We met in person, let's do it online next time.") == "in person");
}

TEST_CASE("rules: a correction led in by a turn opener or 'it's'", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("Kennels? I did three. Well, actually, counting the yard it's more like five.", "kennels_cleaned") == 5);
  CHECK(read_typed_kennel("How many dogs? About forty. It's more like forty-five.", "dogs_boarded") == 45);
  // A bare "no" after an opener is an answer, not a correction.
  CHECK(read_typed_kennel("Dogs, twelve. Okay no problem, see you.", "dogs_boarded") == 12);
}

namespace {
// An invented restaurant-booking call: one number field counts people, one counts things.
constexpr const char* kBooking = R"({
    "id": "table-booking", "title": "Table booking", "version": "1",
    "fields": [
      {"id": "party_size", "label": "Party size", "type": "number", "min": 1, "max": 40,
       "description": "Number of people dining", "aliases": ["party size", "table for"]},
      {"id": "napkins_packed", "label": "Napkins packed", "type": "number", "min": 0, "max": 500,
       "aliases": ["napkins"]},
      {"id": "window_table_accepted", "label": "Window table accepted", "type": "boolean",
       "description": "Whether the guest took the window table", "aliases": ["window table"]},
      {"id": "booking_status", "label": "Booking status", "type": "enum",
       "options": ["confirmed", "confirmed with changes", "declined"], "aliases": ["status"]}
    ]})";

Json booking(const std::string& text, const std::string& id) { return read_in(kBooking, text, id); }
}  // namespace

TEST_CASE("rules: 'six of us' counts people for the one field that counts them", "[rules][dialogue][typed]") {
  CHECK(booking("Hi, we're celebrating tonight, the whole book club, eight of us.", "party_size") == 8);
  CHECK(booking("It's my sister's birthday, so maybe twelve of us, is that fine?", "party_size") == 12);
  // Not a count of things.
  CHECK(booking("Hi, we're celebrating tonight, the whole book club, eight of us.", "napkins_packed").is_null());
  // Two fields that count people: "of us" says neither.
  constexpr const char* kTwoCounts = R"({
    "id": "tour", "title": "Tour", "version": "1",
    "fields": [
      {"id": "adults", "label": "Adults", "type": "number", "description": "Number of adult people", "min": 0, "max": 50},
      {"id": "children", "label": "Children", "type": "number", "description": "Number of young people", "min": 0, "max": 50}
    ]})";
  CHECK(read_in(kTwoCounts, "We're the whole family, five of us.", "adults").is_null());
}

TEST_CASE("rules: a count said as the word 'one' yields to another count", "[rules][dialogue][typed]") {
  CHECK(booking("We packed forty napkins for you. Guest: Great, one napkin with each dessert.", "napkins_packed") ==
        40);
  // Alone, "one" is still the count.
  CHECK(booking("Just one napkin, thanks.", "napkins_packed") == 1);
}

TEST_CASE("rules: an offer is answered like a question", "[rules][dialogue][typed]") {
  CHECK(booking("I can hold the window table for you if you like. Please don't, we'd rather sit inside.",
                "window_table_accepted") == false);
  CHECK(booking("I can hold the window table for you if you like. Yes please, lovely.", "window_table_accepted") ==
        true);
  // A question with "if" in it is still a question, not a hypothetical.
  CHECK(booking("Okay if I book the window table? Sure, go ahead.", "window_table_accepted") == true);
  // A condition without an offer still states nothing.
  CHECK(booking("If the window table frees up, it's yours.", "window_table_accepted").is_null());
}

TEST_CASE("rules: a longer option whose extra words follow is the more precise one", "[rules][dialogue][typed]") {
  CHECK(booking("Status: we confirmed it, with the changes they asked for.", "booking_status") ==
        "confirmed with changes");
  // Negated, or said in the next sentence, the extra words do not count.
  CHECK(booking("Status: we confirmed it, no changes.", "booking_status") == "confirmed");
  CHECK(booking("Status: confirmed. Changes to the menu come later.", "booking_status") == "confirmed");
}

namespace {
// An invented terrace check: a measured temperature, a count, a score with a scale alias.
constexpr const char* kTerrace = R"({
  "id": "terrace-check", "title": "Terrace check", "version": "1",
  "fields": [
    {"id": "terrace_temp_c", "label": "Terrace temperature", "type": "number", "unit": "°C", "min": -30, "max": 50,
     "aliases": ["temperature"]},
    {"id": "heaters_lit", "label": "Heaters lit", "type": "number", "min": 0, "max": 40, "aliases": ["heaters"]},
    {"id": "noise_score", "label": "Noise score", "type": "number", "min": 0, "max": 10,
     "aliases": ["noise", "zero to ten"]},
    {"id": "hours_open", "label": "Hours open", "type": "number", "unit": "h", "min": 0, "max": 24,
     "aliases": ["open for"]}
  ]})";
}  // namespace

TEST_CASE("rules: no zero for an absent measurement, no value from a scale in the cue", "[rules][dialogue][typed]") {
  auto value = [&](const std::string& text, const std::string& id) { return read_in(kTerrace, text, id); };
  // "no temperature" says it was not measured; "no heaters" is a count of zero.
  CHECK(value("Covered terrace tonight, so no temperature.", "terrace_temp_c").is_null());
  CHECK(value("Covered terrace tonight, so no heaters.", "heaters_lit") == 0);
  // The scale named in the question is not the answer.
  CHECK(value("Noise, zero to ten? Guest: I couldn't say, honestly.", "noise_score").is_null());
  CHECK(value("Noise, zero to ten? Guest: Hmm, about a four.", "noise_score") == 4);
}

TEST_CASE("rules: a short question back before the answer", "[rules][dialogue][typed]") {
  CHECK(read_typed_kennel("Host: Dogs tonight? Guest: Mine? About three, all small.", "dogs_boarded") == 3);
  // A longer question back is a question, not the way to an answer.
  CHECK(read_typed_kennel("Host: Dogs tonight? Guest: Do you mean the ones in the yard? Host: Three, I think.", "dogs_boarded")
            .is_null());
}

TEST_CASE("rules: yes/no fields read_typed_kennel only their own words", "[rules][dialogue][typed]") {
  constexpr const char* kDelivery = R"({
    "id": "cake-delivery", "title": "Cake delivery", "version": "1",
    "fields": [
      {"id": "settled_by_phone", "label": "Settled by phone", "type": "boolean", "aliases": ["settled"]},
      {"id": "box_sealed", "label": "Box sealed", "type": "boolean", "aliases": ["box seal"],
       "guidelines": "'taped', 'sealed' -> true; 'cracked', 'torn' -> false."},
      {"id": "plates_delivered", "label": "Plates delivered", "type": "number", "aliases": ["plates"]}
    ]})";
  auto value = [&](const std::string& text, const std::string& id) { return read_in(kDelivery, text, id); };
  // "phone", the object of "by" in the label, is said anyway; the label's head decides.
  CHECK(value("Okay, I'll phone you back tomorrow.", "settled_by_phone").is_null());
  CHECK(value("It's all settled, thanks.", "settled_by_phone") == true);
  // A one-word guideline phrase said of another field's thing is about that thing.
  CHECK(value("Two of the plates are cracked, the rest are fine.", "box_sealed").is_null());
  // Without another field's cue in the sentence the phrase still counts.
  CHECK(value("It arrived cracked, sorry.", "box_sealed") == false);
  CHECK(value("The box seal? Oh, it's torn.", "box_sealed") == false);
}

TEST_CASE("rules: a pair said without its cue fills the fields that share it", "[rules][dialogue][typed]") {
  const std::string text =
      "I'll check his blood pressure while he sits down. One forty over ninety, hmm. Again: one thirty-two over "
      "eighty-four.";
  CHECK(read_typed_kennel(text, "systolic") == 132);
  CHECK(read_typed_kennel(text, "diastolic") == 84);
  // A cued pair still wins over an unlabelled one said after it.
  const std::string cued = "Blood pressure one twenty over eighty. Kennels, one forty over ninety percent full.";
  CHECK(read_typed_kennel(cued, "systolic") == 120);
  // A number out of the second field's range makes no pair.
  CHECK(read_typed_kennel("Pulse is fine. One forty over three.", "diastolic").is_null());
}

TEST_CASE("rules: numbers that belong to another cue or pick from a set", "[rules][dialogue][typed]") {
  constexpr const char* kCrates = R"({
    "id": "crate-intake", "title": "Crate intake", "version": "1",
    "fields": [
      {"id": "crates_received", "label": "Crates received", "type": "number", "min": 0, "max": 500, "aliases": ["crates"]},
      {"id": "shortfall", "label": "Shortfall", "type": "text", "aliases": ["short"]},
      {"id": "crates_damaged", "label": "Crates damaged", "type": "number", "min": 0, "max": 500,
       "aliases": ["dented", "crushed"]}
    ]})";
  auto value = [&](const std::string& text) { return read_in(kCrates, text, "crates_received"); };
  // "short two crates" is the shortfall, not the crates received.
  CHECK(value("I count twenty-two crates. The sheet says twenty-four, so we're short two crates of apples.") == 22);
  // "the first two" picks some of the crates.
  CHECK(value("Okay, the first two crates are dented.").is_null());
  CHECK(value("Okay, two crates are dented.") == 2);
  // A count cue that ends its clause after the thing counted: one noun may sit between.
  const std::string crushed = "The first two crates are leaning, and I count twelve boxes crushed.";
  CHECK(read_in(kCrates, crushed, "crates_damaged") == 12);
  CHECK(value(crushed).is_null());
}

TEST_CASE("rules: an option inside a hyphenated compound is not said", "[rules][dialogue][typed]") {
  constexpr const char* kCheckIn = R"({
    "id": "check-in", "title": "Check-in", "version": "1",
    "fields": [{"id": "contact_mode", "label": "Contact mode", "type": "enum", "options": ["call", "visit"]}]})";
  CHECK(read_in(kCheckIn, "We did a home visit; she asked about on-call shifts.", "contact_mode") == "visit");
  CHECK(read_in(kCheckIn, "We did a home visit, then a quick call.", "contact_mode") == "call");
}

TEST_CASE("rules: a revision marked after the new value", "[rules][dialogue][typed]") {
  auto years = [](const std::string& text) { return read_typed_kennel(text, "years_training"); };
  CHECK(years("Training? About five years. Five and a half, really, counting the course.") == 5.5);
  CHECK(years("Training? About five years. Six, actually.") == 6);
  // Without a correction word right after it, a number in the next sentence is something else.
  CHECK(years("Training? About five years. Five dogs, really nice ones.") == 5);
  // Another speaker's number is an answer, not the speaker's revision.
  CHECK(years("Vet: Training? Owner: About five years. Vet: Six, actually? Owner: Yes.") == 5);
}

TEST_CASE("rules: a duration said in two units", "[rules][dialogue][typed]") {
  CHECK(read_in(kTerrace, "We were open for four hours and forty-five minutes tonight.", "hours_open") == 4.75);
  CHECK(read_in(kTerrace, "We were open for two hours fifteen minutes, quiet night.", "hours_open") == 2.25);
  // A count of something else after "and" is not part of it.
  CHECK(read_in(kTerrace, "We were open for three hours and two waiters came in.", "hours_open") == 3);
}

TEST_CASE("rules: a bare 'no' that leads into a change of value", "[rules][dialogue][typed]") {
  // The marker after "no" gives the new value at once.
  CHECK(read_typed_kennel("Training, I'd say three. No, bump it to three and a half, she was quick.", "years_training") == 3.5);
  CHECK(read_typed_kennel("Pulse ninety. Raise it to ninety-five, I miscounted.", "pulse_rate") == 95);
  // A bare "no" with no marker after it and no value at once stays an answer.
  CHECK(read_typed_kennel("Dogs, twelve. No, let me think about the other thing, twenty minutes.", "dogs_boarded") == 12);
}

TEST_CASE("rules: a number before a full stop is not read_typed_kennel back by the next sentence's cue",
          "[rules][dialogue][typed]") {
  // "a forty" is the pulse's; "Training," opens a new sentence and is read forward.
  const std::string text = "Pulse a forty. Training, I'd say three.";
  CHECK(read_typed_kennel(text, "years_training") == 3);
  CHECK(read_typed_kennel(text, "pulse_rate") == 40);
}

TEST_CASE("rules: a negation reaches the cue across the field's own verb", "[rules][dialogue][typed]") {
  constexpr const char* kShop = R"({
    "id": "shop-check", "title": "Shop check", "version": "1",
    "fields": [{"id": "bell_tested", "label": "Door bell tested", "type": "boolean", "aliases": ["bell test"]}]})";
  CHECK(read_in(kShop, "I can't test the bell today, the battery's out.", "bell_tested") == false);
  CHECK(read_in(kShop, "I tested the bell, all fine.", "bell_tested") == true);
  // Only in the cue's clause: a negation before a comma belongs to what it ends.
  CHECK(read_in(kShop, "It's not loud, but I tested the bell.", "bell_tested") == true);
}
