#include "eval/history_import.hpp"

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
  HistoryImportOptions options;
  for (const auto& [id, tmpl] : dataset.templates) options.templates.push_back(&tmpl);
  auto imported = import_history_files(store, dataset.history_files, options);
  if (!imported) return imported.error();
  if (!imported->failed.empty()) return Error::config(imported->failed.front().message);
  return imported;
}

}  // namespace invox::eval
