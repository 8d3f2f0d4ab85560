#include "support/output_schema.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace invox::test {

namespace {

using Problems = std::vector<std::string>;

bool one_of(const std::string& s, std::initializer_list<const char*> allowed) {
  return std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return s == a; });
}

// Checks that `obj` is an object whose keys are all in required ∪ optional and that every
// required key is present.
void check_keys(const Json& obj, const std::string& where, std::initializer_list<const char*> required,
                std::initializer_list<const char*> optional, Problems& out) {
  if (!obj.is_object()) {
    out.push_back(where + ": expected an object");
    return;
  }
  for (const char* k : required) {
    if (!obj.contains(k)) out.push_back(where + ": missing '" + k + "'");
  }
  for (const auto& [k, v] : obj.items()) {
    if (!one_of(k, required) && !one_of(k, optional)) out.push_back(where + ": unexpected key '" + k + "'");
  }
}

void expect(bool ok, const std::string& where, const char* what, Problems& out) {
  if (!ok) out.push_back(where + ": expected " + what);
}

// Member or null: the checks read documents that may lack any key (const operator[] must not).
const Json& get(const Json& obj, const std::string& key) {
  static const Json kNull;
  if (!obj.is_object()) return kNull;
  auto it = obj.find(key);
  return it == obj.end() ? kNull : *it;
}

bool is_count(const Json& v) { return v.is_number_integer() && v.get<long long>() >= 0; }

bool is_probability(const Json& v) { return v.is_number() && v.get<double>() >= 0.0 && v.get<double>() <= 1.0; }

bool digits(const std::string& s, size_t pos, size_t n) {
  for (size_t i = pos; i < pos + n; ++i) {
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}

// The normalized form of each field type (DESIGN.md "Field types and their normalized form").
bool has_normalized_type(const Json& v, const Field& f) {
  if (v.is_null()) return true;
  switch (f.type) {
    case FieldType::Text:
    case FieldType::Textarea:
      return v.is_string();
    case FieldType::Number:
      return v.is_number();
    case FieldType::Boolean:
      return v.is_boolean();
    case FieldType::Date: {
      if (!v.is_string()) return false;
      const auto s = v.get<std::string>();
      return s.size() == 10 && digits(s, 0, 4) && s[4] == '-' && digits(s, 5, 2) && s[7] == '-' && digits(s, 8, 2);
    }
    case FieldType::Time: {
      if (!v.is_string()) return false;
      const auto s = v.get<std::string>();
      return s.size() == 5 && digits(s, 0, 2) && s[2] == ':' && digits(s, 3, 2);
    }
    case FieldType::Enum:
      return v.is_string() && std::find(f.options.begin(), f.options.end(), v.get<std::string>()) != f.options.end();
    case FieldType::Group:
      // A list of objects, each naming every sub-field in its own normalized form.
      if (!v.is_array()) return false;
      for (const auto& item : v) {
        if (!item.is_object()) return false;
        for (const auto& sub : f.fields) {
          if (!item.contains(sub.id) || !has_normalized_type(item[sub.id], sub)) return false;
        }
      }
      return true;
  }
  return false;
}

void check_filled_field(const Json& f, const std::string& where, const Field* field, Problems& out) {
  check_keys(f, where, {"value", "changed", "source", "confidence"},
             {"previousValue", "rawConfidence", "keptConfidence", "rawKeptConfidence", "evidence", "locked", "reviewed",
              "items"},
             out);
  if (!f.is_object()) return;
  if (f.contains("locked")) expect(get(f, "locked").is_boolean(), where + ".locked", "true or false", out);
  expect(!f.contains("value") || !get(f, "value").is_object(), where + ".value", "a scalar, string, list or null", out);
  if (field && f.contains("value") && !has_normalized_type(get(f, "value"), *field)) {
    out.push_back(where + ".value: not the normalized form of a " + std::string(to_string(field->type)) + " field");
  }
  if (f.contains("changed")) {
    expect(get(f, "changed").is_boolean(), where + ".changed", "true or false", out);
    // previousValue is present exactly when the value changed.
    if (get(f, "changed").is_boolean() && get(f, "changed").get<bool>() != f.contains("previousValue")) {
      out.push_back(where + ": 'previousValue' must be present exactly when 'changed' is true");
    }
  }
  if (f.contains("reviewed")) expect(get(f, "reviewed") == true, where + ".reviewed", "true (written only when set)", out);
  if (f.contains("source")) expect(get(f, "source").is_string() || get(f, "source").is_null(), where + ".source", "a string or null", out);
  if (f.contains("confidence")) expect(is_probability(get(f, "confidence")), where + ".confidence", "a number in [0, 1]", out);
  for (const char* k : {"keptConfidence", "rawKeptConfidence"})
    if (f.contains(k)) expect(is_probability(get(f, k)), where + "." + k, "a number in [0, 1]", out);
  // A kept probability belongs to a field this run did not set.
  if (f.contains("keptConfidence") && f.contains("changed") && get(f, "changed") == true)
    out.push_back(where + ": 'keptConfidence' on a value this run changed");
  if (auto it = f.find("evidence"); it != f.end()) {
    check_keys(*it, where + ".evidence", {"transcriptSnippet"}, {"start", "end", "charStart", "charEnd"}, out);
    if (it->is_object()) {
      expect(get(*it, "transcriptSnippet").is_string(), where + ".evidence.transcriptSnippet", "a string", out);
      for (const char* k : {"start", "end"}) {
        if (it->contains(k)) expect(get(*it, k).is_number() && get(*it, k).get<double>() >= 0, where + ".evidence." + k, "seconds >= 0", out);
      }
      for (const char* k : {"charStart", "charEnd"}) {
        if (it->contains(k)) expect(is_count(get(*it, k)), where + ".evidence." + k, "a byte offset", out);
      }
    }
  }
}

// The `run` object both outputs carry: where the output came from (DESIGN.md "Outputs").
void check_run(const Json& doc, Problems& out) {
  auto it = doc.find("run");
  if (it == doc.end()) return;
  check_keys(*it, "run", {"invox", "input", "referenceDate", "timezone", "locale", "createdAt", "settings"}, {}, out);
  if (!it->is_object()) return;
  for (const auto& [k, v] : it->items()) expect(v.is_string(), "run." + k, "a string", out);
  const Json& created = get(*it, "createdAt");
  expect(created.is_string() && created.get<std::string>().size() == 20 && created.get<std::string>().back() == 'Z',
         "run.createdAt", "a UTC time such as 2026-03-14T09:30:00Z", out);
}

}  // namespace

std::vector<std::string> check_filled_shape(const Json& doc, const Template* tmpl) {
  Problems out;
  check_keys(doc, "filled.json", {"template", "strategy", "model", "transcript", "filled"}, {"run"}, out);
  if (!doc.is_object()) return out;
  check_run(doc, out);
  for (const char* k : {"template", "strategy", "model", "transcript"}) {
    if (doc.contains(k)) expect(get(doc, k).is_string(), k, "a string", out);
  }
  if (doc.contains("strategy") && get(doc, "strategy").is_string()) {
    expect(one_of(get(doc, "strategy").get<std::string>(), {"S1", "S2", "S3", "S4"}), "strategy", "one of S1..S4", out);
  }
  if (!doc.contains("filled")) return out;
  const Json& filled = get(doc, "filled");
  if (!filled.is_object()) {
    out.push_back("filled: expected an object");
    return out;
  }
  if (tmpl) {
    if (doc.contains("template") && get(doc, "template") != tmpl->id) out.push_back("template: not the template's id");
    std::vector<std::string> ids;
    for (const auto& [id, v] : filled.items()) ids.push_back(id);
    std::vector<std::string> expected;
    for (const auto& f : tmpl->fields) expected.push_back(f.id);
    if (ids != expected) out.push_back("filled: must hold every template field, in template order");
  }
  for (const auto& [id, f] : filled.items()) check_filled_field(f, "filled." + id, tmpl ? tmpl->find(id) : nullptr, out);
  return out;
}

std::vector<std::string> check_report_shape(const Json& doc) {
  Problems out;
  check_keys(doc, "report.json", {"status", "confidence", "issues", "decisions", "stages", "usage"},
             {"error", "template", "run", "review", "keptConfidence"}, out);
  if (!doc.is_object()) return out;
  check_run(doc, out);
  if (doc.contains("template")) expect(get(doc, "template").is_string(), "template", "a string", out);
  if (doc.contains("status")) {
    expect(get(doc, "status").is_string() && one_of(get(doc, "status").get<std::string>(), {"complete", "needs_review", "failed"}),
           "status", "complete | needs_review | failed", out);
  }
  if (doc.contains("error")) expect(get(doc, "error").is_string(), "error", "a string", out);
  for (const char* key : {"confidence", "keptConfidence"}) {
    auto it = doc.find(key);
    if (it == doc.end()) continue;
    expect(it->is_object(), key, "an object", out);
    if (it->is_object()) {
      for (const auto& [id, c] : it->items())
        expect(is_probability(c), std::string(key) + "." + id, "a number in [0, 1]", out);
    }
  }
  const auto each = [&](const char* key, auto&& check) {
    auto it = doc.find(key);
    if (it == doc.end()) return;
    if (!it->is_array()) {
      out.push_back(std::string(key) + ": expected a list");
      return;
    }
    for (size_t i = 0; i < it->size(); ++i) check((*it)[i], std::string(key) + "[" + std::to_string(i) + "]");
  };
  each("issues", [&](const Json& i, const std::string& w) {
    check_keys(i, w, {"field", "type", "detail", "action"}, {"question"}, out);
    if (!i.is_object()) return;
    if (i.contains("question")) {
      expect(get(i, "question").is_string() && !get(i, "question").get<std::string>().empty(), w + ".question",
             "a non-empty string", out);
      expect(get(i, "action") == "clarify", w + ".question", "only on clarify issues", out);
    }
    expect(get(i, "field").is_string(), w + ".field", "a string", out);
    expect(get(i, "detail").is_string(), w + ".detail", "a string", out);
    expect(get(i, "type").is_string() &&
               one_of(get(i, "type").get<std::string>(), {"missing", "conflict", "low_conf", "invalid", "ambiguous"}),
           w + ".type", "missing | conflict | low_conf | invalid | ambiguous", out);
    expect(get(i, "action").is_string() && one_of(get(i, "action").get<std::string>(), {"requery", "clarify", "manual_review"}),
           w + ".action", "requery | clarify | manual_review", out);
  });
  each("decisions", [&](const Json& d, const std::string& w) {
    check_keys(d, w, {"field", "decision", "reason"}, {}, out);
    if (!d.is_object()) return;
    expect(get(d, "field").is_string(), w + ".field", "a string", out);
    expect(get(d, "reason").is_string(), w + ".reason", "a string", out);
    expect(get(d, "decision").is_string() &&
               one_of(get(d, "decision").get<std::string>(), {"model_a", "model_b", "merge", "keep_current"}),
           w + ".decision", "model_a | model_b | merge | keep_current", out);
  });
  each("stages", [&](const Json& s, const std::string& w) {
    check_keys(s, w, {"stage", "ms", "ok"}, {"calls", "error", "warning"}, out);
    if (!s.is_object()) return;
    expect(get(s, "stage").is_string(), w + ".stage", "a string", out);
    expect(get(s, "ms").is_number() && get(s, "ms").get<double>() >= 0, w + ".ms", "milliseconds >= 0", out);
    expect(get(s, "ok").is_boolean(), w + ".ok", "true or false", out);
    if (s.contains("calls")) expect(is_count(get(s, "calls")), w + ".calls", "a count", out);
    if (s.contains("error")) expect(get(s, "error").is_string(), w + ".error", "a string", out);
    if (s.contains("warning")) expect(get(s, "warning").is_string(), w + ".warning", "a string", out);
  });
  if (auto it = doc.find("usage"); it != doc.end()) {
    check_keys(*it, "usage", {"llmCalls", "promptTokens", "completionTokens", "costUsd"}, {}, out);
    if (it->is_object()) {
      for (const char* k : {"llmCalls", "promptTokens", "completionTokens"}) {
        if (it->contains(k)) expect(is_count(get(*it, k)), std::string("usage.") + k, "a count", out);
      }
      if (it->contains("costUsd")) {
        expect(get(*it, "costUsd").is_number() && get(*it, "costUsd").get<double>() >= 0, "usage.costUsd", "a number >= 0", out);
      }
    }
  }
  if (auto it = doc.find("review"); it != doc.end()) {  // written by `invox review`
    check_keys(*it, "review", {"by", "at", "changes"}, {}, out);
    if (it->is_object()) {
      expect(get(*it, "by").is_string(), "review.by", "a string", out);
      expect(get(*it, "at").is_string(), "review.at", "an ISO 8601 time", out);
      const Json& changes = get(*it, "changes");
      expect(changes.is_array(), "review.changes", "a list", out);
      for (size_t i = 0; changes.is_array() && i < changes.size(); ++i) {
        const std::string w = "review.changes[" + std::to_string(i) + "]";
        check_keys(changes[i], w, {"field", "from", "to"}, {"action", "by", "at"}, out);
      }
    }
  }
  return out;
}

std::vector<std::string> check_transcript_shape(const Json& doc) {
  Problems out;
  check_keys(doc, "transcript.json", {"transcript", "language", "durationInSeconds", "segments"}, {}, out);
  if (!doc.is_object()) return out;
  if (doc.contains("transcript")) expect(get(doc, "transcript").is_string(), "transcript", "a string", out);
  if (doc.contains("language")) expect(get(doc, "language").is_string(), "language", "a string", out);
  if (doc.contains("durationInSeconds")) {
    expect(get(doc, "durationInSeconds").is_number() && get(doc, "durationInSeconds").get<double>() >= 0, "durationInSeconds",
           "seconds >= 0", out);
  }
  if (auto it = doc.find("segments"); it != doc.end()) {
    if (!it->is_array()) {
      out.push_back("segments: expected a list");
      return out;
    }
    for (size_t i = 0; i < it->size(); ++i) {
      const std::string w = "get(segments, " + std::to_string(i) + ")";
      const Json& s = (*it)[i];
      check_keys(s, w, {"start", "end", "text", "confidence"}, {}, out);
      if (!s.is_object()) continue;
      expect(get(s, "text").is_string(), w + ".text", "a string", out);
      expect(get(s, "start").is_number() && get(s, "end").is_number() && get(s, "start").get<double>() <= get(s, "end").get<double>(),
             w, "numbers with start <= end", out);
      expect(is_probability(get(s, "confidence")), w + ".confidence", "a number in [0, 1]", out);
    }
  }
  return out;
}

}  // namespace invox::test
