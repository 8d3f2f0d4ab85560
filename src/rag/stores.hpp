#pragma once
// Back-end constructors behind open_history_store().
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "invox/history.hpp"

namespace invox::rag {

[[nodiscard]] Expected<std::shared_ptr<HistoryStore>> open_sqlite_history(const std::filesystem::path& path,
                                                                          std::shared_ptr<Embedder> embedder);
[[nodiscard]] Expected<std::shared_ptr<HistoryStore>> open_postgres_history(const std::string& url,
                                                                            std::shared_ptr<Embedder> embedder,
                                                                            const HistoryOptions& options);

// Rejects examples a store must not keep (no template id, empty transcript, non-object values).
[[nodiscard]] Status validate_example(const HistoryExample& example);

// Unit-length vectors for each example's embedding input (empty vectors without an embedder).
[[nodiscard]] Expected<std::vector<std::vector<float>>> embed_examples(Embedder* embedder,
                                                                       const std::vector<HistoryExample>& examples);
// Unit-length vector for a retrieval query.
[[nodiscard]] Expected<std::vector<float>> embed_query(Embedder& embedder, const std::string& template_id,
                                                       const std::string& transcript);

// The current UTC time as ISO 8601 ("2026-03-14T09:30:00Z").
[[nodiscard]] std::string utc_now_iso8601();

}  // namespace invox::rag
