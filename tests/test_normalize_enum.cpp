#include "test_normalize_support.hpp"
#include "support/json_null.hpp"

using invox::FieldType;
using invox::Json;
using namespace invox::test;

namespace {
using invox::test::kNull;

invox::Field disposition() {
  auto f = make_field(FieldType::Enum, "", std::nullopt, std::nullopt,
                      {"home", "home with home health", "skilled nursing facility", "inpatient rehabilitation",
                       "against medical advice", "transfer to another hospital"},
                      "'SNF' or 'nursing home' -> skilled nursing facility; 'rehab' -> inpatient rehabilitation; "
                      "'AMA' or 'left against advice' -> against medical advice; 'home with visiting nurse' -> home "
                      "with home health.",
                      "discharge_disposition", "Discharge disposition");
  return f;
}
}  // namespace

TEST_CASE("normalize enum: options, casing, accents, synonyms", "[normalize][enum]") {
  const auto f = disposition();
  check_rows({{"home", "home", ""},
              {"Home", "home", ""},
              {"HOME", "home", ""},
              {"  home. ", "home", ""},
              {"going home", "home", ""},
              {"Skilled Nursing Facility", "skilled nursing facility", ""},
              {"SNF", "skilled nursing facility", ""},
              {"a nursing home", "skilled nursing facility", ""},
              {"rehab", "inpatient rehabilitation", ""},
              {"AMA", "against medical advice", ""},
              {"left against advice", "against medical advice", ""},
              {"home with visiting nurse", "home with home health", ""},
              {"home with home health", "home with home health", ""},
              {"transfer", "transfer to another hospital", ""},
              {"skilled nursing", "skilled nursing facility", ""},
              {"morgue", kNull, "invalid"},
              {"not home", kNull, "invalid"},
              {Json(true), kNull, "invalid"},
              {"", kNull, ""}},
             f, make_ctx());
}

TEST_CASE("normalize enum: template optionAliases, acronyms, plurals, hyphens", "[normalize][enum]") {
  auto oxygen = make_field(FieldType::Enum, "", std::nullopt, std::nullopt,
                           {"room air", "nasal cannula", "simple face mask", "non-rebreather mask", "high-flow nasal cannula"});
  oxygen.option_aliases["room air"] = {"no oxygen", "RA"};
  oxygen.option_aliases["nasal cannula"] = {"nasal prongs"};
  oxygen.option_aliases["not an option"] = {"ignored"};
  check_rows({{"Room Air", "room air", ""},
              {"RA", "room air", ""},
              {"no oxygen", "room air", ""},
              {"on nasal prongs", "nasal cannula", ""},
              {"two liters by nasal cannula", "nasal cannula", ""},
              {"high flow nasal cannula", "high-flow nasal cannula", ""},
              {"High-Flow Nasal Cannula", "high-flow nasal cannula", ""},
              {"non rebreather mask", "non-rebreather mask", ""},
              {"nonrebreather", kNull, "invalid"},
              {"ignored", kNull, "invalid"},
              {"room air or nasal cannula", kNull, "ambiguous"}},
             oxygen, make_ctx());
  const auto equipment = make_field(FieldType::Enum, "", std::nullopt, std::nullopt,
                                    {"forklift", "conveyor", "CNC machine", "air compressor", "overhead crane"},
                                    "'lift truck' -> forklift; 'bridge crane' -> overhead crane; 'CNC lathe' or "
                                    "'CNC mill' -> CNC machine.");
  check_rows({{"cnc", "CNC machine", ""},
              {"CNC lathe", "CNC machine", ""},
              {"forklifts", "forklift", ""},
              {"the bridge crane in bay C", "overhead crane", ""},
              {"lift truck", "forklift", ""},
              {"crane", kNull, "invalid"}},
             equipment, make_ctx());
  const auto accents = make_field(FieldType::Enum, "", std::nullopt, std::nullopt, {"café", "résumé"});
  check_rows({{"CAFE", "café", ""}, {"Résumé", "résumé", ""}, {"resume", "résumé", ""}}, accents, make_ctx());
  const auto nums = make_field(FieldType::Enum, "", std::nullopt, std::nullopt, {"1", "2", "3"});
  check_rows({{Json(2), "2", ""}, {"3", "3", ""}, {Json(4), kNull, "invalid"}}, nums, make_ctx());
  const auto levels = make_field(FieldType::Enum, "", std::nullopt, std::nullopt, {"pass", "pass with remarks", "fail"},
                                 "'conditional pass', 'passed with notes' -> pass with remarks; 'failed', 'do not "
                                 "use', 'tag out' -> fail.");
  check_rows({{"Pass", "pass", ""},
              {"pass with remarks", "pass with remarks", ""},
              {"conditional pass", "pass with remarks", ""},
              {"failed", "fail", ""},
              {"tag out", "fail", ""},
              {Json::array({"pass"}), "pass", ""},
              {Json::array({"pass", "fail"}), kNull, "ambiguous"}},
             levels, make_ctx());
}

TEST_CASE("parse_value_prefix: enums", "[normalize][enum][prefix]") {
  const auto f = disposition();
  check_prefix_rows({{"home with home health and follow up", "home with home health", "home with home health"},
                     {"home, condition improved", "home", "home"},
                     {"SNF tomorrow", "skilled nursing facility", "SNF"},
                     {"a nursing home near her daughter", "skilled nursing facility", "a nursing home"},
                     {"rehab", "inpatient rehabilitation", "rehab"},
                     {"improved", Json(nullptr), ""}},
                    f, make_ctx());
}
