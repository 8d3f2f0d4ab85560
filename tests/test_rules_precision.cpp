// Precision mechanisms of the rules engine (docs/RULES.md "Conversations"): what the engine
// leaves empty rather than guess. An invented grooming-salon template, hand-written sentences.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template salon_template() {
  return testing::invented_template(R"({
    "id": "grooming", "title": "Grooming visit", "version": "1",
    "fields": [
      {"id": "salon", "label": "Salon", "type": "text", "aliases": ["groomed at"],
       "guidelines": "Salon name as said, without 'the' (e.g. 'Paws Corner')."},
      {"id": "nail_trim", "label": "Nail trim", "type": "boolean"},
      {"id": "weight_kg", "label": "Weight", "type": "number", "unit": "kg"}
    ]})");
}

Json read_salon(const std::string& text, const std::string& id) {
  Template t = salon_template();
  return testing::rules_raw_value(t, text, id, "2026-05-11");
}
}  // namespace

TEST_CASE("rules: a guideline quoting a word to leave out gives no cue", "[rules][dialogue]") {
  // 'the' names what to drop from the value; it must not make every "the ..." a salon.
  CHECK(read_salon("Hang the leash by the door, the dog is calm today.", "salon").is_null());
  // The real cue and the example still work.
  CHECK(read_salon("Groomed at Muddy Paws.", "salon") == "Muddy Paws");
}

TEST_CASE("rules: a refusal after a yes/no cue answers no", "[rules][dialogue]") {
  CHECK(read_salon("Nail trim declined by the owner.", "nail_trim") == false);
  CHECK(read_salon("Nail trim refused, he would not sit still.", "nail_trim") == false);
  CHECK(read_salon("Nail trim done.", "nail_trim") == true);
}

TEST_CASE("rules: an ordinal before a noun is not the form's unlabelled date", "[rules][dialogue]") {
  Template t = parse_template(Json::parse(R"({
    "id": "visit", "title": "Visit", "version": "1",
    "fields": [{"id": "visit_date", "label": "Visit date", "type": "date"},
               {"id": "rooms", "label": "Rooms", "type": "number"}]})"),
                              "visit template")
                   .value();
  NormalizeContext ctx;
  ctx.reference_date = "2026-05-11";
  auto read_date = [&](const std::string& text) {
    auto out = rules::extract_all(t, text, {}, ctx);
    auto it = out.find("visit_date");
    return it == out.end() ? Json() : it->second.value;
  };
  // "second floor" names a floor; the visit is dated today (implied), not the 2nd.
  CHECK(read_date("We walked up to the second floor and checked the heaters.") == "today");
  // ... also when the ordinal comes after "on the", as a date would.
  CHECK(read_date("One heater on the second floor was cold.") == "today");
  CHECK(read_date("We came by on the second, and checked the heaters.") == "2026-05-02");
}

namespace {
Template audit_template() {
  return testing::invented_template(R"({
    "id": "shelf-audit", "title": "Shelf audit", "version": "1",
    "fields": [
      {"id": "containment", "label": "Containment", "type": "textarea", "description": "Immediate actions"},
      {"id": "crate", "label": "Crate", "type": "text", "aliases": ["crate"]},
      {"id": "belt_stopped", "label": "Belt stopped", "type": "boolean"},
      {"id": "auditor", "label": "Auditor", "type": "text", "description": "Person auditing"}
    ]})");
}
}  // namespace

TEST_CASE("rules: a verb derived from a cue word neither labels nor ends a value", "[rules][dialogue]") {
  // Lowercase and unpunctuated, as PocketSphinx writes it. "audit" is not "auditor", "the
  // crate and" is a noun in the sentence, and "not" negates the belt, not the auditor.
  Template t = audit_template();
  NormalizeContext ctx;
  ctx.reference_date = "2026-05-11";
  auto out = rules::extract_all(
      t, "containment seal the crate and audit the other shelves the belt was not stopped auditor nina ross", {}, ctx);
  REQUIRE(out.count("auditor"));
  CHECK(out["auditor"].value == "nina ross");
  REQUIRE(out.count("containment"));
  // A textarea read as a list holds one item per action.
  CHECK(out["containment"].value == Json::array({"seal the crate", "audit the other shelves"}));
  CHECK(out["belt_stopped"].value == false);
  INFO(out["crate"].value.dump());
  CHECK((!out.count("crate") || out["crate"].value.is_null()));
}

TEST_CASE("rules: a pause in unpunctuated recognizer text ends the sentence", "[rules][dialogue]") {
  auto t = parse_template(Json::parse(R"({
    "id": "kennel", "title": "Kennel intake", "version": "1",
    "fields": [{"id": "allergies", "label": "Allergies", "type": "textarea"},
               {"id": "weight_kg", "label": "Weight", "type": "number", "unit": "kg"}]})"),
                          "kennel template");
  REQUIRE(t.has_value());
  NormalizeContext ctx;
  ctx.reference_date = "2026-05-11";
  const std::string heard = "allergies chicken and beef she was very calm today weight twelve kilos";
  rules::EngineParams params;
  params.pause_breaks = {heard.find(" she")};
  auto out = rules::extract_all(*t, heard, {}, ctx, params);
  CHECK(out["allergies"].value == Json::array({"chicken", "beef"}));
  CHECK(out["weight_kg"].value == 12);
  // Punctuated text keeps its own sentences: a pause mid-sentence does not cut the list.
  const std::string typed = "Allergies chicken and beef. Weight twelve kilos.";
  params.pause_breaks = {typed.find(" and")};
  out = rules::extract_all(*t, typed, {}, ctx, params);
  CHECK(out["allergies"].value == Json::array({"chicken", "beef"}));
}

TEST_CASE("rules: an option word inside another field's longer label is not the option", "[rules][dialogue]") {
  auto t = parse_template(Json::parse(R"({
    "id": "obs", "title": "Observation", "version": "1",
    "fields": [{"id": "mood", "label": "Mood", "type": "enum", "options": ["calm", "restless", "itchy"]},
               {"id": "itch_score", "label": "Itchy skin score", "type": "number", "min": 0, "max": 10}]})"),
                          "observation template");
  REQUIRE(t.has_value());
  NormalizeContext ctx;
  ctx.reference_date = "2026-05-11";
  // Unpunctuated, as a recognizer writes it: "itchy" opens the next field's label.
  auto out = rules::extract_all(*t, "mood is calm itchy skin score is three", {}, ctx);
  CHECK(out["mood"].value == "calm");
  CHECK(out["itch_score"].value == 3);
  out = rules::extract_all(*t, "mood is itchy today", {}, ctx);
  CHECK(out["mood"].value == "itchy");
}

TEST_CASE("pauses between segments are found at the end of the segment before them", "[rules][asr]") {
  Transcript t;
  t.text = "allergies penicillin heart rate ninety two thanks";
  t.segments = {{0.0, 1.4, "allergies penicillin", 0.9}, {2.1, 3.5, "heart rate ninety two", 0.9}, {3.6, 4.0, "thanks", 0.9}};
    // 0.7 s of silence after "penicillin"; 0.1 s before "thanks" is no pause.
  CHECK(rules::pause_breaks(t, 0.5) == std::vector<size_t>{t.text.find(" heart")});
  CHECK(rules::pause_breaks(t, 0.05).size() == 2);
  CHECK(rules::pause_breaks(Transcript{"typed text", "en", 0.0, {}}, 0.5).empty());
}
