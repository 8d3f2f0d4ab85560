// Numbers said digit by digit for a text field: a guideline that quotes how digits are spoken
// ("'oh' is 0") gives the field no cue, and a correction of the last digits replaces only them
// (docs/RULES.md "Problem fields, spelled digits, businesses and callers"). Invented
// template, hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kLockerDeskRef = "2026-02-11";

// A gym locker desk: a member's phone, whose guidelines quote spoken digits, and a card number.
Template locker_desk_template() {
  return testing::invented_template(R"({
    "id": "locker-desk", "title": "Locker desk", "version": "1",
    "fields": [
      {"id": "phone", "label": "Phone", "type": "text", "aliases": ["phone", "mobile"],
       "guidelines": "Digits only; 'oh' is 0 and 'double four' is 44."},
      {"id": "member_card", "label": "Member card", "type": "text", "aliases": ["card number", "card"],
       "guidelines": "Digits joined without spaces."}
    ]})");
}

Json desk_value(const std::string& text, const std::string& id) {
  return testing::raw_value_on<locker_desk_template>(text, id, kLockerDeskRef);
}
}  // namespace

TEST_CASE("rules: a guideline's quoted spoken digits are no cue of the field", "[rules][unseen]") {
  CHECK(desk_value("Phone is six oh three five five one two.", "phone") == "6035512");
  CHECK(desk_value("Mobile's oh eight one, double four two, nine oh six.", "phone") == "081442906");
}

TEST_CASE("rules: a correction of a code's last digits replaces only them", "[rules][unseen]") {
  // Said with a tail marker.
  CHECK(desk_value("Card number? - Four four one two, oh oh nine, three one two. Sorry, three two one at the end.",
                   "member_card") == "4412009321");
  // As long as the last group the number was said in.
  CHECK(desk_value("Phone is oh seven one, five five two, eight eight three nine, no sorry, eight eight three one.",
                   "phone") == "0715528831");
  // A correction as long as the whole number replaces all of it.
  CHECK(desk_value("Card is five five one two, no sorry, five five one three.", "member_card") == "5513");
  // One of another length with no tail marker is the new number.
  CHECK(desk_value("Card is five five one two three, no sorry, six six one.", "member_card") == "661");
}
