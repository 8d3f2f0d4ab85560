// Yes/no fields that record a problem ("Hull damage", "Leak found"): a word of good order said of
// their thing means no (docs/RULES.md "Problem fields, spelled digits, businesses and callers").
// Invented template, hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kKayakRef = "2026-08-02";

// A kayak hire return: one yes/no field of a problem, one of good order.
Template kayak_return_template() {
  return testing::invented_template(R"({
    "id": "kayak-return", "title": "Kayak hire return", "version": "1",
    "fields": [
      {"id": "hull_damage", "label": "Hull damage", "type": "boolean", "aliases": ["hull"],
       "description": "Whether the hull is cracked or holed"},
      {"id": "paddle_returned", "label": "Paddle returned", "type": "boolean", "aliases": ["paddle"]}
    ]})");
}

Json hull_damage(const std::string& text) {
  return testing::raw_value_on<kayak_return_template>(text, "hull_damage", kKayakRef);
}
}  // namespace

TEST_CASE("rules: a word of good order said of a problem field's thing means no", "[rules][unseen]") {
  CHECK(hull_damage("Checked it over. Hull's fine, paddle's back too.") == false);
  CHECK(hull_damage("Guide: Hull look okay? Renter: Yeah, no scrapes even.") == false);
  CHECK(hull_damage("Guide: Hull look okay? Renter: No, there's a crack by the seat.") == true);
  // Negated between the cue and the word: there is a problem.
  CHECK(hull_damage("The hull is not okay, it took a knock on the rocks.") == true);
  // Without a word of good order, the cue said plainly is the problem itself.
  CHECK(hull_damage("Hull cracked near the bow, I'm afraid.") == true);
  // "good" of an absence after a comma is no word about the thing.
  CHECK(hull_damage("No hull marks, good.") == false);
  // A field of good order is not turned round.
  CHECK(testing::raw_value_on<kayak_return_template>("Paddle's fine, back on the rack.", "paddle_returned",
                                                     kKayakRef) == true);
}
