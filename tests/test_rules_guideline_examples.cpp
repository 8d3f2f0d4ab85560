// A guideline's example in parentheses maps only its own quoted words, and a cue inside a
// hyphenated word is no label (docs/RULES.md "Examples in parentheses and hyphenated words").
// Invented templates, hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kExampleRef = "2026-06-10";

// The guideline names lead-ins to drop, then shows one worked example in parentheses.
Template booking_template() {
  return testing::invented_template(R"({
    "id": "hall-booking", "title": "Hall booking", "version": "1",
    "fields": [
      {"id": "occasion", "label": "Occasion", "type": "text", "aliases": ["occasion", "trip"],
       "guidelines": "The phrase the caller gives, without lead-ins such as 'it is for' or 'we are having' )"
                                      R"(and without a leading 'a' ('We are having a ruby wedding dinner' -> )"
                                      R"('ruby wedding dinner')."},
      {"id": "team", "label": "Team", "type": "text",
       "guidelines": "The name without the word 'team' ('the badminton team' -> 'badminton')."},
      {"id": "transport", "label": "Transport", "type": "enum", "options": ["coach", "train", "none"],
       "optionAliases": {"coach": ["coach", "bus"]}}
    ]})");
}

Json booking_value(const std::string& text, const std::string& id) {
  static const Template t = booking_template();
  return testing::rules_raw_value(t, text, id, kExampleRef);
}

}  // namespace

TEST_CASE("rules: a worked example in parentheses maps only its own words", "[rules][unseen]") {
  // The quoted lead-ins before the parentheses are words to drop, not ways of saying the example.
  CHECK(booking_value("We'd like a hall, please.", "occasion").is_null());
  CHECK(booking_value("It is for the evening.", "occasion").is_null());
  CHECK(booking_value("We are the rowing team.", "team") != Json("badminton"));
  // The example itself still reads as the guideline says.
  CHECK(booking_value("We are having a ruby wedding dinner.", "occasion") == Json("ruby wedding dinner"));
  CHECK(booking_value("Occasion: retirement lunch for Dev.", "occasion") == Json("retirement lunch for Dev"));
}

TEST_CASE("rules: a cue inside a hyphenated word is part of that word, not a label", "[rules][unseen]") {
  const std::string said = "Occasion: summer fete. We booked the round-trip coach for the guests.";
  CHECK(booking_value(said, "occasion") == Json("summer fete"));
  CHECK(booking_value(said, "transport") == Json("coach"));
  // The cue said on its own is still a label.
  CHECK(booking_value("Trip: summer fete.", "occasion") == Json("summer fete"));
}
