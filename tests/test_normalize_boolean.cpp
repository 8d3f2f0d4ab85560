#include "test_normalize_support.hpp"
#include "support/json_null.hpp"

using invox::FieldType;
using invox::Json;
using namespace invox::test;

namespace {
using invox::test::kNull;
}

TEST_CASE("normalize boolean: answer words and JSON values", "[normalize][boolean]") {
  const auto f = make_field(FieldType::Boolean, "", std::nullopt, std::nullopt, {}, "", "smoker", "Smoker");
  check_rows({{Json(true), true, ""},
              {Json(false), false, ""},
              {Json(1), true, ""},
              {Json(0), false, ""},
              {"yes", true, ""},
              {"Yes.", true, ""},
              {"yeah", true, ""},
              {"yep", true, ""},
              {"true", true, ""},
              {"TRUE", true, ""},
              {"Y", true, ""},
              {"affirmative", true, ""},
              {"correct", true, ""},
              {"no", false, ""},
              {"No.", false, ""},
              {"nope", false, ""},
              {"false", false, ""},
              {"N", false, ""},
              {"negative", false, ""},
              {"none", false, ""}},
             f, make_ctx());
}

TEST_CASE("normalize boolean: negations in descriptive phrases", "[normalize][boolean][negation]") {
  const auto smoker = make_field(FieldType::Boolean, "", std::nullopt, std::nullopt, {},
                                 "true for current smokers, including occasional or social smoking; false for "
                                 "'non-smoker', 'never smoked' and former smokers.",
                                 "smoker", "Smoker");
  check_rows({{"Non-smoker", false, ""},
              {"non smoker", false, ""},
              {"nonsmoker", false, ""},
              {"does not smoke", false, ""},
              {"doesn't smoke", false, ""},
              {"doesn’t smoke", false, ""},
              {"never smoked", false, ""},
              {"former smoker", false, ""},
              {"ex-smoker", false, ""},
              {"quit smoking five years ago", false, ""},
              {"smokes", true, ""},
              {"she does smoke, a few cigarettes most days", true, ""},
              {"social smoker", true, ""},
              {"not a non-smoker", true, ""},
              {"No, he doesn't smoke", false, ""},
              {"Yes, but not daily", true, ""}},
             smoker, make_ctx());
  const auto ppe = make_field(FieldType::Boolean, "", std::nullopt, std::nullopt, {}, "", "ppe_worn", "PPE worn");
  check_rows({{"no PPE was worn", false, ""},
              {"not wearing a hard hat", false, ""},
              {"was wearing safety boots", true, ""},
              {"PPE was worn", true, ""},
              {"without gloves", false, ""}},
             ppe, make_ctx());
  const auto reachable = make_field(FieldType::Boolean, "", std::nullopt, std::nullopt, {}, "", "reachable_during_leave", "Reachable during leave");
  check_rows({{"won't be reachable", false, ""},
              {"I can be reached on my mobile", true, ""},
              {"will not be reachable", false, ""},
              {"cannot be reached", false, ""}},
             reachable, make_ctx());
  const auto injuries = make_field(FieldType::Boolean, "", std::nullopt, std::nullopt, {}, "", "injuries_reported", "Injuries reported");
  check_rows({{"nobody was hurt", false, ""}, {"no one was injured", false, ""}, {"the driver was injured", true, ""}},
             injuries, make_ctx());
  const auto treatment = make_field(FieldType::Boolean, "", std::nullopt, std::nullopt, {}, "First aid only -> false.",
                                    "medical_treatment", "Medical treatment");
  check_rows({{"First aid only", false, ""}, {"first aid only, ice pack", false, ""}, {"went to A and E", true, ""}},
             treatment, make_ctx());
}

TEST_CASE("normalize boolean: rejections", "[normalize][boolean][reject]") {
  const auto f = make_field(FieldType::Boolean);
  check_rows({{"maybe", kNull, "ambiguous"},
              {"not sure", kNull, "ambiguous"},
              {"unknown", kNull, "ambiguous"},
              {"n/a", kNull, "ambiguous"},
              {"I don't know", kNull, "ambiguous"},
              {Json(2), kNull, "invalid"},
              {Json::object(), kNull, "invalid"},
              {"", kNull, ""},
              {Json::array({true, false}), kNull, "ambiguous"},
              {Json::array({true, true}), true, ""}},
             f, make_ctx());
}

TEST_CASE("parse_value_prefix: booleans", "[normalize][boolean][prefix]") {
  const auto f = make_field(FieldType::Boolean, "", std::nullopt, std::nullopt, {}, "First aid only -> false.");
  check_prefix_rows({{"yes he was", true, "yes"},
                     {"no, not at all", false, "no"},
                     {"nobody else", false, "nobody"},
                     {"no one was", false, "no one"},
                     {"first aid only, minor", false, "first aid only"},
                     {"the doctor", Json(nullptr), ""}},
                    f, make_ctx());
}
