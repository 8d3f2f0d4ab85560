// Codes said with no cue (docs/RULES.md "Other units, turns that open with a name, places named
// with their kind"): a code field whose guideline example shows the code's shape takes a code of
// that shape said anywhere, the last one said when there are several. An invented
// marina template and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template marina_template(bool second_code_field) {
  std::string fields = R"(
      {"id": "skipper", "label": "Skipper", "type": "text", "guidelines": "First and last name."},
      {"id": "berth", "label": "Berth", "type": "text",
       "guidelines": "Pontoon letter and berth number in digits, joined by a hyphen ('pontoon K, berth twenty-two' -> 'K-22')."})";
  if (second_code_field)
    fields += R"(,
      {"id": "mooring", "label": "Mooring buoy", "type": "text",
       "guidelines": "Buoy letter and number in digits ('buoy M seven' -> 'M-7')."})";
  auto t = parse_template(Json::parse(R"({"id": "marina", "title": "Marina", "version": "1", "fields": [)" + fields +
                                      "]}"),
                          "marina template");
  REQUIRE(t.has_value());
  return *t;
}

Json read_marina(const std::string& text, bool second_code_field = false) {
  static const Template one = marina_template(false);
  static const Template two = marina_template(true);
  return testing::rules_raw_value(second_code_field ? two : one, text, "berth", "2026-04-21");
}
}  // namespace

TEST_CASE("rules: a code of the guideline example's shape is read_marina without a cue", "[rules][unseen]") {
  CHECK(read_marina("Skipper: We moved over to F nine last month. Dockmaster: Right.") == "F-9");
  // A later code corrects an earlier one.
  CHECK(read_marina("Skipper: We were on C four... no, C four's taken, we're on D twelve now.") == "D-12");
  // Another shape, a code that goes on in digits, or a second field of the same shape: no guess.
  CHECK(read_marina("Skipper: Booking ref is AB 3 and that's it.").is_null());
  CHECK(read_marina("Skipper: The hull number is K 441 9027.") != "K-441");
  CHECK(read_marina("Skipper: We moved over to F nine last month.", true).is_null());
}
