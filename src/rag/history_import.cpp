// Importing example files into a history store (include/invox/history.hpp): reading, checking
// against the allowed templates, and one add_batch, whose content-hash key is the only
// de-duplication rule (docs/HISTORY.md).
#include <fmt/format.h>

#include <algorithm>

#include "invox/history.hpp"
#include "util/file_io.hpp"
#include "util/strings.hpp"

namespace invox {

namespace fs = std::filesystem;

namespace {

const Template* find_template(const HistoryImportOptions& options, const std::string& id) {
  for (const Template* t : options.templates) {
    if (t && t->id == id) return t;
  }
  return nullptr;
}

std::string template_ids(const HistoryImportOptions& options) {
  std::vector<std::string> ids;
  for (const Template* t : options.templates) {
    if (t) ids.push_back("'" + t->id + "'");
  }
  return util::join(ids, ", ");
}

// Checks the example's template and keeps only the fields it has (naming the dropped ones).
Status fit_to_templates(HistoryExample& ex, const std::string& origin, const HistoryImportOptions& options,
                        std::vector<std::string>& warnings) {
  if (options.templates.empty()) {
    if (options.template_id.empty() || ex.template_id == options.template_id) return ok();
    return Error::input(
        fmt::format("{}: the example is for template '{}', not '{}'", origin, ex.template_id, options.template_id));
  }
  const Template* tmpl = find_template(options, ex.template_id);
  if (!tmpl) {
    const char* which = options.templates.size() == 1 ? "not" : "not one of";
    return Error::input(
        fmt::format("{}: the example is for template '{}', {} {}", origin, ex.template_id, which, template_ids(options)));
  }
  Json kept = Json::object();
  for (const auto& [field, value] : ex.expected.items()) {
    if (tmpl->find(field)) kept[field] = value;
    else warnings.push_back(fmt::format("{}: field '{}' is not in template '{}'; dropped", origin, field, tmpl->id));
  }
  ex.expected = std::move(kept);
  return ok();
}

}  // namespace

Expected<std::vector<fs::path>> history_files_in(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Error::config(fmt::format("{}: not a directory", dir.string()));
  fs::path root = dir;
  if (fs::is_directory(dir / "history", ec) && fs::is_directory(dir / "templates", ec)) root = dir / "history";
  std::vector<fs::path> files;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".json") files.push_back(it->path());
  }
  if (ec) return Error::config(fmt::format("{}: cannot list: {}", root.string(), ec.message()));
  std::sort(files.begin(), files.end());
  return files;
}

Expected<HistoryImport> import_history_files(HistoryStore& store, const std::vector<fs::path>& files,
                                             const HistoryImportOptions& options) {
  HistoryImport result;
  std::vector<HistoryExample> examples;
  for (const auto& file : files) {
    const std::string origin = file.string();
    auto doc = util::read_json_file(file);
    if (!doc) {
      result.failed.push_back(Error::input(doc.error().message));
      continue;
    }
    auto ex = history_example_from_json(*doc, origin);
    if (!ex) {
      result.failed.push_back(ex.error());
      continue;
    }
    if (auto fits = fit_to_templates(*ex, origin, options, result.warnings); !fits) {
      result.failed.push_back(fits.error());
      continue;
    }
    examples.push_back(std::move(*ex));
  }
  if (examples.empty()) return result;
  auto added = store.add_batch(examples);
  if (!added) return added.error();
  for (const auto& r : *added) ++(r.inserted ? result.added : result.already_stored);
  return result;
}

}  // namespace invox
