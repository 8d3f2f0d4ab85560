#pragma once
// Retrieval (history store) flags. The RAG work (issue 8) implements them; until then they
// are accepted by the parser and refused with a clear error when used.
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "invox/history.hpp"
#include "invox/orchestrator.hpp"

namespace invox::cli {

struct HistoryFlags {
  std::string history;  // SQLite path or postgres:// URL
  std::string embed;    // embedding model
  bool learn = false;
};

void add_history_flags(CLI::App& app, HistoryFlags& flags);
// Returns the store options when retrieval was asked for, nullopt for zero-shot.
[[nodiscard]] std::optional<HistoryOptions> apply_history_flags(const HistoryFlags& flags, PipelineOptions& pipeline);

}  // namespace invox::cli
