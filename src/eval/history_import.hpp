#pragma once
// `invox eval --history DIR_OR_STORE`: the dataset's history/*.json go into a history store
// that retrieval draws few-shots from. History examples are never scored, and cases are never
// added to the store, so the two stay separate.
#include <string>

#include "eval/dataset.hpp"
#include "invox/history.hpp"

namespace invox::eval {

// A folder (existing, or named with a trailing '/') holds the store as DIR/history.sqlite;
// anything else (SQLite file path, postgres:// URL) is the store itself.
[[nodiscard]] HistoryOptions history_options_for(const std::string& dir_or_store);

struct HistoryImport {
  long long added = 0;
  long long already_present = 0;  // same template and transcript already stored (re-runs)
};

// Adds every history example of the dataset to `store`, skipping ones already there.
// A malformed history file is a Config error naming it.
[[nodiscard]] Expected<HistoryImport> import_history(HistoryStore& store, const Dataset& dataset);

}  // namespace invox::eval
