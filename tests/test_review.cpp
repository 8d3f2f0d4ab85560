// invox review: value paths, CF-checked edits, decisions on a form, the locked no-lost-update
// write, --apply and --learn (the interactive walk is in test_review_session.cpp).
#include <catch2/catch.hpp>

#include <fstream>

#include "invox/template_set.hpp"
#include "invox/history.hpp"
#include "invox/models.hpp"
#include "review/apply.hpp"
#include "review/commit.hpp"
#include "review/decision.hpp"
#include "review/learn.hpp"
#include "support/output_schema.hpp"
#include "support/pipeline_fixtures.hpp"
#include "support/review_fixtures.hpp"
#include "support/scratch_dir.hpp"
#include "util/file_io.hpp"

using namespace invox;
using namespace invox::review;
using invox::test::ScratchDir;
using invox::testing::demo_field;
using invox::test::slurp;

namespace {


struct ReviewFixture {
  ScratchDir dir;
  TemplateSet templates;
  ReviewFixture() {
    (void)templates.add(invox::test::write_demo_template(dir.path()));
    invox::test::write_review_fixture(dir.path(), "f1");
  }
  ReviewForm load(const std::string& stem = "f1") {
    auto f = load_review_form(dir.path(), stem, templates);
    if (!f) FAIL(f.error().message);
    return *f;
  }
};

ReviewDecision decide(const std::string& path, Action action, Json input = Json()) {
  auto p = parse_value_path(path);
  REQUIRE(p);
  return ReviewDecision{*p, action, std::move(input)};
}

bool has_issue(const ReviewForm& f, const std::string& field, IssueType type) {
  for (const auto& i : f.report.issues) {
    if (i.field == field && i.type == type) return true;
  }
  return false;
}

std::vector<Json> log_lines(const std::filesystem::path& dir) {
  std::vector<Json> lines;
  std::ifstream in(review_log_path(dir));
  for (std::string line; std::getline(in, line);) lines.push_back(Json::parse(line));
  return lines;
}

}  // namespace

TEST_CASE("value paths: a field, or a sub-value of a group item", "[review]") {
  auto plain = parse_value_path("dob");
  REQUIRE(plain);
  CHECK(plain->field == "dob");
  CHECK_FALSE(plain->in_group());
  auto group = parse_value_path("medications[2].dose_mg");
  REQUIRE(group);
  CHECK(group->field == "medications");
  CHECK(*group->index == 2);
  CHECK(group->sub == "dose_mg");
  CHECK(to_string(*group) == "medications[2].dose_mg");
  for (const char* bad : {"", "a b", "meds[x].dose", "meds[1]", "meds[1].", "meds[-1].a", "meds[1]dose", "meds[1].a.b", "meds[1"}) {
    auto p = parse_value_path(bad);
    INFO(bad);
    REQUIRE_FALSE(p);
    CHECK(p.error().message.find("is not a value path") != std::string::npos);
  }
}

TEST_CASE("edits go through CF and VER's type checks", "[review]") {
  NormalizeContext ctx;
  ctx.reference_date = "2026-03-14";
  CHECK(*check_value(demo_field("sex"), Json("Female"), ctx) == "female");
  CHECK(*check_value(demo_field("sex"), Json("2"), ctx) == "male");  // the option's number as shown
  auto enum_refused = check_value(demo_field("sex"), Json("purple"), ctx);
  REQUIRE_FALSE(enum_refused);
  CHECK(enum_refused.error().message.find("female, male, other") != std::string::npos);
  CHECK_FALSE(check_value(demo_field("sex"), Json("4"), ctx));
  auto range = check_value(demo_field("temp"), Json("52"), ctx);
  REQUIRE_FALSE(range);
  CHECK(range.error().message.find("above the maximum 45") != std::string::npos);
  CHECK(*check_value(demo_field("temp"), Json("thirty eight point five"), ctx) == 38.5);
  CHECK(*check_value(demo_field("temp"), Json(37), ctx) == 37);
  CHECK(*check_value(demo_field("visit"), Json("March 3 2026"), ctx) == "2026-03-03");
  CHECK(*check_value(demo_field("visit"), Json("yesterday"), ctx) == "2026-03-13");
  CHECK(*check_value(demo_field("smoker"), Json("yes"), ctx) == true);
  CHECK(*check_value(demo_field("name"), Json("  Ann   Lee "), ctx) == "Ann Lee");
  auto empty = check_value(demo_field("name"), Json("   "), ctx);
  REQUIRE_FALSE(empty);
  CHECK(empty.error().message.find("clear") != std::string::npos);
  CHECK_FALSE(check_value(demo_field("visit"), Json("the day after never"), ctx));
}

TEST_CASE("a decision marks the value reviewed, settles its issues and recomputes the status", "[review]") {
  ReviewFixture fx;
  ReviewForm form = fx.load();
  REQUIRE(form.report.status == FormStatus::NeedsReview);
  NormalizeContext ctx;

  SECTION("accept keeps the value and vouches for it") {
    auto c = apply_decision(form, decide("temp", Action::Accept), ctx);
    REQUIRE(c);
    CHECK(c->action == Action::Accept);
    CHECK(c->from == 38.5);
    CHECK(c->to == 38.5);
    const Json& temp = form.filled_doc["filled"]["temp"];
    CHECK(temp["value"] == 38.5);
    CHECK(temp["source"] == "manual");
    CHECK(temp["reviewed"] == true);
    CHECK(temp["confidence"] == 1.0);
    CHECK(temp["changed"] == true);  // still differs from the form before the fill run
    CHECK(temp["previousValue"].is_null());
    CHECK(temp.contains("evidence"));
    CHECK(form.report_doc["confidence"]["temp"] == 1.0);
    CHECK_FALSE(has_issue(form, "temp", IssueType::LowConf));
    CHECK(form.report.status == FormStatus::NeedsReview);  // name and the conflict are still open
  }
  SECTION("edit: the CF value replaces it; a refused edit changes nothing") {
    const Json before = form.filled_doc;
    auto refused = apply_decision(form, decide("temp", Action::Edit, Json("99")), ctx);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.rfind("temp: ", 0) == 0);
    CHECK(form.filled_doc == before);
    auto c = apply_decision(form, decide("name", Action::Edit, Json("ann lee")), ctx);
    REQUIRE(c);
    CHECK(c->action == Action::Edit);
    CHECK(form.filled_doc["filled"]["name"]["value"] == "ann lee");
    CHECK(form.filled_doc["filled"]["name"]["source"] == "manual");
    CHECK_FALSE(has_issue(form, "name", IssueType::Missing));
  }
  SECTION("an edit that settles a constraint removes the conflict; every issue settled: complete") {
    REQUIRE(has_issue(form, "sys", IssueType::Conflict));
    REQUIRE(apply_decision(form, decide("dia", Action::Edit, Json("60")), ctx));
    CHECK_FALSE(has_issue(form, "sys", IssueType::Conflict));
    REQUIRE(apply_decision(form, decide("temp", Action::Accept), ctx));
    REQUIRE(apply_decision(form, decide("name", Action::Edit, Json("Ann Lee")), ctx));
    CHECK(form.report.issues.empty());
    CHECK(form.report.status == FormStatus::Complete);
    CHECK(form.report_doc["status"] == "complete");
  }
  SECTION("an edit that breaks a constraint is reported on the other field") {
    REQUIRE(apply_decision(form, decide("dia", Action::Edit, Json("70")), ctx));
    REQUIRE(apply_decision(form, decide("sys", Action::Edit, Json("65")), ctx));
    CHECK(has_issue(form, "dia", IssueType::Conflict));
    CHECK_FALSE(has_issue(form, "sys", IssueType::Conflict));
  }
  SECTION("clear empties the field and drops its evidence and confidence") {
    auto c = apply_decision(form, decide("sex", Action::Clear), ctx);
    REQUIRE(c);
    CHECK(c->from == "male");
    CHECK(c->to.is_null());
    const Json& sex = form.filled_doc["filled"]["sex"];
    CHECK(sex["value"].is_null());
    CHECK(sex["reviewed"] == true);
    CHECK_FALSE(sex.contains("evidence"));
    CHECK_FALSE(form.report_doc["confidence"].contains("sex"));
  }
  SECTION("paths into groups and unknown fields are refused clearly") {
    auto group = apply_decision(form, decide("vehicles[1].colour", Action::Edit, Json("red")), ctx);
    REQUIRE_FALSE(group);
    CHECK(group.error().message.find("repeating groups") != std::string::npos);
    auto unknown = apply_decision(form, decide("nope", Action::Clear), ctx);
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error().message == "nope: template 'demo' has no such field");
  }
  // Whatever was decided, the outputs keep the documented shapes.
  CHECK(invox::test::check_filled_shape(form.filled_doc, &invox::testing::demo_template()).empty());
  CHECK(invox::test::check_report_shape(form.report_doc).empty());
}

TEST_CASE("commit: atomic rewrite, review record, one log line per change", "[review]") {
  ReviewFixture fx;
  ReviewForm form = fx.load();
  auto c = apply_decision(form, decide("temp", Action::Edit, Json("37.5")), {});
  REQUIRE(c);
  auto written = commit_form(fx.dir.path(), form, {*c}, {"alice", "2026-03-14T10:00:00Z"});
  REQUIRE(written);
  CHECK(*written == CommitResult::Written);
  const Json report = Json::parse(slurp(fx.dir.path() / "f1.report.json"));
  CHECK(report["review"]["by"] == "alice");
  CHECK(report["review"]["at"] == "2026-03-14T10:00:00Z");
  REQUIRE(report["review"]["changes"].size() == 1);
  CHECK(report["review"]["changes"][0] == Json{{"field", "temp"}, {"from", 38.5}, {"to", 37.5}, {"action", "edit"}});
  CHECK(invox::test::check_report_shape(report).empty());
  CHECK(Json::parse(slurp(fx.dir.path() / "f1.filled.json"))["filled"]["temp"]["value"] == 37.5);
  const auto lines = log_lines(fx.dir.path());
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == Json{{"by", "alice"}, {"at", "2026-03-14T10:00:00Z"}, {"stem", "f1"}, {"field", "temp"},
                         {"from", 38.5}, {"to", 37.5}, {"action", "edit"}});
  // Nothing else appeared in the folder (no temporary files left behind).
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(fx.dir.path())) files += e.is_regular_file() ? 1 : 0;
  CHECK(files == 4);  // demo.json, f1.filled.json, f1.report.json, review-log.jsonl
  // A second decision in the same session appends to the record and the log.
  auto c2 = apply_decision(form, decide("name", Action::Edit, Json("Ann Lee")), {});
  REQUIRE(c2);
  REQUIRE(*commit_form(fx.dir.path(), form, {*c2}, {"alice", "2026-03-14T10:01:00Z"}) == CommitResult::Written);
  CHECK(Json::parse(slurp(fx.dir.path() / "f1.report.json"))["review"]["changes"].size() == 2);
  CHECK(log_lines(fx.dir.path()).size() == 2);
}

TEST_CASE("commit: a form changed on disk since it was read is not overwritten", "[review]") {
  ReviewFixture fx;
  ReviewForm alice = fx.load();
  ReviewForm bob = fx.load();
  auto a = apply_decision(alice, decide("temp", Action::Edit, Json("37")), {});
  REQUIRE(a);
  REQUIRE(*commit_form(fx.dir.path(), alice, {*a}, {"alice", "t1"}) == CommitResult::Written);
  auto b = apply_decision(bob, decide("temp", Action::Edit, Json("39")), {});
  REQUIRE(b);
  auto result = commit_form(fx.dir.path(), bob, {*b}, {"bob", "t2"});
  REQUIRE(result);
  CHECK(*result == CommitResult::ChangedOnDisk);
  CHECK(Json::parse(slurp(fx.dir.path() / "f1.filled.json"))["filled"]["temp"]["value"] == 37);  // alice's value kept
  CHECK(log_lines(fx.dir.path()).size() == 1);
  // Any writer counts, not only review: a fill run that rewrote the report.
  ReviewForm carol = fx.load();
  std::ofstream(fx.dir.path() / "f1.report.json", std::ios::app) << " ";
  auto c = apply_decision(carol, decide("name", Action::Edit, Json("Ann Lee")), {});
  REQUIRE(c);
  CHECK(*commit_form(fx.dir.path(), carol, {*c}, {"carol", "t3"}) == CommitResult::ChangedOnDisk);
}

TEST_CASE("review --apply: valid values applied and logged, each rejected one named", "[review]") {
  ReviewFixture fx;
  invox::test::write_review_fixture(fx.dir.path(), "f2");
  ApplyOptions o;
  o.dir = fx.dir.path();
  o.templates = &fx.templates;
  o.who = {"script", "2026-03-14T12:00:00Z"};
  const Json decisions = Json::parse(R"({
    "f1": {"name": "Ann Lee", "temp": 99, "sex": null, "meds[0].drug": "aspirin", "dia": "sixty"},
    "f2": {"sex": "purple"},
    "nosuch": {"name": "X"}})");
  auto r = apply_decisions(decisions, o);
  REQUIRE(r);
  REQUIRE(r->forms.size() == 1);
  CHECK(r->forms[0].stem == "f1");
  CHECK(r->forms[0].changes == 3);  // name, sex (cleared), dia
  CHECK(r->forms[0].status == FormStatus::NeedsReview);  // temp's low_conf issue is still open
  CHECK_FALSE(r->forms[0].completed);
  REQUIRE(r->rejected.size() == 4);
  CHECK(r->rejected[0] == "f1: temp: 99 is above the maximum 45 for Temperature");
  CHECK(r->rejected[1].rfind("f1: meds[0].drug: values inside repeating groups", 0) == 0);
  CHECK(r->rejected[2].rfind("f2: sex: ", 0) == 0);
  CHECK(r->rejected[2].find("female, male, other") != std::string::npos);
  CHECK(r->rejected[3].rfind("nosuch: ", 0) == 0);
  CHECK(r->rejected[3].find("no such file") != std::string::npos);
  const Json f1 = Json::parse(slurp(fx.dir.path() / "f1.filled.json"));
  CHECK(f1["filled"]["name"]["value"] == "Ann Lee");
  CHECK(f1["filled"]["dia"]["value"] == 60);
  CHECK(f1["filled"]["temp"]["value"] == 38.5);  // the rejected value left the field as it was
  CHECK_FALSE(f1["filled"]["temp"].contains("reviewed"));
  CHECK(log_lines(fx.dir.path()).size() == 3);
  CHECK(Json::parse(slurp(fx.dir.path() / "f2.filled.json"))["filled"]["sex"]["value"] == "male");

  Json finish = {{"f1", {{"temp", 38.5}}}};
  auto done = apply_decisions(finish, o);
  REQUIRE(done);
  REQUIRE(done->forms.size() == 1);
  CHECK(done->forms[0].status == FormStatus::Complete);
  CHECK(done->forms[0].completed);
  CHECK(done->rejected.empty());

  CHECK_FALSE(apply_decisions(Json::array(), o));
  auto shape = apply_decisions(Json{{"f1", 3}}, o);
  REQUIRE_FALSE(shape);
  CHECK(shape.error().kind == ErrorKind::Config);
}

TEST_CASE("review --learn: forms review made complete go into the history store with evidence", "[review][history]") {
  ReviewFixture fx;
  ApplyOptions o;
  o.dir = fx.dir.path();
  o.templates = &fx.templates;
  o.who = {"script", "t"};
  auto r = apply_decisions(Json{{"f1", {{"name", "Ann Lee"}, {"temp", 38.5}, {"dia", 60}}}}, o);
  REQUIRE(r);
  REQUIRE(r->forms.size() == 1);
  REQUIRE(r->forms[0].completed);
  HistoryOptions h;
  h.location = (fx.dir.path() / "history.sqlite").string();
  auto store = open_history_store(h, ModelServices{});
  REQUIRE(store);
  const auto learned = learn_reviewed(**store, fx.dir.path(), {"f1"});
  CHECK(learned.added == 1);
  CHECK(learned.failed.empty());
  auto examples = (*store)->list("demo");
  REQUIRE(examples);
  REQUIRE(examples->size() == 1);
  CHECK((*examples)[0].expected["name"] == "Ann Lee");
  CHECK((*examples)[0].expected["dia"] == 60);
  CHECK((*examples)[0].evidence["temp"] == "thirty eight point five");
  // A form that is not complete is not learned.
  invox::test::write_review_fixture(fx.dir.path(), "open");
  const auto refused = learn_reviewed(**store, fx.dir.path(), {"open"});
  CHECK(refused.added == 0);
  REQUIRE(refused.failed.size() == 1);
  CHECK(refused.failed[0].find("not complete") != std::string::npos);
}
