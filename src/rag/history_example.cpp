// Reading history examples from the three JSON shapes users have at hand, and from a
// finished fill (`--learn`).
#include <fmt/format.h>

#include <cstdlib>

#include "invox/history.hpp"

namespace invox {

namespace {

Expected<std::string> required_string(const Json& doc, const char* key, const std::string& origin) {
  if (!doc.contains(key) || !doc[key].is_string() || doc[key].get<std::string>().empty())
    return Error::input(fmt::format("{}: '{}' must be a non-empty string", origin, key));
  return doc[key].get<std::string>();
}

// `<stem>.filled.json`: filled.<field>.value, and the evidence snippet when present.
Expected<HistoryExample> from_filled_form(const Json& doc, const std::string& origin) {
  HistoryExample ex;
  auto tmpl = required_string(doc, "template", origin);
  if (!tmpl) return tmpl.error();
  auto transcript = required_string(doc, "transcript", origin);
  if (!transcript) return transcript.error();
  ex.template_id = *tmpl;
  ex.transcript = *transcript;
  ex.expected = Json::object();
  ex.evidence = Json::object();
  if (!doc["filled"].is_object()) return Error::input(fmt::format("{}: 'filled' must be an object", origin));
  for (const auto& [field, entry] : doc["filled"].items()) {
    if (!entry.is_object() || !entry.contains("value"))
      return Error::input(fmt::format("{}: filled.{} has no 'value'", origin, field));
    ex.expected[field] = entry["value"];
    if (entry.contains("evidence") && entry["evidence"].is_object() &&
        entry["evidence"].value("transcriptSnippet", "") != "")
      ex.evidence[field] = entry["evidence"]["transcriptSnippet"];
  }
  return ex;
}

}  // namespace

std::filesystem::path default_history_path() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') {
    return std::filesystem::path(xdg) / "invox" / "history.sqlite";
  }
  const char* home = std::getenv("HOME");
  const std::filesystem::path base = home && *home ? home : ".";
  return base / ".local" / "share" / "invox" / "history.sqlite";
}

Expected<HistoryExample> history_example_from_json(const Json& doc, const std::string& origin) {
  if (!doc.is_object()) return Error::input(fmt::format("{}: a history example must be a JSON object", origin));
  if (doc.contains("filled")) return from_filled_form(doc, origin);
  HistoryExample ex;
  // History files say "templateId"; dataset cases say "template".
  const char* tkey = doc.contains("templateId") ? "templateId" : "template";
  auto tmpl = required_string(doc, tkey, origin);
  if (!tmpl) return Error::input(fmt::format("{}: needs 'templateId' (history file), 'template' and 'expected' "
                                             "(dataset case) or 'filled' (a .filled.json output)", origin));
  auto transcript = required_string(doc, "transcript", origin);
  if (!transcript) return transcript.error();
  if (!doc.contains("expected") || !doc["expected"].is_object())
    return Error::input(fmt::format("{}: 'expected' must be an object of field id -> value", origin));
  ex.template_id = *tmpl;
  ex.transcript = *transcript;
  ex.expected = doc["expected"];
  ex.evidence = Json::object();
  if (doc.contains("evidence")) {
    if (!doc["evidence"].is_object())
      return Error::input(fmt::format("{}: 'evidence' must be an object of field id -> snippet", origin));
    ex.evidence = doc["evidence"];
  }
  return ex;
}

HistoryExample history_example_from_form(const FilledForm& form) {
  HistoryExample ex;
  ex.template_id = form.template_id;
  ex.transcript = form.transcript;
  ex.expected = Json::object();
  ex.evidence = Json::object();
  for (const auto& [field, filled] : form.filled) {
    ex.expected[field] = filled.value;
    if (filled.evidence && !filled.evidence->snippet.empty()) ex.evidence[field] = filled.evidence->snippet;
  }
  return ex;
}

}  // namespace invox
