#include "invox/values.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "util/rounding.hpp"

namespace invox {

namespace {
constexpr std::array<std::string_view, 5> kIssueTypes = {"missing", "conflict", "low_conf", "invalid", "ambiguous"};
constexpr std::array<std::string_view, 3> kIssueActions = {"requery", "clarify", "manual_review"};
constexpr std::array<std::string_view, 4> kDecisions = {"model_a", "model_b", "merge", "keep_current"};

template <class E, size_t N>
std::optional<E> parse_enum(const std::array<std::string_view, N>& names, std::string_view s) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == s) return static_cast<E>(i);
  }
  return std::nullopt;
}

std::string string_member(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}
}  // namespace

std::string_view to_string(IssueType t) { return kIssueTypes[static_cast<size_t>(t)]; }
std::string_view to_string(IssueAction a) { return kIssueActions[static_cast<size_t>(a)]; }
std::string_view to_string(DecisionKind d) { return kDecisions[static_cast<size_t>(d)]; }

Usage& Usage::operator+=(const Usage& o) {
  llm_calls += o.llm_calls;
  prompt_tokens += o.prompt_tokens;
  completion_tokens += o.completion_tokens;
  cost_usd += o.cost_usd;
  return *this;
}

Expected<CurrentValues> current_values_from_json(const Json& doc, const std::string& origin) {
  if (!doc.is_object()) {
    return Error::input(fmt::format("{}: current values must be an object: {{\"field_id\": {{\"value\": ..., "
                                    "\"locked\": true}}}}", origin));
  }
  // A filled form: its `filled` object holds the values (extra members such as confidence and
  // evidence are ignored).
  if (auto it = doc.find("filled"); it != doc.end() && it->is_object() && doc.contains("template")) {
    return current_values_from_json(*it, origin);
  }
  CurrentValues out;
  for (const auto& [field, entry] : doc.items()) {
    CurrentValue cv;
    if (entry.is_object() && entry.contains("value")) {
      cv.value = entry["value"];
      if (auto it = entry.find("locked"); it != entry.end() && !it->is_null()) {
        if (!it->is_boolean()) return Error::input(fmt::format("{}: field '{}': 'locked' must be true or false", origin, field));
        cv.locked = it->get<bool>();
      }
      if (auto it = entry.find("source"); it != entry.end() && it->is_string()) cv.source = it->get<std::string>();
    } else if (entry.is_object()) {
      return Error::input(fmt::format("{}: field '{}': missing 'value'", origin, field));
    } else {
      cv.value = entry;  // shorthand: {"field": value}
    }
    if (cv.value.is_object() || (cv.value.is_array())) {
      if (!cv.value.is_array()) return Error::input(fmt::format("{}: field '{}': value must be a string, number, boolean or null", origin, field));
    }
    out[field] = std::move(cv);
  }
  return out;
}

Json to_json(const CurrentValues& values) {
  Json j = Json::object();
  for (const auto& [k, v] : values) j[k] = Json{{"value", v.value}, {"locked", v.locked}, {"source", v.source}};
  return j;
}

Json to_json(const Evidence& e) {
  Json j;
  j["transcriptSnippet"] = e.snippet;
  if (e.char_begin) j["charStart"] = *e.char_begin;
  if (e.char_end) j["charEnd"] = *e.char_end;
  if (e.start) j["start"] = util::round_to(*e.start, util::kSecondsDecimals);
  if (e.end) j["end"] = util::round_to(*e.end, util::kSecondsDecimals);
  return j;
}

std::optional<double> ItemDetails::lowest_confidence() const {
  std::optional<double> lowest;
  for (const auto& [id, c] : confidence) lowest = lowest ? std::min(*lowest, c) : c;
  return lowest;
}

Json to_json(const ItemDetails& d) {
  Json confidence = Json::object();
  for (const auto& [id, c] : d.confidence) confidence[id] = util::round_to(c, util::kConfidenceDecimals);
  Json evidence = Json::object();
  for (const auto& [id, e] : d.evidence) evidence[id] = to_json(e);
  Json j{{"confidence", confidence}, {"evidence", evidence}};
  if (!d.raw_confidence.empty()) {
    Json raw = Json::object();
    for (const auto& [id, c] : d.raw_confidence) raw[id] = util::round_to(c, util::kConfidenceDecimals);
    j["rawConfidence"] = raw;
  }
  return j;
}

Json to_json(const FilledField& f) {
  Json j;
  j["value"] = f.value;
  j["changed"] = f.changed;
  if (f.changed) j["previousValue"] = f.previous_value;
  j["source"] = f.source.empty() ? Json(nullptr) : Json(f.source);
  j["confidence"] = util::round_to(f.confidence, util::kConfidenceDecimals);
  if (f.raw_confidence) j["rawConfidence"] = util::round_to(*f.raw_confidence, util::kConfidenceDecimals);
  if (f.kept_confidence) {
    j["keptConfidence"] = util::round_to(*f.kept_confidence, util::kConfidenceDecimals);
    if (f.kept_raw) j["rawKeptConfidence"] = util::round_to(*f.kept_raw, util::kConfidenceDecimals);
  }
  if (f.evidence) j["evidence"] = to_json(*f.evidence);
  const bool records = f.value.is_array() &&
                       std::all_of(f.value.begin(), f.value.end(), [](const Json& item) { return item.is_object(); });
  if (records) {
    // A group's value (a list of objects; a carried list of strings is not one). Parallel to the
    // value, so `items[i]` always describes `value[i]`.
    j["items"] = Json::array();
    for (size_t i = 0; i < f.value.size(); ++i) j["items"].push_back(to_json(i < f.items.size() ? f.items[i] : ItemDetails{}));
  }
  if (f.locked) j["locked"] = true;
  if (f.reviewed) j["reviewed"] = true;
  return j;
}

Json to_json(const Issue& i) {
  Json j{{"field", i.field}, {"type", to_string(i.type)}, {"detail", i.detail}, {"action", to_string(i.action)}};
  if (!i.question.empty()) j["question"] = i.question;
  return j;
}

Json to_json(const Decision& d) {
  return Json{{"field", d.field}, {"decision", to_string(d.decision)}, {"reason", d.reason}};
}

Json to_json(const StageTiming& s) {
  Json j{{"stage", s.stage}, {"ms", util::round_to(s.ms, util::kMillisecondsDecimals)}, {"ok", s.ok}};
  if (s.calls) j["calls"] = *s.calls;
  if (!s.error.empty()) j["error"] = s.error;
  if (!s.warning.empty()) j["warning"] = s.warning;
  return j;
}

Json to_json(const Usage& u) {
  return Json{{"llmCalls", u.llm_calls}, {"promptTokens", u.prompt_tokens},
              {"completionTokens", u.completion_tokens}, {"costUsd", util::round_to(u.cost_usd, util::kUsdDecimals)}};
}

Expected<Evidence> evidence_from_json(const Json& doc) {
  if (!doc.is_object()) return Error::input("evidence must be an object");
  Evidence e;
  e.snippet = string_member(doc, "transcriptSnippet");
  if (auto it = doc.find("charStart"); it != doc.end() && it->is_number_unsigned()) e.char_begin = it->get<size_t>();
  if (auto it = doc.find("charEnd"); it != doc.end() && it->is_number_unsigned()) e.char_end = it->get<size_t>();
  if (auto it = doc.find("start"); it != doc.end() && it->is_number()) e.start = it->get<double>();
  if (auto it = doc.find("end"); it != doc.end() && it->is_number()) e.end = it->get<double>();
  return e;
}

Expected<ItemDetails> item_details_from_json(const Json& doc) {
  if (!doc.is_object()) return Error::input("an item's details must be an object with 'confidence' and 'evidence'");
  ItemDetails d;
  if (auto it = doc.find("confidence"); it != doc.end() && it->is_object()) {
    for (const auto& [id, c] : it->items())
      if (c.is_number()) d.confidence[id] = c.get<double>();
  }
  if (auto it = doc.find("rawConfidence"); it != doc.end() && it->is_object()) {
    for (const auto& [id, c] : it->items())
      if (c.is_number()) d.raw_confidence[id] = c.get<double>();
  }
  if (auto it = doc.find("evidence"); it != doc.end() && it->is_object()) {
    for (const auto& [id, e] : it->items()) {
      auto ev = evidence_from_json(e);
      if (!ev) return Error::input(fmt::format("evidence of '{}': {}", id, ev.error().message));
      d.evidence[id] = *ev;
    }
  }
  return d;
}

Expected<FilledField> filled_field_from_json(const Json& doc) {
  if (!doc.is_object() || !doc.contains("value")) return Error::input("a filled field must be an object with 'value'");
  FilledField f;
  f.value = doc["value"];
  if (auto it = doc.find("changed"); it != doc.end() && it->is_boolean()) f.changed = it->get<bool>();
  if (auto it = doc.find("previousValue"); it != doc.end()) f.previous_value = *it;
  f.source = string_member(doc, "source");
  if (auto it = doc.find("locked"); it != doc.end() && it->is_boolean()) f.locked = it->get<bool>();
  if (auto it = doc.find("confidence"); it != doc.end() && it->is_number()) f.confidence = it->get<double>();
  if (auto it = doc.find("rawConfidence"); it != doc.end() && it->is_number()) f.raw_confidence = it->get<double>();
  if (auto it = doc.find("keptConfidence"); it != doc.end() && it->is_number()) f.kept_confidence = it->get<double>();
  if (auto it = doc.find("rawKeptConfidence"); it != doc.end() && it->is_number()) f.kept_raw = it->get<double>();
  if (auto it = doc.find("evidence"); it != doc.end() && it->is_object()) {
    auto e = evidence_from_json(*it);
    if (!e) return e.error();
    f.evidence = *e;
  }
  if (auto it = doc.find("reviewed"); it != doc.end() && it->is_boolean()) f.reviewed = it->get<bool>();
  if (auto it = doc.find("items"); it != doc.end() && it->is_array()) {
    for (const auto& item : *it) {
      auto d = item_details_from_json(item);
      if (!d) return d.error();
      f.items.push_back(std::move(*d));
    }
  }
  return f;
}

Expected<Issue> issue_from_json(const Json& doc) {
  if (!doc.is_object()) return Error::input("an issue must be an object");
  Issue i;
  i.field = string_member(doc, "field");
  i.detail = string_member(doc, "detail");
  i.question = string_member(doc, "question");
  auto t = parse_enum<IssueType>(kIssueTypes, string_member(doc, "type"));
  auto a = parse_enum<IssueAction>(kIssueActions, string_member(doc, "action"));
  if (!t) return Error::input(fmt::format("issue type '{}' is unknown", string_member(doc, "type")));
  if (!a) return Error::input(fmt::format("issue action '{}' is unknown", string_member(doc, "action")));
  i.type = *t;
  i.action = *a;
  return i;
}

Expected<Decision> decision_from_json(const Json& doc) {
  if (!doc.is_object()) return Error::input("a decision must be an object");
  Decision d;
  d.field = string_member(doc, "field");
  d.reason = string_member(doc, "reason");
  auto k = parse_enum<DecisionKind>(kDecisions, string_member(doc, "decision"));
  if (!k) return Error::input(fmt::format("decision '{}' is unknown", string_member(doc, "decision")));
  d.decision = *k;
  return d;
}

Expected<StageTiming> stage_timing_from_json(const Json& doc) {
  if (!doc.is_object()) return Error::input("a stage must be an object");
  StageTiming s;
  s.stage = string_member(doc, "stage");
  if (auto it = doc.find("ms"); it != doc.end() && it->is_number()) s.ms = it->get<double>();
  if (auto it = doc.find("ok"); it != doc.end() && it->is_boolean()) s.ok = it->get<bool>();
  if (auto it = doc.find("calls"); it != doc.end() && it->is_number_integer()) s.calls = it->get<int>();
  s.error = string_member(doc, "error");
  s.warning = string_member(doc, "warning");
  return s;
}

Expected<Usage> usage_from_json(const Json& doc) {
  if (!doc.is_object()) return Error::input("usage must be an object");
  Usage u;
  u.llm_calls = doc.value("llmCalls", 0);
  u.prompt_tokens = doc.value("promptTokens", 0L);
  u.completion_tokens = doc.value("completionTokens", 0L);
  u.cost_usd = doc.value("costUsd", 0.0);
  return u;
}

}  // namespace invox
