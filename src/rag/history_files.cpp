#include "rag/history_files.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "util/file_io.hpp"

namespace invox::rag {

namespace fs = std::filesystem;

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

Expected<HistoryExample> load_history_example(const fs::path& path, const Template* tmpl,
                                              std::vector<std::string>* dropped) {
  auto doc = util::read_json_file(path);
  if (!doc) return Error::input(doc.error().message);
  auto ex = history_example_from_json(*doc, path.string());
  if (!ex) return ex.error();
  if (!tmpl) return ex;
  if (ex->template_id != tmpl->id)
    return Error::input(fmt::format("{}: the example is for template '{}', not '{}'", path.string(), ex->template_id,
                                    tmpl->id));
  Json kept = Json::object();
  for (const auto& [field, value] : ex->expected.items()) {
    if (tmpl->find(field)) kept[field] = value;
    else if (dropped) dropped->push_back(field);
  }
  ex->expected = std::move(kept);
  return ex;
}

}  // namespace invox::rag
