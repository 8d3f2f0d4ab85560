// Chooses the back end from --history: a postgres:// URL or an SQLite file path.
#include <fmt/format.h>

#include "invox/history.hpp"
#include "invox/models.hpp"
#include "rag/stores.hpp"

namespace invox {

namespace {
bool is_postgres_url(const std::string& s) {
  return s.starts_with("postgres://") || s.starts_with("postgresql://");
}
}  // namespace

Expected<std::shared_ptr<HistoryStore>> open_history_store(const HistoryOptions& options,
                                                           const ModelServices& services) {
  std::shared_ptr<Embedder> embedder = options.embedder;
  if (!embedder && !options.embed_model.empty()) {
    auto made = make_embedder(EmbedderOptions{options.embed_model, options.embed_dimensions}, services);
    if (!made) return made.error();
    embedder = *made;
  }
  if (is_postgres_url(options.location)) return rag::open_postgres_history(options.location, embedder, options);
  std::string path = options.location;
  if (path.starts_with("sqlite:")) path = path.substr(7);
  if (path.find("://") != std::string::npos)
    return Error::config(fmt::format("--history {}: use a file path (SQLite) or a postgres:// URL", options.location));
  return rag::open_sqlite_history(path.empty() ? default_history_path() : std::filesystem::path(path), embedder);
}

}  // namespace invox
