// Text and list fields in conversations (docs/RULES.md "Conversations"), on an invented
// dog-boarding template and hand-written sentences: which names a person field takes, where a
// list said in talk ends, and where a labelled value starts.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"

using namespace invox;

namespace {
Template kennel_template() {
  auto t = parse_template(Json::parse(R"({
    "id": "kennel-check-in", "title": "Kennel check-in", "version": "1",
    "fields": [
      {"id": "owner_name", "label": "Owner name", "type": "text", "aliases": ["owner"],
       "guidelines": "First and last name of the owner; no titles."},
      {"id": "vet_name", "label": "Vet name", "type": "text", "aliases": ["vet"]},
      {"id": "concerns", "label": "Concerns", "type": "textarea", "aliases": ["concerns", "watch for"]},
      {"id": "toys", "label": "Toys", "type": "textarea", "aliases": ["toys"]},
      {"id": "breed", "label": "Breed", "type": "text", "aliases": ["breed"]},
      {"id": "marks", "label": "Marks", "type": "textarea", "aliases": ["noted"]},
      {"id": "water_bowl", "label": "Water bowl", "type": "boolean", "aliases": ["water bowl"]},
      {"id": "nights", "label": "Nights", "type": "number"}
    ]})"),
                          "kennel template");
  REQUIRE(t.has_value());
  return *t;
}

// The raw value the engine read for `id`, or null.
Json read(const std::string& text, const std::string& id) {
  Template t = kennel_template();
  NormalizeContext ctx;
  ctx.reference_date = "2026-05-04";
  auto out = rules::extract_all(t, text, {}, ctx);
  auto it = out.find(id);
  return it == out.end() ? Json() : it->second.value;
}
}  // namespace

TEST_CASE("rules: a field that asks for a first and last name takes no first name alone", "[rules][dialogue-text]") {
  // The caller is staff giving a first name; the owner's full name is never said.
  CHECK(read("Hi, it's Wren from Happy Tails, calling about your booking.", "owner_name").is_null());
  CHECK(read("Hi, this is Wren Castellane, calling about my booking.", "owner_name") == "Wren Castellane");
  // A field that does not ask for a full name still takes one word.
  CHECK(read("The vet is Okafor, he knows the dog.", "vet_name") == "Okafor");
}

TEST_CASE("rules: a rank or title before a name is not part of it", "[rules][dialogue-text]") {
  CHECK(read("The vet is Captain Ilse Moravec from the army clinic.", "vet_name") == "Ilse Moravec");
  CHECK(read("Owner is Mrs. Dagny Holm, she booked online.", "owner_name") == "Dagny Holm");
}

TEST_CASE("rules: a name read before its cue passes the same tests as one after it", "[rules][dialogue-text]") {
  // "Two vets" counts vets; "Two" is not a name.
  CHECK(read("Two vets saw him last year.", "vet_name").is_null());
}

TEST_CASE("rules: a capitalized run after an article names a thing, not a person", "[rules][dialogue-text]") {
  CHECK(read("Morning! This is the Maple Grove kennel, you're booked in.", "owner_name").is_null());
}

TEST_CASE("rules: a comment after a list's last item is not an item", "[rules][dialogue-text]") {
  CHECK(read("Any concerns? Limping and coughing, usually after long walks.", "concerns") ==
        Json::array({"Limping", "coughing"}));
  CHECK(read("Toys: a rope, a ball, everything else stays home.", "toys") == Json::array({"rope", "ball"}));
}

TEST_CASE("rules: 'or' joins list items like 'and'", "[rules][dialogue-text]") {
  CHECK(read("Watch for limping, sneezing, or coughing.", "concerns") ==
        Json::array({"limping", "sneezing", "coughing"}));
}

TEST_CASE("rules: a value labelled with a colon starts after the colon", "[rules][dialogue-text]") {
  CHECK(read("Concerns noted: limping, sneezing.", "concerns") == Json::array({"limping", "sneezing"}));
  CHECK(read("Toys, though: a rope and a ball.", "toys") == Json::array({"rope", "ball"}));
}

TEST_CASE("rules: a cue that ends its clause before a joiner has no value after it", "[rules][dialogue-text]") {
  CHECK(read("She's some kind of breed, and then the vet said so.", "breed").is_null());
  CHECK(read("The breed, a whippet.", "breed") == "whippet");
}

TEST_CASE("rules: a lone negator is never a list's label", "[rules][dialogue-text]") {
  // "not" may match a cue such as "noted" as a word form; it labels nothing.
  CHECK(read("I'm not staying long this time.", "marks").is_null());
  CHECK(read("Marks noted: a scar on the left ear.", "marks") == Json::array({"scar on the left ear"}));
}

TEST_CASE("rules: a cue word in a later item of an answer is part of that item", "[rules][dialogue-text]") {
  // The question asks for the list; "watch for" in the second item is not a new label.
  CHECK(read("Anything to watch for? Limping, and watch for coughing at night.", "concerns") ==
        Json::array({"Limping", "watch for coughing at night"}));
  // Outside an answer, a later cue restates the list and is read.
  CHECK(read("He had a limp, so concerns are limping and coughing.", "concerns") ==
        Json::array({"limping", "coughing"}));
}

TEST_CASE("rules: another field's cue inside a list item is part of the item", "[rules][dialogue-text]") {
  CHECK(read("Concerns: a cracked water bowl lid, and limping.", "concerns") ==
        Json::array({"cracked water bowl lid", "limping"}));
  // Where it opens an item it still ends the list.
  CHECK(read("Concerns: limping, water bowl is missing.", "concerns") == Json::array({"limping"}));
}

TEST_CASE("rules: a comment after an item ends it, and the list goes on after 'And'", "[rules][dialogue-text]") {
  CHECK(read("Which toys? A rope, he loves it. And a ball, she chews it.", "toys") == Json::array({"rope", "ball"}));
  // Without a sentence opening with a joiner the list ends at the comment.
  CHECK(read("Which toys? A rope, he loves it. The ball stays home.", "toys") == Json::array({"rope"}));
}

TEST_CASE("rules: a free-text value does not start with a subject pronoun", "[rules][dialogue-text]") {
  CHECK(read("What breed is he? I'm not sure, we got him from a shelter.", "breed").is_null());
  CHECK(read("What breed is he? A beagle cross, from a shelter.", "breed") == "beagle cross");
}
