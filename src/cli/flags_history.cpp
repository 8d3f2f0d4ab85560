#include "cli/flags_history.hpp"

#include "cli/command.hpp"

namespace invox::cli {

void add_history_flags(CLI::App& app, HistoryFlags& f) {
  app.add_option("--history", f.history, "History store for few-shot examples: SQLite path or postgres:// URL");
  app.add_option("--embed", f.embed, "Embedding model for dense retrieval (e.g. openai:text-embedding-3-large)");
  app.add_flag("--learn", f.learn, "Add every complete result to the history store");
}

std::optional<HistoryOptions> apply_history_flags(const HistoryFlags& f, PipelineOptions& pipeline) {
  if (f.history.empty() && f.embed.empty() && !f.learn) return std::nullopt;
  // Issue 8 replaces this: the history store does not exist yet, so asking for it is refused
  // instead of silently running zero-shot.
  (void)pipeline;
  fail(Error::unsupported("--history/--embed/--learn: the history store is not implemented yet"));
}

}  // namespace invox::cli
