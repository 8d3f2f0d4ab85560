#include "eval/dataset.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/file_io.hpp"

namespace invox::eval {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> json_files(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".json") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string string_or_empty(const Json& doc, const char* key) {
  auto it = doc.find(key);
  return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

const Template* Dataset::find_template(const std::string& id) const {
  auto it = templates.find(id);
  return it == templates.end() ? nullptr : &it->second;
}

Expected<EvalCase> parse_case(const Json& doc, const fs::path& file, const Dataset& dataset) {
  const std::string origin = file.string();
  if (!doc.is_object()) return Error::config(fmt::format("{}: a case must be a JSON object", origin));
  EvalCase c;
  c.file = file;
  c.id = string_or_empty(doc, "id");
  if (c.id.empty()) c.id = file.stem().string();
  c.template_id = string_or_empty(doc, "template");
  const Template* tmpl = dataset.find_template(c.template_id);
  if (!tmpl) {
    return Error::config(fmt::format("{}: template '{}' is not in {}/templates", origin, c.template_id,
                                     dataset.root.string()));
  }
  c.transcript = string_or_empty(doc, "transcript");
  if (c.transcript.empty()) return Error::config(fmt::format("{}: 'transcript' is missing or empty", origin));
  c.old_transcript = string_or_empty(doc, "oldTranscript");
  if (auto it = doc.find("currentValues"); it != doc.end() && !it->is_null()) {
    auto cv = current_values_from_json(*it, origin);
    if (!cv) return Error::config(cv.error().message);
    c.current = std::move(*cv);
  }
  if (const std::string audio = string_or_empty(doc, "audio"); !audio.empty()) c.audio = dataset.root / audio;
  if (auto d = string_or_empty(doc, "referenceDate"); !d.empty()) c.context.reference_date = d;
  if (auto tz = string_or_empty(doc, "timezone"); !tz.empty()) c.context.timezone = tz;
  if (auto loc = string_or_empty(doc, "locale"); !loc.empty()) c.context.locale = loc;

  auto exp = doc.find("expected");
  if (exp == doc.end() || !exp->is_object()) {
    return Error::config(fmt::format("{}: 'expected' must be an object naming every template field", origin));
  }
  for (const auto& [field, value] : exp->items()) {
    if (!tmpl->find(field)) {
      return Error::config(fmt::format("{}: expected names field '{}', which template '{}' does not have", origin,
                                       field, tmpl->id));
    }
  }
  // Scoring walks the template's fields in order, so expected is rebuilt in that order.
  c.expected = Json::object();
  for (const auto& f : tmpl->fields) {
    auto it = exp->find(f.id);
    if (it == exp->end()) {
      return Error::config(fmt::format("{}: expected has no entry for field '{}' (use null for an empty field)",
                                       origin, f.id));
    }
    c.expected[f.id] = *it;
  }
  return c;
}

Expected<Dataset> load_dataset(const fs::path& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    return Error::config(fmt::format("{}: not a dataset folder (expected templates/ and cases/ inside)", root.string()));
  }
  Dataset ds;
  ds.root = root;
  ds.name = fs::absolute(root).lexically_normal().filename().string();
  if (ds.name.empty()) ds.name = fs::absolute(root).lexically_normal().parent_path().filename().string();

  for (const auto& file : json_files(root / "templates")) {
    auto t = load_template(file);
    if (!t) return t.error();
    const std::string id = t->id;
    if (!ds.templates.emplace(id, std::move(*t)).second) {
      return Error::config(fmt::format("{}: template id '{}' is used by two files", file.string(), id));
    }
  }
  if (ds.templates.empty()) return Error::config(fmt::format("{}/templates: no templates found", root.string()));

  for (const auto& file : json_files(root / "cases")) {
    auto doc = util::read_json_file(file);
    if (!doc) return Error::config(doc.error().message);
    auto c = parse_case(*doc, file, ds);
    if (!c) return c.error();
    ds.cases.push_back(std::move(*c));
  }
  if (ds.cases.empty()) return Error::config(fmt::format("{}/cases: no cases found", root.string()));
  ds.history_files = json_files(root / "history");
  return ds;
}

}  // namespace invox::eval
