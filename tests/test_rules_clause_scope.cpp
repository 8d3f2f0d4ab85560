// What a clause is about (docs/RULES.md "Subsets, places and answers"): a count of the broken
// ones is no count of all, a cue naming where a thing is takes no yes/no of its own, a negative
// statement asked back with a tag is confirmed by a yes, and the field's cue inside the answer to
// a question about it is part of that answer. An invented playground-check template.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template playground_template() {
  return testing::invented_template(R"({
    "id": "playground-check", "title": "Playground check", "version": "1",
    "fields": [
      {"id": "swings_checked", "label": "Swings checked", "type": "number", "min": 0, "max": 100, "aliases": ["swings"]},
      {"id": "failed_lamps", "label": "Failed lamps", "type": "number", "min": 0, "max": 100},
      {"id": "lighting_ok", "label": "Lighting OK", "type": "boolean", "aliases": ["lights", "lighting"]},
      {"id": "gate_secure", "label": "Gate secure", "type": "boolean", "aliases": ["gate"]},
      {"id": "sandpit_covered", "label": "Sandpit covered", "type": "boolean", "aliases": ["sandpit cover"]}
    ]})");
}

Json read_playground(const std::string& text, const std::string& id) {
  static const Template t = playground_template();
  return testing::rules_raw_value(t, text, id, "2026-06-02");
}

const std::string kOpening = "Parent: Hi there. Warden: Hello. ";
}  // namespace

TEST_CASE("rules: a count of the missing or broken ones is not the count checked", "[rules][scope]") {
  CHECK(read_playground("Swings checked: twelve. Two swings were missing their seat chains.", "swings_checked") == 12);
  CHECK(read_playground("Swings checked: twelve, two broken.", "swings_checked") == 12);
  // Nothing says they failed: the later count stands.
  CHECK(read_playground("Swings checked: twelve. Two swings were repainted, so fourteen swings.", "swings_checked") == 14);
  // A field that counts the state keeps the number.
  CHECK(read_playground("Failed lamps: three lamps failed.", "failed_lamps") == 3);
}

TEST_CASE("rules: a cue that says where a thing is takes no yes or no of its own", "[rules][scope]") {
  const std::string text = "Lighting: the one by the gate is dead.";
  CHECK(read_playground(text, "lighting_ok") == false);
  CHECK(read_playground(text, "gate_secure").is_null());
  // Without the preposition the gate is what the clause is about.
  CHECK(read_playground("Lighting fine. The gate is broken.", "gate_secure") == false);
}

TEST_CASE("rules: a yes to a negative statement asked back confirms the negative", "[rules][scope]") {
  CHECK(read_playground(kOpening + "Parent: No sandpit cover, right? Warden: Correct, the sandpit cover blew away.",
             "sandpit_covered") == false);
  // An ordinary question: the yes is a yes.
  CHECK(read_playground(kOpening + "Parent: Sandpit cover on? Warden: Yes.", "sandpit_covered") == true);
  // "No" to a negative tag question agrees or denies: the field stays empty.
  CHECK(read_playground(kOpening + "Parent: No sandpit cover, right? Warden: No.", "sandpit_covered").is_null());
}

TEST_CASE("rules: the field's cue inside the answer to a question about it is part of the answer", "[rules][scope]") {
  CHECK(read_playground(kOpening + "Parent: Is the gate secure? Warden: No, the gate latch has snapped.", "gate_secure") ==
        false);
  CHECK(read_playground(kOpening + "Parent: Is the gate secure? Warden: Yes, the gate is fine.", "gate_secure") == true);
  // A later sentence about the field is a statement of its own.
  CHECK(read_playground(kOpening + "Parent: Lighting? Warden: All good. Parent: Thanks. Warden: Oh, the lights by the slide are dead.",
             "lighting_ok") == false);
}
