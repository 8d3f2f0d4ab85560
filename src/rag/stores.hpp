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

// What every back end does before writing a batch (outside its lock: embedding goes over the
// network): validates each example, then gives the unit-length vector of each example's
// embedding input (empty vectors without an embedder).
[[nodiscard]] Expected<std::vector<std::vector<float>>> prepare_batch(Embedder* embedder,
                                                                      const std::vector<HistoryExample>& examples);
// Unit-length vector for a retrieval query; empty without an embedder (lexical ranking only).
[[nodiscard]] Expected<std::vector<float>> query_vector(Embedder* embedder, const std::string& template_id,
                                                        const std::string& transcript);


}  // namespace invox::rag
