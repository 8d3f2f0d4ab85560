// VER on group fields: per-item checks with issues naming the sub-value by path (0-based).
#include <catch2/catch.hpp>

#include "invox/verify.hpp"
#include "support/pipeline_fixtures.hpp"

using namespace invox;

namespace {

Template doses_template(const std::string& bounds = "") {
  auto t = parse_template(Json::parse(R"({"id":"clinic","fields":[
    {"id":"doses","label":"Doses","type":"group")" + bounds + R"(,"fields":[
      {"id":"patient","label":"Patient","type":"text","required":true},
      {"id":"site","type":"enum","options":["left arm","right arm"]},
      {"id":"dose_ml","type":"number","min":0,"max":1}]}]})"), "clinic.json");
  REQUIRE(t.has_value());
  return *t;
}

std::vector<Issue> verify_group(const Template& t, const Json& value, const std::string& text, bool changed = true,
                                std::vector<ItemDetails> items = {}, const Json& previous = nullptr) {
  FilledForm form;
  FilledField f;
  f.value = value;
  f.changed = changed;
  f.previous_value = previous;
  f.source = changed ? "ai" : "manual";
  f.confidence = 0.95;
  f.items = std::move(items);
  form.filled = {{"doses", f}};
  Transcript tr;
  tr.text = text;
  verify::VerifyInput in{&t, &form, &tr, {}};
  return verify::verify_form(in, {0.8});
}


}  // namespace

TEST_CASE("group VER: a required sub-field empty in an item is missing at its path", "[verify][group]") {
  const auto t = doses_template();
  const auto issues = verify_group(t, Json::parse(R"([{"patient":"Ann Lee","site":"left arm","dose_ml":null},
      {"patient":null,"site":"right arm","dose_ml":null}])"), "Ann Lee left arm, then someone in the right arm");
  const Issue* missing = testing::find_issue(issues, "doses[1].patient", IssueType::Missing);
  REQUIRE(missing != nullptr);
  CHECK(missing->action == IssueAction::Clarify);
  CHECK_THAT(missing->question, Catch::StartsWith("Doses, item 2:"));
  CHECK(testing::find_issue(issues, "doses[0].patient", IssueType::Missing) == nullptr);
  CHECK(verify::status_for(issues) == FormStatus::NeedsReview);
}

TEST_CASE("group VER: types and ranges per sub-value", "[verify][group]") {
  const auto t = doses_template();
  const auto issues = verify_group(t, Json::parse(R"([{"patient":"Ann Lee","site":"thigh","dose_ml":0.5},
      {"patient":"Bo Ray","site":"left arm","dose_ml":5}])"), "Ann Lee thigh 0.5, Bo Ray left arm 5");
  const Issue* site = testing::find_issue(issues, "doses[0].site", IssueType::Invalid);
  REQUIRE(site != nullptr);
  CHECK(site->action == IssueAction::Requery);
  const Issue* dose = testing::find_issue(issues, "doses[1].dose_ml", IssueType::Invalid);
  REQUIRE(dose != nullptr);
  CHECK_THAT(dose->detail, Catch::Contains("above the maximum"));
  CHECK(testing::find_issue(issues, "doses[0].dose_ml", IssueType::Invalid) == nullptr);
}

TEST_CASE("group VER: grounding and confidence per sub-value this run set", "[verify][group]") {
  const auto t = doses_template();
  ItemDetails low;
  low.confidence["patient"] = 0.4;
  const Json value = Json::parse(R"([{"patient":"Ann Lee","site":null,"dose_ml":null},
      {"patient":"Cy Moss","site":null,"dose_ml":null}])");
  const auto issues = verify_group(t, value, "Ann Lee had hers.", true, {low});
  const Issue* doubtful = testing::find_issue(issues, "doses[0].patient", IssueType::LowConf);
  REQUIRE(doubtful != nullptr);
  CHECK_THAT(doubtful->detail, Catch::Contains("confidence 0.4 is below the review threshold 0.8"));
  const Issue* ungrounded = testing::find_issue(issues, "doses[1].patient", IssueType::LowConf);
  REQUIRE(ungrounded != nullptr);
  CHECK_THAT(ungrounded->detail, Catch::Contains("cannot be found"));
  // Carried items (a value this run did not set, or sub-values the group had before) are exempt.
  CHECK(verify_group(t, value, "nothing relevant", false).empty());
  const auto appended = verify_group(t, value, "And Cy Moss came in.", true, {},
                                     Json::parse(R"([{"patient":"Ann Lee","site":null,"dose_ml":null}])"));
  CHECK(appended.empty());
}

TEST_CASE("group VER: minItems and maxItems", "[verify][group]") {
  const auto t = doses_template(R"(,"minItems":2,"maxItems":2)");
  const auto few = verify_group(t, Json::parse(R"([{"patient":"Ann Lee"}])"), "Ann Lee", false);
  const Issue* too_few = testing::find_issue(few, "doses", IssueType::Missing);
  REQUIRE(too_few != nullptr);
  CHECK_THAT(too_few->detail, Catch::Contains("at least 2"));
  const auto many = verify_group(t, Json::parse(R"([{"patient":"A"},{"patient":"B"},{"patient":"C"}])"), "A B C", false);
  const Issue* too_many = testing::find_issue(many, "doses", IssueType::Invalid);
  REQUIRE(too_many != nullptr);
  CHECK_THAT(too_many->detail, Catch::Contains("at most 2"));
  // null says nothing about the count; [] is zero items.
  CHECK(verify_group(t, nullptr, "", false).empty());
  CHECK(testing::find_issue(verify_group(t, Json::array(), "", false), "doses", IssueType::Missing) != nullptr);
}
