// Codes whose digits are said with a scale word ("S W dash five hundred"), a spoken amount said
// right after a date in a list item ("on March third, forty-six dollars"), which is no two-digit
// year, and money fields in "currency" (docs/RULES.md "Scaled codes, amounts after dates and
// money in any currency"). Invented templates, hand-written sentences.
#include <catch2/catch.hpp>

#include "extract/rules/group_candidate.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kScaledCodesRef = "2026-04-20";

// A parts return: a part code and a quantity.
Template parts_return_template() {
  return testing::invented_template(R"({
    "id": "parts-return", "title": "Parts return", "version": "1",
    "fields": [
      {"id": "part_code", "label": "Part code", "type": "text", "aliases": ["code"],
       "guidelines": "Letters and digits as written on the label."},
      {"id": "boxes", "label": "Boxes", "type": "number", "aliases": ["boxes"]}
    ]})");
}

// A tutor's invoice: lessons, each with a date and a fee in dollars.
Template tutoring_invoice_template() {
  return testing::invented_template(R"({
    "id": "tutoring-invoice", "title": "Tutoring invoice", "version": "1",
    "fields": [
      {"id": "pupil", "label": "Pupil", "type": "text"},
      {"id": "lessons", "label": "Lessons", "type": "group", "fields": [
        {"id": "lesson_date", "label": "Lesson date", "type": "date", "aliases": ["on", "dated"]},
        {"id": "subject", "label": "Subject", "type": "enum", "options": ["maths", "physics", "chemistry"]},
        {"id": "fee", "label": "Fee", "type": "number", "unit": "USD"}]}
    ]})");
}

Json read_part_code(const std::string& text) {
  return testing::raw_value_on<parts_return_template>(text, "part_code", kScaledCodesRef);
}

// The list the rules extractor gives the group of the invoice.
Json read_lessons(const std::string& text) {
  static const Template t = tutoring_invoice_template();
  NormalizeContext ctx;
  ctx.reference_date = kScaledCodesRef;
  auto read = rules::group_candidate(*t.find("lessons"), text, ctx, nullptr, {});
  return read ? read->value : Json();
}
}  // namespace

TEST_CASE("rules: a scale word inside a spoken code multiplies its digit", "[rules][unseen]") {
  CHECK(read_part_code("Code K L dash three hundred, twelve boxes.") == "KL-300");
  CHECK(read_part_code("The code is P T four hundred and six.") == "PT406");
  CHECK(read_part_code("Part code R V two thousand.") == "RV2000");
  // A number said on its own is no code, scale word or not.
  CHECK(testing::raw_value_on<parts_return_template>("Four hundred boxes came back.", "boxes", kScaledCodesRef) == 400);
}

TEST_CASE("rules: a spoken amount after a list item's date is no year", "[rules][unseen][groups]") {
  const Json read = read_lessons(
      "Invoice for Tilly Ambrose. Two lessons. First, maths on March third, forty-six dollars. Second, physics "
      "on March tenth, fifty-two dollars.");
  REQUIRE(read.is_array());
  REQUIRE(read.size() == 2);
  CHECK(read[0]["lesson_date"] == "2026-03-03");
  CHECK(read[0]["fee"] == 46);
  CHECK(read[1]["lesson_date"] == "2026-03-10");
  CHECK(read[1]["fee"] == 52);
  // A year said in full after the day is still the year.
  const Json dated = read_lessons("One lesson: chemistry on March third, twenty twenty-five, forty dollars.");
  REQUIRE(dated.is_array());
  REQUIRE(dated.size() == 1);
  CHECK(dated[0]["lesson_date"] == "2025-03-03");
}

namespace {
// A bulky-waste booking whose fee is in the local currency, whatever it is called.
Template waste_booking_template() {
  return testing::invented_template(R"({
    "id": "waste-booking", "title": "Bulky waste booking", "version": "1",
    "fields": [
      {"id": "fee", "label": "Fee", "type": "number", "unit": "currency", "min": 0, "max": 500,
       "description": "Charge for the collection"},
      {"id": "bags", "label": "Bags", "type": "number", "min": 0, "max": 50, "aliases": ["bags"]}
    ]})");
}
}  // namespace

TEST_CASE("rules: an amount said with any money word fills the field in 'currency'", "[rules][unseen]") {
  CHECK(testing::raw_value_on<waste_booking_template>("Right, three items is thirty-two pounds, okay?", "fee",
                                                      kScaledCodesRef) == 32);
  CHECK(testing::raw_value_on<waste_booking_template>("That comes to forty-five dollars all in.", "fee",
                                                      kScaledCodesRef) == 45);
  // A count said with its own noun is no fee.
  CHECK(testing::raw_value_on<waste_booking_template>("Six bags of garden waste.", "fee", kScaledCodesRef).is_null());
}
