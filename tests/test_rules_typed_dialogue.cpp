// Typed values in conversation (docs/RULES.md "Conversations"): numbers that are not the count
// asked for, counts said before their noun, zero counts and their scope, weekdays said in the
// past tense, corrections after a hanging pair. An invented kennel-visit template and
// hand-written sentences.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"

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
  NormalizeContext ctx;
  ctx.reference_date = "2026-03-04";
  auto out = rules::extract_all(*t, text, {}, ctx);
  auto it = out.find(id);
  return it == out.end() ? Json() : it->second.value;
}

Json read(const std::string& text, const std::string& id) { return read_in(kKennel, text, id); }
}  // namespace

TEST_CASE("rules: a part of a set is not the count", "[rules][dialogue][typed]") {
  CHECK(read("Kennels, I count eleven. Wait, two of them are double runs, so thirteen.", "kennels_cleaned") == 13);
  // With no number before it, "three of them" counts the cue's thing.
  CHECK(read("Kennels cleaned, three of them.", "kennels_cleaned") == 3);
  CHECK(read("Dogs? Nine dogs overnight, three of those are puppies.", "dogs_boarded") == 9);
  // "of us" names the whole group, so it stays a count.
  CHECK(read("Walkers? It's the whole team, six of us.", "walkers_on_shift") == 6);
}

TEST_CASE("rules: an amount per person is not the count", "[rules][dialogue][typed]") {
  CHECK(read("Kennels: three each, so nine in total.", "kennels_cleaned") == 9);
}

TEST_CASE("rules: 'one' standing for a thing is not a count", "[rules][dialogue][typed]") {
  CHECK(read("Kennels, I did eleven, wait, plus the corner one, twelve.", "kennels_cleaned") == 12);
  CHECK(read("Kennels, I did eleven, wait, and this one, twelve.", "kennels_cleaned") == 12);
  // "just the one" is still one.
  CHECK(read("How many dogs? Just the one.", "dogs_boarded") == 1);
}

TEST_CASE("rules: a bare 'half' before a noun or an hour is no value", "[rules][dialogue][typed]") {
  CHECK(read("Dogs? Half a van load, so thirty.", "dogs_boarded") == 30);
  CHECK(read("Kennels, all done. It's half ten, see you.", "kennels_cleaned").is_null());
  // "two and a half" is a value.
  CHECK(read("Years of training, two and a half.", "years_training") == 2.5);
}

TEST_CASE("rules: a number right before its noun counts it", "[rules][dialogue][typed]") {
  CHECK(read("I count twenty dogs, and the booking sheet says twenty-two.", "dogs_boarded") == 20);
  // In unpunctuated speech-to-text output a number before a cue belongs to the cue before it.
  CHECK(read("pulse one hundred and four dogs twelve", "pulse_rate") == 104);
  CHECK(read("pulse one hundred and four dogs twelve", "dogs_boarded") == 12);
  // A measurement before a cue is no count of it.
  CHECK(read("Weight is 31.5 dogs, I mean kilos. Pulse ninety.", "pulse_rate") == 90);
}

TEST_CASE("rules: a zero quantifier counts only the thing it is next to", "[rules][dialogue][typed]") {
  // "no agility training" negates one kind of training; it says nothing about the years.
  CHECK(read("Any concerns? No agility training, that's all.", "years_training").is_null());
  CHECK(read("No more kennels today.", "kennels_cleaned") == 0);
  CHECK(read("No one was on shift with me, no walkers at all.", "walkers_on_shift") == 0);
}

TEST_CASE("rules: a guideline phrase said negated is not its value", "[rules][dialogue][typed]") {
  CHECK(read("Anyone else? It's not just me, the whole crew is out.", "walkers_on_shift").is_null());
  CHECK(read("Anyone else? Just me today.", "walkers_on_shift") == 1);
}

TEST_CASE("rules: a correction after a hanging pair separator", "[rules][dialogue][typed]") {
  const std::string text = "Blood pressure is one twenty over, sorry, one thirty over eighty.";
  CHECK(read(text, "systolic") == 130);
}

TEST_CASE("rules: a weekday said in the past tense is the most recent one", "[rules][dialogue][typed]") {
  CHECK(read("When did the limping start? Monday, after the walk.", "problem_start") == "2026-03-02");
  CHECK(read("Problem start: limping since Monday.", "problem_start") == "2026-03-02");
  // Also for a date no cue names (the form's event date).
  CHECK(read("It has been limping since Monday.", "problem_start") == "2026-03-02");
  // Without a past-tense word a weekday alone is the next one.
  CHECK(read("We'll start the new diet Monday.", "problem_start") == "2026-03-09");
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
  CHECK(read("Kennels? I did three. Well, actually, counting the yard it's more like five.", "kennels_cleaned") == 5);
  CHECK(read("How many dogs? About forty. It's more like forty-five.", "dogs_boarded") == 45);
  // A bare "no" after an opener is an answer, not a correction.
  CHECK(read("Dogs, twelve. Okay no problem, see you.", "dogs_boarded") == 12);
}
