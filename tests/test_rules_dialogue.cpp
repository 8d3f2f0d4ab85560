// Conversation mechanisms of the rules engine (docs/RULES.md "Conversations") on an invented
// repair-shop template and hand-written sentences: whose name a speaker gives, places said
// without a label, and guesses too weak to keep.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
Template shop_template() {
  return testing::invented_template(R"({
    "id": "repair-shop", "title": "Repair drop-off", "version": "1",
    "fields": [
      {"id": "customer_name", "label": "Customer name", "type": "text", "aliases": ["customer", "owner"]},
      {"id": "location", "label": "Location", "type": "text", "description": "Where the bike was handed over"},
      {"id": "ready_time", "label": "Ready time", "type": "time"},
      {"id": "steps_tried", "label": "Steps tried", "type": "textarea", "aliases": ["tried", "steps taken"]},
      {"id": "accessories", "label": "Accessories", "type": "textarea"},
      {"id": "helmet_included", "label": "Helmet included", "type": "boolean",
       "guidelines": "'brain bucket', 'lid' -> true."},
      {"id": "spokes_replaced", "label": "Spokes replaced", "type": "number"}
    ]})");
}

// The raw value the engine read for `id`, or null.
Json read_shop(const std::string& text, const std::string& id) {
  Template t = shop_template();
  return testing::rules_raw_value(t, text, id, "2026-03-02");
}
}  // namespace

TEST_CASE("rules: a speaker's own name belongs to the field their label names", "[rules][dialogue]") {
  // The clerk introduces herself first; the customer's turn carries the customer's name.
  CHECK(read_shop("Clerk: Hello, this is Priya from Spokes and Gears. Customer: Hi, it's Tomas Berg, "
             "dropping off the blue bike. Clerk: Thanks. Customer: See you.",
             "customer_name") == "Tomas Berg");
  // A full name asked about in a question belongs to whoever answers it.
  CHECK(read_shop("Clerk: Morning, I'm Priya. Am I talking to Helena Marsh? Customer: That's me. "
             "Clerk: Great. Customer: Bye.",
             "customer_name") ==
        "Helena Marsh");
  // With the customer's turns labelled, the clerk's introduction is never the customer's name.
  CHECK(read_shop("Clerk: Hi, I'm Priya. Customer: Hello. Clerk: What's wrong with it? "
             "Customer: The chain slips.",
             "customer_name").is_null());
}

TEST_CASE("rules: without labels the first introduction still names the form's subject", "[rules][dialogue]") {
  CHECK(read_shop("Hi, this is Ruth Okoye, I left my bike here on Friday.", "customer_name") == "Ruth Okoye");
}

TEST_CASE("rules: an unlabeled place in a cased transcript is a proper name or an address", "[rules][dialogue]") {
  CHECK(read_shop("We met at Harbor Point and I took the bike.", "location") == "Harbor Point");
  CHECK(read_shop("I leaned it at the wall inside the yard.", "location").is_null());
}

TEST_CASE("rules: list items led by the same pronoun are one list, without the pronoun", "[rules][dialogue]") {
  CHECK(read_shop("What have you tried? I oiled the chain, and I pumped up the tires.", "steps_tried") ==
        Json::array({"oiled the chain", "pumped up the tires"}));
  // Another pronoun starts a new clause: the list ends before it.
  CHECK(read_shop("What have you tried? Oiling the chain, and we think it helped.", "steps_tried") ==
        Json::array({"Oiling the chain"}));
}

TEST_CASE("rules: a sentence opening with 'and' adds to the list before it", "[rules][dialogue]") {
  CHECK(read_shop("Accessories? A bell and a pump. Oh, and a lock.", "accessories") ==
        Json::array({"bell", "pump", "lock"}));
  CHECK(read_shop("Accessories? A bell and a pump. The tires are fine.", "accessories") == Json::array({"bell", "pump"}));
}

TEST_CASE("rules: a negator right before a boolean's yes-phrase makes it no", "[rules][dialogue]") {
  CHECK(read_shop("The bike came in with its lid clipped on.", "helmet_included") == true);
  CHECK(read_shop("The bike came in with no lid this time.", "helmet_included") == false);
}

TEST_CASE("rules: a count negated right before its cue is zero", "[rules][dialogue]") {
  CHECK(read_shop("No spokes replaced on this one.", "spokes_replaced") == 0);
  CHECK(read_shop("Spokes replaced, three of them.", "spokes_replaced") == 3);
}

TEST_CASE("rules: 'no one' after a number is a quantifier, not a correction to one", "[rules][dialogue]") {
  CHECK(read_shop("Spokes replaced: twelve. No one else touched the wheel.", "spokes_replaced") == Json(12));
  CHECK(read_shop("Spokes replaced twelve no one else touched it", "spokes_replaced") == Json(12));
  // A "no" set off by a comma still corrects.
  CHECK(read_shop("Spokes replaced: twelve, no, one.", "spokes_replaced") == Json(1));
  CHECK(read_shop("Spokes replaced: twelve, no sorry, fourteen.", "spokes_replaced") == Json(14));
}

TEST_CASE("rules: a negation reaches a boolean's cue across a noun of absence", "[rules][dialogue]") {
  CHECK(read_shop("No sign of a helmet anywhere in the bag.", "helmet_included") == Json(false));
  CHECK(read_shop("There was no evidence of any helmet.", "helmet_included") == Json(false));
  CHECK(read_shop("Signs of wear on the helmet included with the bike.", "helmet_included") != Json(false));
}

TEST_CASE("rules: a time said with midnight stays after midnight", "[rules][dialogue]") {
  CHECK(read_shop("Ready time ten past midnight.", "ready_time") == Json("00:10"));
  CHECK(read_shop("Ready time midnight.", "ready_time") == Json("00:00"));
  CHECK(read_shop("Ready time twenty to one.", "ready_time") == Json("12:40"));  // a working day's 00:40
}

TEST_CASE("rules: 'nope' and 'nah' after a yes/no label answer no", "[rules][dialogue]") {
  CHECK(read_shop("Helmet included: nope.", "helmet_included") == Json(false));
  CHECK(read_shop("Helmet included, nah. Spokes replaced: two.", "helmet_included") == Json(false));
}

TEST_CASE("rules: a verb's negation reaches its object's yes/no cue", "[rules][dialogue]") {
  CHECK(read_shop("He wasn't wearing a helmet today.", "helmet_included") == Json(false));
  CHECK(read_shop("She didn't bring any helmet.", "helmet_included") == Json(false));
  // "no" negates the noun right after it, not across another word.
  CHECK(read_shop("No idea about the helmet, it was included.", "helmet_included") != Json(false));
}

TEST_CASE("rules: a yes or no right after a yes/no cue is its answer in unpunctuated text", "[rules][dialogue]") {
  auto t = parse_template(Json::parse(R"({
    "id": "checks", "title": "Checks", "version": "1",
    "fields": [
      {"id": "gloves_worn", "label": "Gloves worn", "type": "boolean"},
      {"id": "area_cleaned", "label": "Area cleaned", "type": "boolean"}
    ]})"),
                          "checks template");
  REQUIRE(t.has_value());
  NormalizeContext ctx;
  auto out = rules::extract_all(*t, "gloves worn no area cleaned yes", {}, ctx);
  REQUIRE(out.count("area_cleaned"));
  CHECK(out.at("area_cleaned").value == Json(true));
  auto back = rules::extract_all(*t, "gloves worn yes area cleaned no", {}, ctx);
  REQUIRE(back.count("area_cleaned"));
  CHECK(back.at("area_cleaned").value == Json(false));
}
