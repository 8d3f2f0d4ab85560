// Values and questions phrased for the ear (src/spoken/), and the questions clarify issues carry.
#include <catch2/catch.hpp>

#include "orchestrator/clarify.hpp"
#include "spoken/number_words.hpp"
#include "invox/spoken.hpp"
#include "spoken/spoken_value.hpp"
#include "support/pipeline_fixtures.hpp"
#include "invox/verify.hpp"

using namespace invox;
using namespace invox::spoken;
using invox::testing::demo_field;
using invox::testing::demo_template;

namespace {
}  // namespace

TEST_CASE("cardinals and ordinals in words", "[spoken]") {
  CHECK(cardinal_words(0) == "zero");
  CHECK(cardinal_words(7) == "seven");
  CHECK(cardinal_words(19) == "nineteen");
  CHECK(cardinal_words(40) == "forty");
  CHECK(cardinal_words(88) == "eighty-eight");
  CHECK(cardinal_words(100) == "one hundred");
  CHECK(cardinal_words(132) == "one hundred thirty-two");
  CHECK(cardinal_words(2150) == "two thousand one hundred fifty");
  CHECK(cardinal_words(1'000'001) == "one million one");
  CHECK(cardinal_words(-5) == "minus five");
  CHECK(ordinal_words(1) == "first");
  CHECK(ordinal_words(2) == "second");
  CHECK(ordinal_words(3) == "third");
  CHECK(ordinal_words(12) == "twelfth");
  CHECK(ordinal_words(14) == "fourteenth");
  CHECK(ordinal_words(20) == "twentieth");
  CHECK(ordinal_words(21) == "twenty-first");
  CHECK(ordinal_words(30) == "thirtieth");
  CHECK(ordinal_words(100) == "one hundredth");
}

TEST_CASE("years and decimals as people say them", "[spoken]") {
  CHECK(year_words(2026) == "twenty twenty-six");
  CHECK(year_words(1992) == "nineteen ninety-two");
  CHECK(year_words(2000) == "two thousand");
  CHECK(year_words(2005) == "two thousand five");
  CHECK(year_words(1900) == "nineteen hundred");
  CHECK(year_words(1905) == "nineteen oh five");
  CHECK(year_words(2010) == "twenty ten");
  CHECK(decimal_words(38.5) == "thirty-eight point five");
  CHECK(decimal_words(0.25) == "zero point two five");
  CHECK(decimal_words(96) == "ninety-six");
  CHECK(decimal_words(-1.5) == "minus one point five");
  CHECK(decimal_words(37.2) == "thirty-seven point two");  // not 37.200000000000003
}

TEST_CASE("dates, times, numbers with units", "[spoken]") {
  CHECK(spoken_date("2026-03-14") == "March fourteenth, twenty twenty-six");
  CHECK(spoken_date("1992-04-03", DateStyle::DayFirst) == "the third of April, nineteen ninety-two");
  CHECK(spoken_date("1992-04-03", DateStyle::DayFirst, false) == "the third of April");
  CHECK(spoken_date("not a date") == "not a date");
  CHECK(spoken_time("14:30") == "two thirty in the afternoon");
  CHECK(spoken_time("09:05") == "nine oh five in the morning");
  CHECK(spoken_time("22:00") == "ten o'clock at night");
  CHECK(spoken_time("19:15") == "seven fifteen in the evening");
  CHECK(spoken_time("12:00") == "noon");
  CHECK(spoken_time("00:00") == "midnight");
  CHECK(spoken_time("00:45") == "twelve forty-five at night");
  CHECK(spoken_number(38.5, "°C") == "thirty-eight point five degrees Celsius");
  CHECK(spoken_number(1, "°C") == "one degree Celsius");
  CHECK(spoken_number(120, "mmHg") == "one hundred twenty millimeters of mercury");
  CHECK(spoken_number(18, "breaths/min") == "eighteen breaths per minute");
  CHECK(spoken_number(96, "%") == "ninety-six percent");
  CHECK(spoken_number(1, "days") == "one day");
  CHECK(spoken_number(3, "days") == "three days");
  CHECK(spoken_number(2150, "USD") == "two thousand one hundred fifty dollars");
  CHECK(spoken_number(7, "") == "seven");
}

TEST_CASE("identifiers are spelled, ordinary text is left to the voice", "[spoken]") {
  CHECK(spoken_text("WO-2026-0412") == "W O two zero two six zero four one two");
  CHECK(spoken_text("Elm Street and 3rd Avenue") == "Elm Street and third Avenue");
  CHECK(spoken_text("the 21st floor") == "the twenty-first floor");
  CHECK(spoken_text("unit A12B, bay 3") == "unit A one two B, bay 3");
  CHECK(spoken_text("policy 0412 renewed") == "policy zero four one two renewed");
  CHECK(spoken_text("Maria Gonzalez") == "Maria Gonzalez");
  CHECK(spoken_text("took 2.5 tablets") == "took 2.5 tablets");
}

TEST_CASE("values of each field type, and labels in a sentence", "[spoken]") {
  CHECK(spoken_value(demo_field("temp"), Json(38.5)) == "thirty-eight point five");
  CHECK(spoken_value(demo_field("smoker"), Json(false)) == "no");
  CHECK(spoken_value(demo_field("smoker"), Json(true)) == "yes");
  CHECK(spoken_value(demo_field("sex"), Json("female")) == "female");
  CHECK(spoken_value(demo_field("allergies"), Json("penicillin, latex, nuts")) == "penicillin, and latex, and nuts");
  CHECK(spoken_value(demo_field("arrive"), Json("14:30")) == "two thirty in the afternoon");
  CHECK(spoken_value(demo_field("visit"), Json(nullptr)).empty());
  Field f;
  f.id = "loc";
  f.label = "Level of consciousness (AVPU)";
  CHECK(spoken_label(f) == "level of consciousness");
  f.label = "SpO2 at rest";
  CHECK(spoken_label(f) == "SpO2 at rest");
  f.label = "";
  f.id = "heart_rate_bpm";
  CHECK(spoken_label(f) == "heart rate bpm");
}

TEST_CASE("clarify questions from label, type and options", "[spoken]") {
  const Issue missing{"x", IssueType::Missing, "empty", IssueAction::Clarify};
  CHECK(clarify_question(demo_field("visit"), missing) == "What is the visit date?");
  CHECK(clarify_question(demo_field("allergies"), missing) == "What are the allergies?");
  CHECK(clarify_question(demo_field("sex"), missing) == "What is the sex: female, male or other?");
  CHECK(clarify_question(demo_field("smoker"), missing) == "Smoker: yes or no?");
  Field temp = demo_field("temp");
  temp.unit = "°C";
  CHECK(clarify_question(temp, missing) == "What is the temperature, in degrees Celsius?");
  Field diagnosis;
  diagnosis.id = "dx";
  diagnosis.label = "Diagnosis";
  CHECK(clarify_question(diagnosis, missing) == "What is the diagnosis?");
  const Issue ambiguous{"x", IssueType::Ambiguous, "unclear", IssueAction::Clarify};
  Ambiguity a;
  a.readings = {Json("1992-03-04"), Json("1992-04-03")};
  CHECK(clarify_question(demo_field("visit"), ambiguous, a) == "Was the visit date the fourth of March or the third of April?");
  a.readings = {Json("1992-03-04"), Json("1993-03-04")};
  CHECK(clarify_question(demo_field("visit"), ambiguous, a) ==
        "Was the visit date the fourth of March, nineteen ninety-two or the fourth of March, nineteen ninety-three?");
  Ambiguity heard;
  heard.heard = "Monday the 14th";
  CHECK(clarify_question(demo_field("visit"), ambiguous, heard) == "I heard \"Monday the 14th\". What is the visit date?");
  CHECK(confirm_question(temp, Json(38.5)) == "Is the temperature thirty-eight point five degrees Celsius?");
  CHECK(value_statement(temp, Json(38.5)) == "Temperature is thirty-eight point five degrees Celsius.");
  CHECK(value_statement(demo_field("allergies"), Json("nuts, latex")) == "Allergies are nuts, and latex.");
  // Any other "no" is said "negative", which a recognizer does not hear as "now".
  CHECK(value_statement(demo_field("smoker"), Json(false)) == "Smoker: negative.");
  CHECK(confirm_question(demo_field("smoker"), Json(false)) == "Smoker: negative, is that right?");
  CHECK(confirm_question(demo_field("smoker"), Json(true)) == "Smoker: yes, is that right?");
  // A "no" for a label ending in a participle is the negated label, not a bare "no".
  Field signed_permit;
  signed_permit.id = "permit_signed";
  signed_permit.label = "Permit signed";
  signed_permit.type = FieldType::Boolean;
  CHECK(value_statement(signed_permit, Json(false)) == "Permit not signed.");
  CHECK(value_statement(signed_permit, Json(true)) == "Permit signed: yes.");
  CHECK(confirm_question(signed_permit, Json(false)) == "Permit not signed, is that right?");
  Field feed = signed_permit;
  feed.label = "Feed";  // ends in "ed" without being a participle
  CHECK(value_statement(feed, Json(false)) == "Feed: negative.");
  Field by;
  by.id = "reported_by";
  by.label = "Reported by";
  CHECK(clarify_question(by, missing) == "Who or what is it reported by?");
  CHECK(confirm_question(by, Json("Wei Zhang")) == "Reported by Wei Zhang, is that right?");
  CHECK(value_statement(by, Json("Wei Zhang")) == "Reported by Wei Zhang.");
  Field done;
  done.id = "procs";
  done.label = "Procedures performed";
  CHECK(value_statement(done, Json("x-ray")) == "Procedures performed are x-ray.");
  done.label = "Defects found";
  CHECK(clarify_question(done, missing) == "What are the defects found?");
  done.label = "Weight measured";
  CHECK(value_statement(done, Json("x")) == "Weight measured is x.");
}

TEST_CASE("an ambiguous date's readings are both day/month orders", "[spoken][clarify]") {
  NormalizeContext ctx;
  ctx.locale = "en";  // English without a region: the order is not decided
  ctx.reference_date = "2026-03-14";
  const auto readings = ambiguous_readings(Json("3/4/92"), demo_field("visit"), ctx);
  REQUIRE(readings.size() == 2);
  CHECK(readings[0] == "1992-03-04");
  CHECK(readings[1] == "1992-04-03");
  CHECK(ambiguous_readings(Json("2026-03-14"), demo_field("visit"), ctx).empty());  // one reading only
  const auto listed = ambiguous_readings(Json::array({"male", "female"}), demo_field("sex"), ctx);
  REQUIRE(listed.size() == 2);
  CHECK(listed[0] == "male");

  Issue issue{"visit", IssueType::Ambiguous, "3/4/92 could be either", IssueAction::Clarify};
  attach_question(issue, demo_field("visit"), Json("3/4/92"), ctx);
  CHECK(issue.question == "Was the visit date the fourth of March or the third of April?");
  Issue requery{"temp", IssueType::Invalid, "unreadable", IssueAction::Requery};
  attach_question(requery, demo_field("temp"), Json("hot"), ctx);
  CHECK(requery.question.empty());  // only clarify issues ask the speaker
}

TEST_CASE("VER's missing-field issues carry a question", "[spoken][verify]") {
  FilledForm form;
  form.template_id = "demo";
  for (const Field& f : demo_template().fields) form.filled.emplace_back(f.id, FilledField{});
  const Transcript t = invox::testing::transcript_of("nothing useful");
  verify::VerifyInput in{&demo_template(), &form, &t, {}};
  const auto issues = verify::verify_form(in);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].type == IssueType::Missing);
  CHECK(issues[0].question == "What is the patient name?");
  CHECK(to_json(issues[0])["question"] == "What is the patient name?");
  auto back = issue_from_json(to_json(issues[0]));
  REQUIRE(back);
  CHECK(back->question == issues[0].question);
}
