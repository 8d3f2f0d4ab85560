// The day of a record made as it happens and the day of what it is about, corrections of a day
// said in passing and of a code given as an answer, counts said before their noun, the last word
// of an option said alone, how-many questions, the time said as "now", and names that are only
// spelled letters
// (docs/RULES.md "Record days, option heads and the time now"). Invented templates, hand-written
// sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kWednesdayRef = "2026-06-10";

Template parcel_claim_template() {
  return testing::invented_template(R"({
    "id": "parcel-claim", "title": "Parcel damage claim", "version": "1",
    "fields": [
      {"id": "claim_date", "label": "Claim date", "type": "date", "description": "Day the claim is taken",
       "guidelines": "A claim taken at the counter is on the reference date."},
      {"id": "delivered_on", "label": "Delivered", "type": "date", "description": "Day the parcel arrived"},
      {"id": "next_call", "label": "Next call", "type": "date", "description": "Day we call the customer back"},
      {"id": "ticket_ref", "label": "Ticket reference", "type": "text", "aliases": ["ticket"],
       "guidelines": "Letters and digits as said, capitals, without spaces ('K P one two' -> 'KP12')."},
      {"id": "handled_by", "label": "Handled by", "type": "text", "description": "Staff member at the counter",
       "guidelines": "First and last name."},
      {"id": "cause", "label": "Cause", "type": "enum",
       "options": ["storm damage", "vehicle impact", "front window", "rear window", "other"]},
      {"id": "posts_replaced", "label": "Posts replaced", "type": "number", "min": 0, "max": 50, "aliases": ["posts"]},
      {"id": "parcels_lost", "label": "Lost", "type": "number", "min": 0, "max": 20,
       "description": "Parcels that never turned up"},
      {"id": "seen_at", "label": "Seen at", "type": "time", "description": "When the customer was seen",
       "guidelines": "24-hour clock."}
    ]})");
}

Json claim_value(const std::string& text, const std::string& id) {
  static const Template t = parcel_claim_template();
  return testing::rules_raw_value(t, text, id, kWednesdayRef);
}
}  // namespace

TEST_CASE("rules: a record made as it happens keeps today, the day said is the event's", "[rules][unseen]") {
  const std::string said = "The courier dropped it off yesterday and the box was crushed.";
  CHECK(claim_value(said, "claim_date") == "today");  // resolved against the reference date later
  CHECK(claim_value(said, "delivered_on") == "2026-06-09");
  // The form's other date field takes no day by default, and a day ahead is not the event's.
  CHECK(claim_value("The box was crushed.", "delivered_on").is_null());
  CHECK(claim_value("The box was crushed.", "next_call").is_null());
}

TEST_CASE("rules: a day said in passing may be corrected", "[rules][unseen]") {
  CHECK(claim_value("It came this morning. No, wait, yesterday afternoon.", "delivered_on") == "2026-06-09");
}

TEST_CASE("rules: a weekday after an irregular past verb is the last one", "[rules][unseen]") {
  CHECK(claim_value("Took it in Monday, crushed.", "delivered_on") == "2026-06-08");
}

TEST_CASE("rules: a code given as an answer is corrected, and spelled letters are no name", "[rules][unseen]") {
  const std::string said = "What's the ticket? - It's K P seven one two... sorry, K P seven one three four. - Thanks.";
  CHECK(claim_value(said, "ticket_ref") == "KP7134");
  CHECK(claim_value(said, "handled_by").is_null());
  CHECK(claim_value("It's K P at the counter.", "handled_by").is_null());
}

TEST_CASE("rules: a count said before its noun with a word between", "[rules][unseen]") {
  CHECK(claim_value("Three rotten posts along the boundary of plot nine.", "posts_replaced") == 3);
  // "more" counts others than the ones the field is about.
  CHECK(claim_value("We need three more posts for the gate.", "posts_replaced").is_null());
}

TEST_CASE("rules: a how-many question about a number field is answered by the next turn", "[rules][unseen]") {
  CHECK(claim_value("How many of them never turned up? - Just the two, sadly.", "parcels_lost") == 2);
  // A question about something else answers nothing for the field.
  CHECK(claim_value("How many of them were opened? - Just the two, sadly.", "parcels_lost").is_null());
}

TEST_CASE("rules: the last word of an option is said alone for it", "[rules][unseen]") {
  CHECK(claim_value("A van reversed into it, a proper impact.", "cause") == "vehicle impact");
  // A word two options share says neither.
  CHECK(claim_value("The window was smashed.", "cause").is_null());
}

TEST_CASE("rules: the time said as now is the time of the record", "[rules][unseen]") {
  CHECK(claim_value("No worries, what is it, six forty? Let's start.", "seen_at") == "18:40");
  CHECK(claim_value("You're my first, bang on ten.", "seen_at") == "10:00");
  CHECK(claim_value("The time now is eleven oh five.", "seen_at") == "11:05");
  // Unpunctuated, a time that ends with its half of the day ends there.
  CHECK(claim_value("okay it's uh three fifteen in the afternoon checked the box over", "seen_at") == "15:15");
}
