#include "eval/history_import.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

namespace invox::eval {

namespace fs = std::filesystem;

HistoryOptions history_options_for(const std::string& dir_or_store) {
  HistoryOptions o;
  std::error_code ec;
  const bool is_url = dir_or_store.find("://") != std::string::npos;
  if (!is_url && (fs::is_directory(dir_or_store, ec) || (!dir_or_store.empty() && dir_or_store.back() == '/'))) {
    fs::create_directories(dir_or_store, ec);
    o.location = (fs::path(dir_or_store) / "history.sqlite").string();
  } else {
    o.location = dir_or_store;
  }
  return o;
}

Expected<HistoryImport> import_history(HistoryStore& store, const Dataset& dataset) {
  HistoryImport result;
  std::map<std::string, std::set<std::string>> present;  // template -> stored transcripts
  for (const auto& file : dataset.history_files) {
    auto ex = load_history_example(file);
    if (!ex) return Error::config(ex.error().message);
    if (!dataset.find_template(ex->template_id)) {
      return Error::config(fmt::format("{}: template '{}' is not in {}/templates", file.string(), ex->template_id,
                                       dataset.root.string()));
    }
    if (!present.count(ex->template_id)) {
      auto listed = store.list(ex->template_id);
      if (!listed) return listed.error();
      auto& set = present[ex->template_id];
      for (const auto& stored : *listed) set.insert(stored.transcript);
    }
    if (!present[ex->template_id].insert(ex->transcript).second) {
      ++result.already_present;
      continue;
    }
    auto id = store.add(*ex);
    if (!id) return Error{id.error().kind, fmt::format("{}: {}", file.string(), id.error().message)};
    ++result.added;
  }
  return result;
}

}  // namespace invox::eval
