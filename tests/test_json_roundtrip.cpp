// JSON round trip of every domain type: value -> JSON -> value keeps every member, and the
// JSON of the result equals the first JSON (so nothing is dropped or renamed on the way).
#include <catch2/catch.hpp>

#include "invox/form.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"
#include "invox/values.hpp"

using invox::Json;

namespace {

invox::Evidence sample_evidence() {
  invox::Evidence e;
  e.snippet = "seen today, March fourteenth";
  e.char_begin = 12;
  e.char_end = 40;
  e.start = 3.2;
  e.end = 5.1;
  return e;
}

invox::FilledField sample_filled_field() {
  invox::FilledField f;
  f.value = "2026-03-14";
  f.changed = true;
  f.previous_value = "2026-03-13";
  f.source = "ai";
  f.confidence = 0.93;
  f.evidence = sample_evidence();
  return f;
}

void check_equal(const invox::Evidence& a, const invox::Evidence& b) {
  CHECK(a.snippet == b.snippet);
  CHECK(a.char_begin == b.char_begin);
  CHECK(a.char_end == b.char_end);
  CHECK(a.start == b.start);
  CHECK(a.end == b.end);
}

void check_equal(const invox::FilledField& a, const invox::FilledField& b) {
  CHECK(a.value == b.value);
  CHECK(a.changed == b.changed);
  CHECK(a.previous_value == b.previous_value);
  CHECK(a.source == b.source);
  CHECK(a.confidence == b.confidence);
  REQUIRE(a.evidence.has_value() == b.evidence.has_value());
  if (a.evidence) check_equal(*a.evidence, *b.evidence);
}

}  // namespace

TEST_CASE("round trip: evidence, with and without times", "[json]") {
  const auto e = sample_evidence();
  auto back = invox::evidence_from_json(to_json(e));
  REQUIRE(back.has_value());
  check_equal(e, *back);
  CHECK(to_json(*back) == to_json(e));

  invox::Evidence text_only;
  text_only.snippet = "non-smoker";
  const Json j = to_json(text_only);
  CHECK_FALSE(j.contains("start"));
  auto back2 = invox::evidence_from_json(j);
  REQUIRE(back2.has_value());
  check_equal(text_only, *back2);
}

TEST_CASE("round trip: filled field, changed and unchanged", "[json]") {
  const auto f = sample_filled_field();
  auto back = invox::filled_field_from_json(to_json(f));
  REQUIRE(back.has_value());
  check_equal(f, *back);

  invox::FilledField kept;
  kept.value = 38.5;
  kept.source = "manual";
  kept.confidence = 1.0;
  const Json j = to_json(kept);
  CHECK_FALSE(j.contains("previousValue"));  // written only when changed
  auto back2 = invox::filled_field_from_json(j);
  REQUIRE(back2.has_value());
  check_equal(kept, *back2);

  invox::FilledField empty;
  CHECK(to_json(empty)["source"].is_null());
  auto back3 = invox::filled_field_from_json(to_json(empty));
  REQUIRE(back3.has_value());
  check_equal(empty, *back3);
}

TEST_CASE("round trip: issues with every type and action", "[json]") {
  using T = invox::IssueType;
  using A = invox::IssueAction;
  for (auto type : {T::Missing, T::Conflict, T::LowConf, T::Invalid, T::Ambiguous}) {
    for (auto action : {A::Requery, A::Clarify, A::ManualReview}) {
      const invox::Issue i{"dob", type, "detail text", action};
      auto back = invox::issue_from_json(to_json(i));
      REQUIRE(back.has_value());
      CHECK(back->field == i.field);
      CHECK(back->type == type);
      CHECK(back->action == action);
      CHECK(back->detail == i.detail);
    }
  }
  CHECK_FALSE(invox::issue_from_json(Json{{"field", "x"}, {"type", "weird"}, {"action", "clarify"}}).has_value());
}

TEST_CASE("round trip: decisions of every kind", "[json]") {
  using D = invox::DecisionKind;
  for (auto kind : {D::ModelA, D::ModelB, D::Merge, D::KeepCurrent}) {
    const invox::Decision d{"sex", kind, "agreement"};
    auto back = invox::decision_from_json(to_json(d));
    REQUIRE(back.has_value());
    CHECK(back->field == "sex");
    CHECK(back->decision == kind);
    CHECK(back->reason == "agreement");
  }
  CHECK_FALSE(invox::decision_from_json(Json{{"field", "x"}, {"decision", "coin_flip"}}).has_value());
}

TEST_CASE("round trip: stage timings and usage", "[json]") {
  invox::StageTiming s{"ie", 1320.5, false, 2, "timeout", "retrieval fell back to zero-shot"};
  auto back = invox::stage_timing_from_json(to_json(s));
  REQUIRE(back.has_value());
  CHECK(back->stage == "ie");
  CHECK(back->ms == 1320.5);
  CHECK(back->ok == false);
  CHECK(back->calls == 2);
  CHECK(back->error == "timeout");
  CHECK(back->warning == s.warning);

  invox::Usage u{3, 2810, 240, 0.0123};
  auto ub = invox::usage_from_json(to_json(u));
  REQUIRE(ub.has_value());
  CHECK(ub->llm_calls == 3);
  CHECK(ub->prompt_tokens == 2810);
  CHECK(ub->completion_tokens == 240);
  CHECK(ub->cost_usd == Approx(0.0123));
  u += invox::Usage{1, 10, 5, 0.001};
  CHECK(u.llm_calls == 4);
  CHECK(u.prompt_tokens == 2820);
}

TEST_CASE("round trip: current values, full form and shorthand", "[json]") {
  const Json doc = Json::parse(R"({"patient_name": {"value": "Jon Smith", "locked": true, "source": "manual"},
                                   "weight_kg": 72.5, "allergies": {"value": null}})");
  auto values = invox::current_values_from_json(doc, "current.json");
  REQUIRE(values.has_value());
  CHECK(values->at("patient_name").locked);
  CHECK(values->at("weight_kg").value == 72.5);
  CHECK_FALSE(values->at("weight_kg").locked);
  CHECK(values->at("allergies").value.is_null());
  auto again = invox::current_values_from_json(to_json(*values), "current.json");
  REQUIRE(again.has_value());
  CHECK(to_json(*again) == to_json(*values));
  for (const auto& [id, v] : *values) {
    CHECK(again->at(id).value == v.value);
    CHECK(again->at(id).locked == v.locked);
    CHECK(again->at(id).source == v.source);
  }
  auto bad = invox::current_values_from_json(Json::parse(R"({"x": {"value": 1, "locked": "yes"}})"), "c.json");
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().message == "c.json: field 'x': 'locked' must be true or false");
}

TEST_CASE("round trip: transcript with segments", "[json]") {
  invox::Transcript t;
  t.text = "Patient name is John Smith. Temperature thirty eight point five.";
  t.language = "en";
  t.duration_seconds = 12.4;
  t.segments = {{0.0, 2.1, "Patient name is John Smith.", 0.91}, {2.1, 4.8, "Temperature thirty eight point five.", 0.8}};
  auto back = invox::transcript_from_json(to_json(t), "t.json");
  REQUIRE(back.has_value());
  CHECK(back->text == t.text);
  CHECK(back->language == "en");
  CHECK(back->duration_seconds == 12.4);
  REQUIRE(back->segments.size() == 2);
  CHECK(back->segments[1].start == 2.1);
  CHECK(back->segments[1].end == 4.8);
  CHECK(back->segments[1].text == t.segments[1].text);
  CHECK(back->segments[1].confidence == 0.8);
  CHECK(to_json(*back) == to_json(t));
}

TEST_CASE("round trip: template with every property", "[json]") {
  const Json doc = Json::parse(R"({"id": "med", "title": "Medication", "domain": "healthcare", "fields": [
    {"id": "name", "label": "Patient name", "type": "text", "required": true, "description": "Full name",
     "aliases": ["patient"], "guidelines": "First and last name"},
    {"id": "dose", "label": "Dose", "type": "number", "unit": "mg", "min": 0, "max": 5000},
    {"id": "route", "label": "Route", "type": "enum", "options": ["oral", "iv"], "optionAliases": {"oral": ["PO"]}},
    {"id": "given", "label": "Given", "type": "date"}, {"id": "at", "label": "At", "type": "time"},
    {"id": "notes", "label": "Notes", "type": "textarea"}, {"id": "refused", "label": "Refused", "type": "boolean"},
    {"id": "due", "label": "Due", "type": "date"}],
    "constraints": [{"left": "due", "op": ">=", "right": "given", "message": "due before given"}]})");
  auto t = invox::parse_template(doc, "med.json");
  REQUIRE(t.has_value());
  auto back = invox::parse_template(to_json(*t), "again");
  REQUIRE(back.has_value());
  CHECK(to_json(*back) == to_json(*t));
  REQUIRE(back->fields.size() == 8);
  const auto& name = back->fields[0];
  CHECK(name.required);
  CHECK(name.description == "Full name");
  CHECK(name.aliases == std::vector<std::string>{"patient"});
  CHECK(name.guidelines == "First and last name");
  const auto& dose = back->fields[1];
  CHECK(dose.type == invox::FieldType::Number);
  CHECK(dose.unit == "mg");
  CHECK(dose.min == 0.0);
  CHECK(dose.max == 5000.0);
  CHECK(back->fields[2].option_aliases.at("oral") == std::vector<std::string>{"PO"});
  CHECK(back->fields[6].type == invox::FieldType::Boolean);
  REQUIRE(back->constraints.size() == 1);
  CHECK(back->constraints[0].message == "due before given");
  CHECK(back->title == "Medication");
  CHECK(back->domain == "healthcare");
}

TEST_CASE("round trip: filled form and report", "[json]") {
  invox::FilledForm form;
  form.template_id = "patient-intake";
  form.strategy = "S3";
  form.model = "openai:gpt-4o + gemini:gemini-2.0-flash, judge openai:gpt-4o-mini";
  form.transcript = "seen today, March fourteenth";
  form.filled = {{"visit_date", sample_filled_field()}, {"smoker", invox::FilledField{}}};
  auto fb = invox::filled_form_from_json(to_json(form));
  REQUIRE(fb.has_value());
  CHECK(fb->template_id == form.template_id);
  CHECK(fb->strategy == "S3");
  CHECK(fb->model == form.model);
  CHECK(fb->transcript == form.transcript);
  REQUIRE(fb->filled.size() == 2);
  CHECK(fb->filled[0].first == "visit_date");  // template order kept
  check_equal(fb->filled[0].second, form.filled[0].second);
  CHECK(to_json(*fb) == to_json(form));

  invox::Report r;
  r.status = invox::FormStatus::NeedsReview;
  r.confidence = {{"visit_date", 0.93}, {"sex", 0.4}};
  r.issues = {{"dob", invox::IssueType::Missing, "required field not mentioned", invox::IssueAction::Clarify}};
  r.decisions = {{"sex", invox::DecisionKind::ModelB, "grounded in transcript"}};
  r.stages = {{"stt", 812, true, std::nullopt, "", ""}, {"ie", 1320, true, 2, "", ""}};
  r.usage = {3, 2810, 240, 0.0123};
  r.error = "";
  auto rb = invox::report_from_json(to_json(r));
  REQUIRE(rb.has_value());
  CHECK(rb->status == invox::FormStatus::NeedsReview);
  CHECK(rb->confidence == r.confidence);
  REQUIRE(rb->issues.size() == 1);
  CHECK(rb->issues[0].type == invox::IssueType::Missing);
  REQUIRE(rb->decisions.size() == 1);
  CHECK(rb->decisions[0].decision == invox::DecisionKind::ModelB);
  REQUIRE(rb->stages.size() == 2);
  CHECK(rb->stages[1].calls == 2);
  CHECK(rb->usage.prompt_tokens == 2810);
  CHECK(to_json(*rb) == to_json(r));

  for (auto status : {invox::FormStatus::Complete, invox::FormStatus::NeedsReview, invox::FormStatus::Failed}) {
    invox::Report s;
    s.status = status;
    s.error = status == invox::FormStatus::Failed ? "no speech found" : "";
    auto sb = invox::report_from_json(to_json(s));
    REQUIRE(sb.has_value());
    CHECK(sb->status == status);
    CHECK(sb->error == s.error);
  }
  CHECK_FALSE(invox::report_from_json(Json{{"status", "done"}}).has_value());
}
