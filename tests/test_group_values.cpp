// Group values (DESIGN.md "Repeating groups"): CF item by item, equality, the `items` details
// of a filled field, and the shared update rules (locks, whole-list updates, changed).
#include <catch2/catch.hpp>

#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"
#include "orchestrator/form_assembly.hpp"

using invox::Json;

namespace {

invox::Template vehicles_template() {
  auto t = invox::parse_template(Json::parse(R"({"id":"t","fields":[
    {"id":"location","type":"text"},
    {"id":"vehicles","type":"group","fields":[
      {"id":"registration","type":"text"},
      {"id":"colour","type":"enum","options":["red","blue"],"optionAliases":{"red":["scarlet"]}},
      {"id":"passengers","type":"number"},
      {"id":"seen_on","type":"date"}]}]})"), "t.json");
  REQUIRE(t.has_value());
  return *t;
}

invox::NormalizeContext context() {
  invox::NormalizeContext ctx;
  ctx.reference_date = "2026-03-14";
  return ctx;
}

}  // namespace

TEST_CASE("group CF: each sub-value by its type, every sub-field named", "[group][normalize]") {
  const auto t = vehicles_template();
  const auto r = invox::normalize_group_value(
      Json::parse(R"([{"registration":"  KL4  ","colour":"Scarlet","passengers":"three"},
                      {"colour":"blue","seen_on":"yesterday","extra":"dropped"}])"),
      *t.find("vehicles"), context());
  CHECK_FALSE(r.result.issue.has_value());
  CHECK(r.result.value == Json::parse(R"([
      {"registration":"KL4","colour":"red","passengers":3,"seen_on":null},
      {"registration":null,"colour":"blue","passengers":null,"seen_on":"2026-03-13"}])"));
  CHECK(r.source_item == std::vector<size_t>{0, 1});
}

TEST_CASE("group CF: empty items are dropped and the rest keep their source index", "[group][normalize]") {
  const auto t = vehicles_template();
  const auto r = invox::normalize_group_value(Json::parse(R"([{"colour":null},{"registration":"AB1"},{}])"),
                                              *t.find("vehicles"), context());
  REQUIRE(r.result.value.size() == 1);
  CHECK(r.result.value[0]["registration"] == "AB1");
  CHECK(r.source_item == std::vector<size_t>{1});
  // [] says "none"; a list of empty items says nothing (it must not wipe a current list).
  CHECK(invox::normalize_group_value(Json::array(), *t.find("vehicles"), context()).result.value == Json::array());
  CHECK(invox::normalize_group_value(Json::parse(R"([{}])"), *t.find("vehicles"), context()).result.value.is_null());
  // One object alone is one item.
  CHECK(invox::normalize_group_value(Json::parse(R"({"registration":"Z9"})"), *t.find("vehicles"), context())
            .result.value.size() == 1);
}

TEST_CASE("group CF: a rejected sub-value is null and its issue names the path", "[group][normalize]") {
  const auto t = vehicles_template();
  const auto r = invox::normalize_group_value(Json::parse(R"([{"registration":"A"},{"registration":"B","colour":"green"}])"),
                                              *t.find("vehicles"), context());
  REQUIRE(r.result.issue.has_value());
  CHECK(r.result.issue->field == "vehicles[1].colour");
  CHECK(r.result.value[1]["colour"].is_null());
  CHECK(r.result.value[1]["registration"] == "B");
  // An item whose only sub-value is rejected is dropped: no path can name it, the group is named.
  const auto dropped = invox::normalize_group_value(Json::parse(R"([{"registration":"A"},{"colour":"green"}])"),
                                                    *t.find("vehicles"), context());
  CHECK(dropped.result.value.size() == 1);
  REQUIRE(dropped.result.issue.has_value());
  CHECK(dropped.result.issue->field == "vehicles");
  const auto bad = invox::normalize_value_for_field(Json("two cars"), *t.find("vehicles"), context());
  CHECK(bad.value.is_null());
  REQUIRE(bad.issue.has_value());
  CHECK(bad.issue->type == invox::IssueType::Invalid);
}

TEST_CASE("group equality: null equals [], items compared sub-value by sub-value in order", "[group][normalize]") {
  const auto t = vehicles_template();
  const invox::Field& g = *t.find("vehicles");
  CHECK(invox::values_match(Json(), Json::array(), g));
  CHECK(invox::values_match(Json::array(), Json(), g));
  const Json a = Json::parse(R"([{"registration":"kl-4","colour":"red","passengers":2,"seen_on":null}])");
  const Json b = Json::parse(R"([{"registration":"KL 4","colour":"red","passengers":2.0,"seen_on":null}])");
  CHECK(invox::values_match(a, b, g));
  CHECK_FALSE(invox::values_match(a, Json(), g));
  const Json c = Json::parse(R"([{"registration":"KL4","colour":"blue","passengers":2,"seen_on":null}])");
  CHECK_FALSE(invox::values_match(a, c, g));
  Json two = a;
  two.push_back(a[0]);
  CHECK_FALSE(invox::values_match(a, two, g));
  CHECK(invox::classify_match(Json(), Json::array(), g) == invox::MatchOutcome::Correct);
}

TEST_CASE("filled group: items are written parallel to the value and read back", "[group][values]") {
  invox::FilledField f;
  f.value = Json::parse(R"([{"registration":"A1","colour":null},{"registration":null,"colour":"red"}])");
  f.source = "ai";
  f.changed = true;
  f.confidence = 0.4;
  invox::ItemDetails first;
  first.confidence["registration"] = 0.9;
  first.evidence["registration"] = invox::Evidence{"plate A one", 3, 14, 1.5, 2.0};
  f.items = {first};  // the second item has no details yet: written as empty objects
  const Json j = invox::to_json(f);
  REQUIRE(j["items"].size() == 2);
  CHECK(j["items"][0]["confidence"]["registration"] == 0.9);
  CHECK(j["items"][0]["evidence"]["registration"]["transcriptSnippet"] == "plate A one");
  CHECK(j["items"][0]["evidence"]["registration"]["start"] == 1.5);
  CHECK(j["items"][1] == Json::parse(R"({"confidence":{},"evidence":{}})"));
  auto back = invox::filled_field_from_json(j);
  REQUIRE(back.has_value());
  REQUIRE(back->items.size() == 2);
  CHECK(back->items[0].evidence.at("registration").char_end == 14u);
  CHECK(invox::to_json(*back) == j);
  // Scalars have no items member.
  invox::FilledField scalar;
  scalar.value = "x";
  CHECK_FALSE(invox::to_json(scalar).contains("items"));
  scalar.value = Json::array({"a", "b"});  // a list carried from hand-written current values
  CHECK_FALSE(invox::to_json(scalar).contains("items"));
}

TEST_CASE("filled group: a filled form's group is a valid current value", "[group][values]") {
  const Json filled = Json::parse(R"({"template":"t","filled":{
      "vehicles":{"value":[{"registration":"A1","colour":"red"}],"changed":false,"source":"manual","locked":true,
                  "confidence":1,"items":[{"confidence":{"registration":1},"evidence":{}}]}}})");
  auto cur = invox::current_values_from_json(filled, "prev.filled.json");
  REQUIRE(cur.has_value());
  CHECK(cur->at("vehicles").locked);
  CHECK(cur->at("vehicles").value[0]["registration"] == "A1");
}

TEST_CASE("group update: a locked group never changes", "[group][assembly]") {
  const auto t = vehicles_template();
  invox::CurrentValues current;
  current["vehicles"] = {Json::parse(R"([{"registration":"A1","colour":"red","passengers":null,"seen_on":null}])"), true, "manual"};
  std::map<std::string, invox::Candidate> candidates;
  candidates["vehicles"].value = Json::parse(R"([{"registration":"A2"},{"registration":"B7"}])");
  const auto cf = invox::normalize_candidates(candidates, t, current, context());
  CHECK(cf.count("vehicles") == 0);  // a lock is dropped before CF
  invox::CfCandidates forced;        // even a candidate that got past CF is ignored
  forced["vehicles"].value = Json::parse(R"([{"registration":"B7","colour":null,"passengers":null,"seen_on":null}])");
  const auto filled = invox::assemble_fields(t, current, forced);
  const invox::FilledField& v = filled[1].second;
  CHECK(v.value == current["vehicles"].value);
  CHECK_FALSE(v.changed);
  CHECK(v.locked);
  CHECK(v.source == "manual");
}

TEST_CASE("group update: an unlocked group takes the complete new list", "[group][assembly]") {
  const auto t = vehicles_template();
  invox::CurrentValues current;
  const Json old = Json::parse(R"([{"registration":"A1","colour":"red","passengers":null,"seen_on":null}])");
  current["vehicles"] = {old, false, "ai"};
  std::map<std::string, invox::Candidate> candidates;
  auto& cand = candidates["vehicles"];
  cand.value = Json::parse(R"([{"registration":"A1","colour":"red"},{},{"registration":"B7","colour":"blue"}])");
  cand.confidence = 0.8;
  invox::ItemDetails low;
  low.confidence["colour"] = 0.3;
  cand.items = {invox::ItemDetails{}, invox::ItemDetails{}, low};  // the empty middle item is dropped by CF
  const auto cf = invox::normalize_candidates(candidates, t, current, context());
  const auto filled = invox::assemble_fields(t, current, cf);
  const invox::FilledField& v = filled[1].second;
  REQUIRE(v.value.size() == 2);
  CHECK(v.value[1]["registration"] == "B7");
  CHECK(v.changed);
  CHECK(v.previous_value == old);
  CHECK(v.source == "ai");
  REQUIRE(v.items.size() == 2);
  CHECK(v.items[1].confidence.at("colour") == Approx(0.3));
  CHECK(v.items[1].confidence.at("registration") == Approx(0.8));
  CHECK(v.items[0].confidence.at("registration") == Approx(0.8));
  CHECK(v.confidence == Approx(0.3));  // the lowest of its items'
}

TEST_CASE("group update: the same list again is not a change, null keeps the current list", "[group][assembly]") {
  const auto t = vehicles_template();
  invox::CurrentValues current;
  current["vehicles"] = {Json::parse(R"([{"registration":"A1","colour":"red","passengers":null,"seen_on":null}])"), false, "manual"};
  std::map<std::string, invox::Candidate> same;
  same["vehicles"].value = Json::parse(R"([{"registration":"a1","colour":"scarlet"}])");
  auto filled = invox::assemble_fields(t, current, invox::normalize_candidates(same, t, current, context()));
  CHECK_FALSE(filled[1].second.changed);
  CHECK(filled[1].second.source == "manual");
  std::map<std::string, invox::Candidate> unmentioned;
  unmentioned["vehicles"].value = nullptr;
  filled = invox::assemble_fields(t, current, invox::normalize_candidates(unmentioned, t, current, context()));
  CHECK(filled[1].second.value == current["vehicles"].value);
  CHECK_FALSE(filled[1].second.changed);
  // [] from the speaker ("there were no vehicles") replaces an unlocked list.
  std::map<std::string, invox::Candidate> none;
  none["vehicles"].value = Json::array();
  filled = invox::assemble_fields(t, current, invox::normalize_candidates(none, t, current, context()));
  CHECK(filled[1].second.value == Json::array());
  CHECK(filled[1].second.changed);
}
