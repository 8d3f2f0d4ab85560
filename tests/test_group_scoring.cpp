// Group scoring (DESIGN.md "Scoring a group") on small examples worked out by hand: the item
// matching, the per-sub-value outcomes, the counts, byType and the item-count rate.
#include <catch2/catch.hpp>

#include "invox/group_items.hpp"
#include "eval/report.hpp"
#include "eval/scoring.hpp"

using invox::Json;
using namespace invox::eval;
using invox::ItemPair;
using invox::match_group_items;

namespace {

invox::Template group_template() {
  auto t = invox::parse_template(Json::parse(R"({"id":"t","fields":[
    {"id":"location","type":"text"},
    {"id":"vehicles","type":"group","fields":[{"id":"registration","type":"text"},{"id":"colour","type":"text"}]}]})"),
                                 "t.json");
  REQUIRE(t.has_value());
  return *t;
}

invox::FilledForm form_of(const Json& location, const Json& vehicles) {
  invox::FilledForm f;
  invox::FilledField loc;
  loc.value = location;
  loc.source = location.is_null() ? "" : "ai";
  invox::FilledField veh;
  veh.value = vehicles;
  veh.source = vehicles.is_null() ? "" : "ai";
  f.filled = {{"location", loc}, {"vehicles", veh}};
  return f;
}

const FieldScore* sub(const CaseScore& cs, const std::string& path) {
  for (const auto& f : cs.fields)
    for (const auto& s : f.sub_values)
      if (s.field == path) return &s;
  return nullptr;
}

}  // namespace

TEST_CASE("group matching: maximum weight, not first come", "[eval][group]") {
  const auto t = group_template();
  const Json expected = Json::parse(R"([{"registration":"A1","colour":"red"},{"registration":"B2","colour":"blue"}])");
  // p0 is e1 exactly (weight 2); p1 shares only the colour with e0 (weight 1); p2 matches nothing.
  const Json predicted = Json::parse(
      R"([{"registration":"B2","colour":"blue"},{"registration":"C3","colour":"red"},{"registration":null,"colour":"green"}])");
  const auto pairs = match_group_items(expected, predicted, *t.find("vehicles"));
  REQUIRE(pairs.size() == 3);
  CHECK(pairs[0] == ItemPair{0, 1});
  CHECK(pairs[1] == ItemPair{1, 0});
  CHECK(pairs[2] == ItemPair{std::nullopt, 2});
}

TEST_CASE("group matching: ties keep spoken order, weight 0 never pairs", "[eval][group]") {
  const auto t = group_template();
  const Json expected = Json::parse(R"([{"registration":"A","colour":"red"}])");
  const Json predicted = Json::parse(R"([{"registration":"X","colour":"red"},{"registration":"Y","colour":"red"}])");
  const auto pairs = match_group_items(expected, predicted, *t.find("vehicles"));
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0] == ItemPair{0, 0});
  CHECK(pairs[1] == ItemPair{std::nullopt, 1});
  const auto none = match_group_items(expected, Json::parse(R"([{"registration":"Z","colour":"blue"}])"), *t.find("vehicles"));
  REQUIRE(none.size() == 2);
  CHECK(none[0] == ItemPair{0, std::nullopt});
  CHECK(none[1] == ItemPair{std::nullopt, 0});
}

TEST_CASE("group scoring: sub-values of pairs, unpaired items, counts and byType", "[eval][group]") {
  const auto t = group_template();
  const Json expected = Json::parse(R"({"location":"Elm Street","vehicles":[
      {"registration":"A1","colour":"red"},{"registration":"B2","colour":"blue"}]})");
  const auto form = form_of("Elm Street", Json::parse(
      R"([{"registration":"B2","colour":"blue"},{"registration":"C3","colour":"red"},{"registration":null,"colour":"green"}])"));
  const CaseScore cs = score_case("c", t, expected, &form, {});
  REQUIRE(cs.fields.size() == 2);
  CHECK(cs.fields[1].outcome == Outcome::Wrong);
  REQUIRE(cs.fields[1].sub_values.size() == 6);
  CHECK(sub(cs, "vehicles[1].registration")->outcome == Outcome::Wrong);  // A1 vs C3
  CHECK(sub(cs, "vehicles[1].colour")->outcome == Outcome::Correct);
  CHECK(sub(cs, "vehicles[0].registration")->outcome == Outcome::Correct);
  CHECK(sub(cs, "vehicles[+2].colour")->outcome == Outcome::Hallucination);
  CHECK(sub(cs, "vehicles[+2].registration")->outcome == Outcome::Correct);  // both null
  CHECK(sub(cs, "vehicles[1].colour")->sub_field == "vehicles.colour");
  CHECK_FALSE(cs.exact());
  CHECK(cs.item_counts_exact() == false);

  StrategyMetrics m;
  m.add(cs, {}, 1.0);
  // location correct; sub-values: 3 correct non-null + 1 both-null, 1 wrong, 1 hallucination.
  CHECK(m.counts.correct == 5);
  CHECK(m.counts.correct_non_null == 4);
  CHECK(m.counts.wrong == 1);
  CHECK(m.counts.hallucinations == 1);
  CHECK(m.counts.omissions == 0);
  const auto& g = m.by_type.at(invox::FieldType::Group);
  CHECK(g.precision() == Approx(3.0 / 5.0));
  CHECK(g.recall() == Approx(3.0 / 4.0));
  CHECK(m.by_group_field.at("vehicles.colour").hallucinations == 1);
  CHECK(m.by_group_field.at("vehicles.registration").wrong == 1);
  CHECK(m.item_count_exact_rate() == Approx(0.0));
}

TEST_CASE("group scoring: an unpaired expected item is omissions, null equals []", "[eval][group]") {
  const auto t = group_template();
  const Json expected = Json::parse(R"({"location":null,"vehicles":[{"registration":"A1","colour":null}]})");
  const auto empty = form_of(nullptr, Json::array());
  const CaseScore missed = score_case("c", t, expected, &empty, {});
  REQUIRE(missed.fields[1].sub_values.size() == 2);
  CHECK(sub(missed, "vehicles[-].registration")->outcome == Outcome::Omission);
  CHECK(sub(missed, "vehicles[-].colour")->outcome == Outcome::Correct);
  CHECK(missed.fields[1].outcome == Outcome::Omission);

  const Json none = Json::parse(R"({"location":null,"vehicles":[]})");
  const auto unmentioned = form_of(nullptr, nullptr);
  const CaseScore equal = score_case("c", t, none, &unmentioned, {});
  CHECK(equal.fields[1].sub_values.empty());
  CHECK(equal.fields[1].outcome == Outcome::Correct);
  CHECK(equal.exact());
  CHECK(equal.item_counts_exact() == true);
  StrategyMetrics m;
  m.add(equal, {}, 1.0);
  CHECK(m.counts.predicted_non_null() == 0);
  CHECK(m.item_count_exact_rate() == Approx(1.0));
}

TEST_CASE("group scoring: a locked group that changed is a lock violation", "[eval][group]") {
  const auto t = group_template();
  const Json locked = Json::parse(R"([{"registration":"A1","colour":"red"}])");
  invox::CurrentValues current;
  current["vehicles"] = {locked, true, "manual"};
  const Json expected = Json{{"location", nullptr}, {"vehicles", locked}};
  const auto kept = form_of(nullptr, locked);
  CHECK(score_case("c", t, expected, &kept, current).lock_violations() == 0);
  const auto extended = form_of(nullptr, Json::parse(R"([{"registration":"A1","colour":"red"},{"registration":"T9","colour":null}])"));
  const CaseScore cs = score_case("c", t, expected, &extended, current);
  CHECK(cs.lock_violations() == 1);
  CHECK(sub(cs, "vehicles[+1].registration")->outcome == Outcome::Hallucination);
}

TEST_CASE("group scoring: a template without groups has no item-count rate", "[eval][group]") {
  auto t = invox::parse_template(Json::parse(R"({"id":"s","fields":[{"id":"a","type":"text"}]})"), "s.json");
  REQUIRE(t.has_value());
  invox::FilledForm f;
  invox::FilledField a;
  a.value = "x";
  f.filled = {{"a", a}};
  const CaseScore cs = score_case("c", *t, Json{{"a", "x"}}, &f, {});
  CHECK_FALSE(cs.item_counts_exact().has_value());
  StrategyMetrics m;
  m.add(cs, {}, 1.0);
  CHECK_FALSE(m.item_count_exact_rate().has_value());
  EvalResult r;
  r.strategies.push_back(StrategyRun{m, {}});
  CHECK_FALSE(metrics_json(r)["strategies"].begin()->contains("itemCountExact"));
}
