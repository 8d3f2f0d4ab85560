#include "support/pipeline_fixtures.hpp"

#include <stdexcept>

namespace invox::testing {

const Template& demo_template() {
  static const Template tmpl = [] {
    const Json doc = Json::parse(R"({
      "id": "demo", "title": "Demo", "domain": "test",
      "fields": [
        {"id": "name", "label": "Patient name", "type": "text", "required": true},
        {"id": "temp", "label": "Temperature", "type": "number", "min": 30, "max": 45},
        {"id": "sex", "label": "Sex", "type": "enum", "options": ["female", "male", "other"]},
        {"id": "visit", "label": "Visit date", "type": "date"},
        {"id": "allergies", "label": "Allergies", "type": "textarea"},
        {"id": "smoker", "label": "Smoker", "type": "boolean"},
        {"id": "sys", "label": "Systolic", "type": "number"},
        {"id": "dia", "label": "Diastolic", "type": "number"},
        {"id": "arrive", "label": "Arrival time", "type": "time"},
        {"id": "leave", "label": "Departure time", "type": "time"},
        {"id": "admit", "label": "Admission date", "type": "date"},
        {"id": "discharge", "label": "Discharge date", "type": "date"}
      ],
      "constraints": [
        {"left": "sys", "op": ">", "right": "dia", "message": "systolic must exceed diastolic"},
        {"left": "leave", "op": ">=", "right": "arrive"},
        {"left": "discharge", "op": ">=", "right": "admit", "message": "discharge before admission"}
      ]})");
    auto t = parse_template(doc, "demo.json");
    if (!t) throw std::runtime_error(t.error().message);
    return *t;
  }();
  return tmpl;
}

Transcript transcript_of(const std::string& text) {
  Transcript t;
  t.text = text;
  return t;
}

FillRequest text_request(const std::string& text, CurrentValues current) {
  FillRequest r;
  r.tmpl = &demo_template();
  r.input = "input.txt";
  r.transcript = transcript_of(text);
  r.current = std::move(current);
  r.context.reference_date = "2026-03-14";
  return r;
}

Orchestrator make_orchestrator(std::shared_ptr<Extractor> model, PipelineOptions options,
                               std::shared_ptr<HistoryStore> history) {
  PipelineServices s;
  s.model_a = std::move(model);
  s.history = std::move(history);
  return Orchestrator(std::move(options), std::move(s));
}

const StageTiming* find_stage(const Report& report, const std::string& stage) {
  for (const auto& s : report.stages) {
    if (s.stage == stage) return &s;
  }
  return nullptr;
}

int count_issues(const Report& report, const std::string& field, IssueType type) {
  int n = 0;
  for (const auto& i : report.issues) n += (i.field == field && i.type == type) ? 1 : 0;
  return n;
}

const Issue* find_issue(const std::vector<Issue>& issues, const std::string& field, IssueType type) {
  for (const auto& i : issues) {
    if (i.field == field && i.type == type) return &i;
  }
  return nullptr;
}

const Issue* find_issue(const Report& report, const std::string& field, IssueType type) {
  return find_issue(report.issues, field, type);
}

const Field& demo_field(const std::string& id) { return *demo_template().find(id); }

}  // namespace invox::testing
