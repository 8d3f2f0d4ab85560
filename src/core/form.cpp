#include "invox/form.hpp"

#include <array>
#include <utility>

#include "util/rounding.hpp"

namespace invox {

namespace {
constexpr std::array<std::string_view, 3> kStatuses = {"complete", "needs_review", "failed"};
}

std::string_view to_string(FormStatus s) { return kStatuses[static_cast<size_t>(s)]; }

const FilledField* FilledForm::find(const std::string& field_id) const {
  for (const auto& [id, f] : filled) {
    if (id == field_id) return &f;
  }
  return nullptr;
}

FilledField* FilledForm::find(const std::string& field_id) {
  return const_cast<FilledField*>(std::as_const(*this).find(field_id));
}

Json to_json(const RunContext& r) {
  return Json{{"invox", r.invox_version},       {"input", r.input},   {"referenceDate", r.reference_date},
              {"timezone", r.timezone},         {"locale", r.locale}, {"createdAt", r.created_at},
              {"settings", r.settings}};
}

RunContext run_context_from_json(const Json& doc) {
  RunContext r;
  if (!doc.is_object()) return r;
  auto text = [&doc](const char* key) {
    auto it = doc.find(key);
    return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  r.invox_version = text("invox");
  r.input = text("input");
  r.reference_date = text("referenceDate");
  r.timezone = text("timezone");
  r.locale = text("locale");
  r.created_at = text("createdAt");
  r.settings = text("settings");
  return r;
}

Json to_json(const FilledForm& f) {
  Json j;
  j["template"] = f.template_id;
  j["strategy"] = f.strategy;
  j["model"] = f.model;
  j["transcript"] = f.transcript;
  Json filled = Json::object();
  for (const auto& [id, field] : f.filled) filled[id] = to_json(field);
  j["filled"] = filled;
  if (!f.run.empty()) j["run"] = to_json(f.run);
  return j;
}

Json to_json(const Report& r) {
  Json j;
  if (!r.template_id.empty()) j["template"] = r.template_id;
  j["status"] = to_string(r.status);
  Json conf = Json::object();
  for (const auto& [id, c] : r.confidence) conf[id] = util::round_to(c, util::kConfidenceDecimals);
  j["confidence"] = conf;
  if (!r.kept_confidence.empty()) {
    Json kept = Json::object();
    for (const auto& [id, c] : r.kept_confidence)
      kept[id] = util::round_to(c, util::kConfidenceDecimals);
    j["keptConfidence"] = kept;
  }
  j["issues"] = Json::array();
  for (const auto& i : r.issues) j["issues"].push_back(to_json(i));
  j["decisions"] = Json::array();
  for (const auto& d : r.decisions) j["decisions"].push_back(to_json(d));
  j["stages"] = Json::array();
  for (const auto& s : r.stages) j["stages"].push_back(to_json(s));
  j["usage"] = to_json(r.usage);
  if (!r.error.empty()) j["error"] = r.error;
  if (!r.run.empty()) j["run"] = to_json(r.run);
  return j;
}

Expected<FilledForm> filled_form_from_json(const Json& doc) {
  if (!doc.is_object() || !doc.contains("filled") || !doc["filled"].is_object()) {
    return Error::input("a filled form must be an object with a 'filled' object");
  }
  FilledForm f;
  f.template_id = doc.value("template", "");
  f.strategy = doc.value("strategy", "");
  f.model = doc.value("model", "");
  f.transcript = doc.value("transcript", "");
  if (auto it = doc.find("run"); it != doc.end()) f.run = run_context_from_json(*it);
  for (const auto& [id, field] : doc["filled"].items()) {
    auto parsed = filled_field_from_json(field);
    if (!parsed) return Error::input("field '" + id + "': " + parsed.error().message);
    f.filled.emplace_back(id, std::move(*parsed));
  }
  return f;
}

Expected<Report> report_from_json(const Json& doc) {
  if (!doc.is_object()) return Error::input("a report must be an object");
  Report r;
  const std::string status = doc.value("status", "");
  bool known = false;
  for (size_t i = 0; i < kStatuses.size(); ++i) {
    if (kStatuses[i] == status) {
      r.status = static_cast<FormStatus>(i);
      known = true;
    }
  }
  if (!known) return Error::input("report status '" + status + "' is unknown");
  if (auto it = doc.find("confidence"); it != doc.end() && it->is_object()) {
    for (const auto& [id, c] : it->items()) {
      if (c.is_number()) r.confidence.emplace_back(id, c.get<double>());
    }
  }
  if (auto it = doc.find("keptConfidence"); it != doc.end() && it->is_object()) {
    for (const auto& [id, c] : it->items()) {
      if (c.is_number()) r.kept_confidence.emplace_back(id, c.get<double>());
    }
  }
  for (const auto& [key, parse] : {std::pair{"issues", 0}, std::pair{"decisions", 1}, std::pair{"stages", 2}}) {
    auto it = doc.find(key);
    if (it == doc.end() || !it->is_array()) continue;
    for (const auto& item : *it) {
      if (parse == 0) {
        auto v = issue_from_json(item);
        if (!v) return v.error();
        r.issues.push_back(*v);
      } else if (parse == 1) {
        auto v = decision_from_json(item);
        if (!v) return v.error();
        r.decisions.push_back(*v);
      } else {
        auto v = stage_timing_from_json(item);
        if (!v) return v.error();
        r.stages.push_back(*v);
      }
    }
  }
  if (auto it = doc.find("usage"); it != doc.end()) {
    auto u = usage_from_json(*it);
    if (!u) return u.error();
    r.usage = *u;
  }
  r.error = doc.value("error", "");
  if (auto it = doc.find("template"); it != doc.end() && it->is_string()) r.template_id = it->get<std::string>();
  if (auto it = doc.find("run"); it != doc.end()) r.run = run_context_from_json(*it);
  return r;
}

}  // namespace invox
