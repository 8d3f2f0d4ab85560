#pragma once
// Retrieval (history store) flags shared by `fill`, `eval` and `history`.
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "invox/history.hpp"
#include "invox/orchestrator.hpp"

namespace invox::cli {

struct HistoryFlags {
  std::string history;  // SQLite path or postgres:// URL; "default" = the data-dir file
  std::string embed;    // embedding model
  int embed_dimensions = 0;
  bool learn = false;
};

// `--history default` names the data-dir file explicitly.
inline constexpr const char* kDefaultHistory = "default";

// --history PATH_OR_URL (also INVOX_HISTORY), --embed MODEL (INVOX_EMBED), --embed-dimensions N.
void add_history_store_flags(CLI::App& app, HistoryFlags& flags);
// The store flags plus --learn (for fill).
void add_history_flags(CLI::App& app, HistoryFlags& flags);
// Returns the store options when retrieval was asked for, nullopt for zero-shot.
[[nodiscard]] std::optional<HistoryOptions> apply_history_flags(const HistoryFlags& flags, PipelineOptions& pipeline);
// For `invox history`: always a store (the default file when --history is absent).
[[nodiscard]] HistoryOptions history_store_options(const HistoryFlags& flags);

}  // namespace invox::cli
