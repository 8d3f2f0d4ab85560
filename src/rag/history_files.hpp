#pragma once
// Reading example files for `invox history add/import`: one JSON file, or every `*.json` in
// a folder (a dataset root's `history/` folder is used when present).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "invox/history.hpp"

namespace invox::rag {

// `*.json` files of `dir` (or of `dir/history` when `dir` is a dataset root), sorted.
[[nodiscard]] Expected<std::vector<std::filesystem::path>> history_files_in(const std::filesystem::path& dir);

// Reads one example. With `tmpl`, the example must belong to it, and fields the template
// does not have are dropped (named in `dropped`).
[[nodiscard]] Expected<HistoryExample> load_history_example(const std::filesystem::path& path, const Template* tmpl,
                                                            std::vector<std::string>* dropped = nullptr);

}  // namespace invox::rag
