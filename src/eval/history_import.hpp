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

// Adds the dataset's history examples to `store` through the one import path
// (import_history_files, limited to the dataset's templates). A file that cannot be read or is
// for a template the dataset does not have is a Config error naming it: an evaluation must not
// run on a history other than the one asked for.
[[nodiscard]] Expected<HistoryImport> import_history(HistoryStore& store, const Dataset& dataset);

}  // namespace invox::eval
