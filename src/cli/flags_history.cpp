#include "cli/flags_history.hpp"

#include "cli/command.hpp"
#include "cli/validators.hpp"

namespace invox::cli {

void add_history_store_flags(CLI::App& app, HistoryFlags& f) {
  app.add_option("--history", f.history,
                 "History store of past examples for few-shots: SQLite file or postgres:// URL "
                 "('default': $XDG_DATA_HOME/invox/history.sqlite)")
      ->envname("INVOX_HISTORY");
  app.add_option("--embed", f.embed,
                 "Embedding model for dense + lexical (hybrid) retrieval, e.g. openai:text-embedding-3-large "
                 "or openai-compatible:NAME@URL")
      ->envname("INVOX_EMBED");
  app.add_option("--embed-dimensions", f.embed_dimensions, "Shortened embedding size (text-embedding-3 models)")
      ->check(at_least(1));
}

void add_history_flags(CLI::App& app, HistoryFlags& f) {
  add_history_store_flags(app, f);
  app.add_flag("--learn", f.learn, "Add every complete result to the history store");
}

HistoryOptions history_store_options(const HistoryFlags& f) {
  HistoryOptions o;
  o.location = f.history == kDefaultHistory ? "" : f.history;  // empty = default data-dir file
  o.embed_model = f.embed;
  o.embed_dimensions = f.embed_dimensions;
  return o;
}

std::optional<HistoryOptions> apply_history_flags(const HistoryFlags& f, PipelineOptions& pipeline) {
  pipeline.learn = f.learn;
  // Retrieval is opt-in: a forgotten store file must not silently change what a fill does.
  if (f.history.empty() && f.embed.empty() && !f.learn) return std::nullopt;
  return history_store_options(f);
}

}  // namespace invox::cli
