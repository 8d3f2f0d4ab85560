#include "invox/template_set.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/strings.hpp"

namespace invox {

namespace fs = std::filesystem;

Status TemplateSet::add(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
    }
    if (ec) return Error::config(fmt::format("--template {}: cannot list the folder ({})", path.string(), ec.message()));
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      if (auto t = load_template(file)) by_id_.insert_or_assign(t->id, std::move(*t));
    }
    return ok();
  }
  auto t = load_template(path);
  if (!t) return Error::config(t.error().message);
  by_id_.insert_or_assign(t->id, std::move(*t));
  return ok();
}

const Template* TemplateSet::find(const std::string& id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : &it->second;
}

std::string TemplateSet::ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, t] : by_id_) ids.push_back(id);
  return util::join(ids, ", ");
}

Expected<TemplateSet> load_template_set(const std::vector<fs::path>& paths) {
  TemplateSet set;
  std::vector<fs::path> sources = paths;
  std::error_code ec;
  if (sources.empty() && fs::is_directory("templates", ec)) sources.emplace_back("templates");
  for (const auto& p : sources) {
    if (auto s = set.add(p); !s) return s.error();
  }
  return set;
}

Error unknown_template(const std::string& where, const std::string& id, const TemplateSet& set) {
  const std::string known = set.empty() ? "no templates were given" : "known: " + set.ids();
  return Error::config(fmt::format("{}: template '{}' is not among the templates given ({}); pass the template "
                                   "the form was filled with: --template FILE (or a folder of templates)",
                                   where, id, known));
}

}  // namespace invox
