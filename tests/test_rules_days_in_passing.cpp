// Days and times said in passing: the date field whose guidelines put a record made as it happens
// "on the reference date", "the April one" and "the third-floor sounder" (no dates), the tense of
// a weekday read from its own clause in a transcript without punctuation, "the one by reception"
// and "five-twenty a week" (no times), a clock time said again on the same hour (docs/RULES.md
// "Days and times said in passing"), and a score written over its whole on a field in percent
// (docs/NORMALIZATION.md).
// Invented templates and sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kSaturday = "2026-12-05";

Template pump_check_template(const char* check_guidelines) {
  const std::string json = std::string(R"({
    "id": "pump-check", "title": "Pump check", "version": "1",
    "fields": [
      {"id": "reported_on", "label": "Reported", "type": "date", "description": "Day the fault was first reported"},
      {"id": "checked_on", "label": "Checked", "type": "date", "guidelines": ")") +
                           check_guidelines + R"("},
      {"id": "pressure_bar", "label": "Pressure", "type": "number", "unit": "bar"}
    ]})";
  return testing::invented_template(json.c_str());
}

Template tenancy_template() {
  return testing::invented_template(R"({
    "id": "tenancy-enquiry", "title": "Tenancy enquiry", "version": "1",
    "fields": [
      {"id": "tenant", "label": "Applicant", "type": "text"},
      {"id": "enquiry_on", "label": "Enquiry", "type": "date",
       "guidelines": "An enquiry taken on the phone is on the reference date."},
      {"id": "start_date", "label": "Could start", "type": "date", "aliases": ["move in", "start"]}
    ]})");
}

Template alarm_test_template() {
  return testing::invented_template(R"({
    "id": "alarm-drill", "title": "Alarm drill", "version": "1",
    "fields": [
      {"id": "set_off_at", "label": "Alarm triggered", "type": "time", "aliases": ["set off", "triggered"]},
      {"id": "reset_at", "label": "Panel reset", "type": "time", "aliases": ["reset"]},
      {"id": "rent_note", "label": "Notes", "type": "text"}
    ]})");
}

Json read_alarm(const std::string& text, const std::string& id) {
  return testing::rules_raw_value(alarm_test_template(), text, id, kSaturday);
}

Json read_pump(const char* guidelines, const std::string& text, const std::string& id) {
  return testing::rules_raw_value(pump_check_template(guidelines), text, id, kSaturday);
}
}  // namespace

TEST_CASE("rules: the date field a record made as it happens is dated on takes today", "[rules][unseen]") {
  constexpr const char* kOnSite = "A check written up on site is on the reference date.";
  // Nothing said of any day: the field the guidelines date today has today, the first date
  // field has nothing.
  const std::string no_day = "Pump two is leaking at the seal, pressure one point four bar.";
  // The raw reading is the word the normalizer resolves against the reference date.
  CHECK(read_pump(kOnSite, no_day, "checked_on") == "today");
  CHECK(read_pump(kOnSite, no_day, "reported_on").is_null());
  // A day said without its cue still goes to the first date field.
  const std::string said = "The fault from Tuesday the first, pump two leaking at the seal.";
  CHECK(read_pump(kOnSite, said, "reported_on") == "2026-12-01");
  CHECK(read_pump(kOnSite, said, "checked_on") == "today");
  // Guidelines that only count relative days from the reference date do not date the field
  // today: the first date field keeps that role.
  constexpr const char* kRelative = "Relative days such as 'in two weeks' count from the reference date.";
  CHECK(read_pump(kRelative, no_day, "reported_on") == "today");
  CHECK(read_pump(kRelative, no_day, "checked_on").is_null());
}

TEST_CASE("rules: a month followed by 'one' after a determiner is a thing of that month", "[rules][unseen]") {
  const auto t = tenancy_template();
  const std::string text = "Applicant is Rhona Kells. When could you move in? The March one fell through, so not sure.";
  CHECK(testing::rules_raw_value(t, text, "start_date", kSaturday).is_null());
  CHECK(testing::rules_raw_value(t, "Applicant is Rhona Kells. Move in March one.", "start_date", kSaturday) ==
        "2027-03-01");
}

TEST_CASE("rules: an ordinal joined by a hyphen to a noun is no day of the month", "[rules][unseen]") {
  const std::string guidelines = "A check written up on site is on the reference date.";
  const std::string hyphened = "Logged the third-floor pump as a defect, pressure two bar.";
  CHECK(read_pump(guidelines.c_str(), hyphened, "reported_on").is_null());
  CHECK(read_pump(guidelines.c_str(), "It came in on the third - pressure two bar.", "reported_on") == "2026-12-03");
}

TEST_CASE("rules: a bare weekday takes its tense from its own clause in unpunctuated speech", "[rules][unseen]") {
  const auto t = tenancy_template();
  // "was" long before, about something else: the Monday ahead.
  const std::string far_was = "applicant rhona kells i was working in a bakery for years but that has finished now and "
                              "i am staying with my sister so i could move in monday if that suits";
  CHECK(testing::rules_raw_value(t, far_was, "start_date", kSaturday) == "2026-12-07");
  // "was" in the clause itself: the Monday gone.
  const std::string near_was = "applicant rhona kells i was meant to move in monday";
  CHECK(testing::rules_raw_value(t, near_was, "start_date", kSaturday) == "2026-11-30");
}

TEST_CASE("rules: 'one' after a determiner is no clock time", "[rules][unseen]") {
  CHECK(read_alarm("who set it off? i did, the one by the lifts, at ten twenty five", "set_off_at") == "10:25");
  CHECK(read_alarm("I set it off at one, by the lifts.", "set_off_at") == "13:00");
}

TEST_CASE("rules: an amount said per week or per head is no clock time", "[rules][unseen]") {
  CHECK(read_alarm("The monitoring is listed at five-twenty a week. Alarm triggered by me.", "set_off_at").is_null());
  CHECK(read_alarm("Alarm triggered, and the monitoring costs ninety per head.", "set_off_at").is_null());
  CHECK(read_alarm("Alarm triggered at five twenty, all good.", "set_off_at") == "17:20");
}

TEST_CASE("rules: the same hour said again at once settles the minutes", "[rules][unseen]") {
  CHECK(read_alarm("and you reset it at what eleven forty eleven forty five no eleven forty six", "reset_at") ==
        "11:46");
  CHECK(read_alarm("Reset at eleven forty, eleven forty-five.", "reset_at") == "11:45");
  // The reading it replaced is no other field's time.
  CHECK(read_alarm("Reset at eleven forty, no, eleven forty-five.", "set_off_at").is_null());
  // Another hour, or a count after the time, is something else.
  CHECK(read_alarm("Reset at four fifteen p.m., three keys handed back.", "reset_at") == "16:15");
}

TEST_CASE("rules: a score written over its whole on a field in percent is one share", "[rules][unseen]") {
  const auto t = testing::invented_template(R"({
    "id": "room-check", "title": "Room check", "version": "1",
    "fields": [
      {"id": "score", "label": "Score", "type": "number", "unit": "%", "min": 0, "max": 100},
      {"id": "pressure", "label": "Pressure", "type": "number", "unit": "bar"}
    ]})");
  CHECK(testing::rules_raw_value(t, "Score 17/20, back to the attendant.", "score", kSaturday) == 85);
  CHECK(testing::rules_raw_value(t, "I'm scoring it forty-six out of fifty.", "score", kSaturday) == 92);
}

TEST_CASE("rules: a measure between a number and a plural cue is no count of those things", "[rules][unseen]") {
  const auto t = testing::invented_template(R"({
    "id": "install", "title": "Install", "version": "1",
    "fields": [
      {"id": "panels", "label": "Panels", "type": "number", "aliases": ["panels"]},
      {"id": "deposit", "label": "Deposit", "type": "number", "aliases": ["deposit"]}
    ]})");
  CHECK(testing::rules_raw_value(t, "Sixteen panels, all on the back. They're four hundred watt panels.", "panels",
                                 kSaturday) == 16);
  // Money before a singular noun is that thing's amount.
  CHECK(testing::rules_raw_value(t, "That'll be a thirty pound deposit.", "deposit", kSaturday) == 30);
}

TEST_CASE("rules: a guideline's worked example of a code makes the field a code", "[rules][unseen]") {
  const auto t = testing::invented_template(R"({
    "id": "marina-check", "title": "Marina check", "version": "1",
    "fields": [
      {"id": "owner", "label": "Owner", "type": "text", "guidelines": "First and last name."},
      {"id": "berth", "label": "Berth", "type": "text", "aliases": ["berth", "pontoon", "slip"],
       "guidelines": "Pontoon letter and berth number joined by a hyphen ('pontoon K, berth twenty-two' -> 'K-22')."}
    ]})");
  CHECK(testing::rules_raw_value(t, "Owner is Hugh Penrose. We're at slip C twenty-seven, all good.", "berth",
                                 kSaturday) == "C-27");
}

TEST_CASE("rules: a place named after 'in' in a question is not the next speaker's name", "[rules][unseen]") {
  const auto t = testing::invented_template(R"({
    "id": "flock-check", "title": "Flock check", "version": "1",
    "fields": [
      {"id": "checked_by", "label": "Checked by", "type": "text", "aliases": ["shepherd", "checked by"],
       "guidelines": "First and last name."},
      {"id": "field_name", "label": "Field", "type": "text", "aliases": ["field", "paddock"]}
    ]})");
  // Speaker labels count when they recur.
  const std::string place = "Manager: How were the ewes in Long Acre? Shepherd: Fine, all counted. Manager: Any lame? "
                            "Shepherd: None.";
  CHECK(testing::rules_raw_value(t, place, "checked_by", kSaturday).is_null());
  // A full name in a question is still the next speaker's.
  const std::string person = "Manager: Morning. Are you Callum Reid? Shepherd: That's me. Manager: Any lame? "
                             "Shepherd: None.";
  CHECK(testing::rules_raw_value(t, person, "checked_by", kSaturday) == "Callum Reid");
}
