#include "support/llm_fixtures.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

namespace invox::test {

ExtractionRequest request_for(const Template& tmpl, const Transcript& transcript, const CurrentValues& current) {
  ExtractionRequest r;
  r.tmpl = &tmpl;
  for (const auto& f : tmpl.fields) r.fields.push_back(&f);
  r.transcript = &transcript;
  r.current = &current;
  r.context.reference_date = "2026-03-14";
  return r;
}

ModelServices services_for(const FakeLlmServer& server, SleepLog* sleeps) {
  ModelServices s;
  s.providers = ProviderConfig{};
  s.providers.openai_api_key = kCanaryOpenAiKey;
  s.providers.gemini_api_key = kCanaryGeminiKey;
  s.providers.openai_base_url = server.openai_base();
  s.providers.gemini_base_url = server.gemini_base();
  s.providers.ollama_host = server.base_url();
  s.http_options.connect_timeout_ms = 2000;
  s.http_options.total_timeout_ms = 3000;
  s.retry.max_attempts = 3;
  s.retry.base_delay_ms = 10;
  if (sleeps) s.sleeper = sleeps->sleeper();
  return s;
}

HttpRequest chat_post(const std::string& base) {
  HttpRequest r;
  r.url = base + "/chat/completions";
  r.headers = {{"Content-Type", "application/json"}, {"Authorization", std::string("Bearer ") + kCanaryOpenAiKey}};
  r.body = R"({"model":"m","messages":[{"role":"user","content":"hi"}],"temperature":0})";
  return r;
}

Template sample_template() {
  const Json doc = Json::parse(R"({
    "id": "intake", "title": "Intake", "domain": "healthcare",
    "fields": [
      {"id": "patient_name", "label": "Patient name", "type": "text", "required": true},
      {"id": "sex", "label": "Sex", "type": "enum", "options": ["female", "male", "other"]},
      {"id": "temperature_c", "label": "Temperature", "type": "number", "unit": "°C", "min": 30, "max": 45},
      {"id": "visit_date", "label": "Visit date", "type": "date"},
      {"id": "visit_time", "label": "Visit time", "type": "time"},
      {"id": "allergies", "label": "Allergies", "type": "textarea"},
      {"id": "smoker", "label": "Smoker", "type": "boolean"}
    ]})");
  auto t = parse_template(doc, "sample");
  if (!t) throw std::runtime_error(t.error().message);
  return *t;
}

Template group_sample_template() {
  const Json doc = Json::parse(R"({"id": "clinic-note", "title": "Clinic note", "fields": [
    {"id": "patient_name", "label": "Patient", "type": "text"},
    {"id": "meds", "label": "Medications", "type": "group", "maxItems": 5, "fields": [
      {"id": "drug", "label": "Drug", "type": "text", "required": true},
      {"id": "dose_mg", "label": "Dose", "type": "number", "unit": "mg"},
      {"id": "route", "label": "Route", "type": "enum", "options": ["oral", "intravenous", "topical"]}]}]})");
  auto t = parse_template(doc, "clinic-note.json");
  if (!t) throw std::runtime_error(t.error().message);
  return *t;
}

ModelSays says(std::string content, std::string finish) {
  ModelSays m;
  m.content = std::move(content);
  m.finish = std::move(finish);
  return m;
}

FakeLlmServer::Handler answer(Json values) {
  return [values](const FakeRequest& r) { return reply_for(r, says(values.dump())); };
}

std::shared_ptr<Extractor> chat_extractor(const std::string& spec, const ModelServices& services) {
  auto s = parse_model_spec(spec);
  REQUIRE(s.has_value());
  auto e = make_chat_extractor(*s, services);
  if (!e) FAIL(e.error().message);
  return *e;
}

const Decision* decision_for(const StrategyOutput& out, const std::string& field) {
  for (const auto& d : out.decisions) {
    if (d.field == field) return &d;
  }
  return nullptr;
}

ModelSpec model_spec(const std::string& text) {
  auto s = parse_model_spec(text);
  INFO(text);
  REQUIRE(s.has_value());
  return *s;
}

}  // namespace invox::test
