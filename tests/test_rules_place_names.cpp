// A place said by its proper name and kind (docs/RULES.md "Other units, turns that open with a
// name, places named with their kind"): "on Orewa Beach", "under a hedge on Holloway Lane" fill
// a place field that no cue filled. An invented lost-property template and hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template lost_property_template() {
  return testing::invented_template(R"({
    "id": "lost-property", "title": "Lost property", "version": "1",
    "fields": [
      {"id": "item", "label": "Item", "type": "text"},
      {"id": "where_found", "label": "Where found", "type": "text", "description": "Place the item was found",
       "guidelines": "The place as said (street, park, beach, station)."}
    ]})");
}

Json read_lost_property(const std::string& text, const std::string& id) {
  static const Template t = lost_property_template();
  return testing::rules_raw_value(t, text, id, "2026-04-21");
}
}  // namespace

TEST_CASE("rules: a place named with its kind after a preposition fills a place field", "[rules][unseen]") {
  CHECK(read_lost_property("I picked it up this morning on Orewa Beach, just lying there.", "where_found") == "Orewa Beach");
  CHECK(read_lost_property("It was under a bench on Mount Cotton Road. Nobody around.", "where_found") == "Mount Cotton Road");
  // A kind from the field's guidelines counts as well as a street word.
  CHECK(read_lost_property("It turned up near Kingsland Station after the last train.", "where_found") == "Kingsland Station");
  // When it happened is no part of where; a number after the place is.
  CHECK(read_lost_property("Where found? Kingsland Station last night.", "where_found") == "Kingsland Station");
  CHECK(read_lost_property("Where found? The car park behind building 4.", "where_found") == "car park behind building 4");
  // A capitalized name with no preposition before it, or no kind after it, is no place.
  CHECK(read_lost_property("Harriet Lane brought it in.", "where_found").is_null());
  CHECK(read_lost_property("I found it near Jonah, he had it.", "where_found").is_null());
}
