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

// What every back end shares: one add is a batch of one; a batch is validated and embedded
// before the back end writes it (outside its lock: embedding goes over the network); a
// retrieval clamps k and embeds its query before the back end ranks.
class StoreBase : public HistoryStore {
 public:
  explicit StoreBase(std::shared_ptr<Embedder> embedder) : embedder_(std::move(embedder)) {}

  Expected<long long> add(const HistoryExample& example) final;
  Expected<std::vector<AddResult>> add_batch(const std::vector<HistoryExample>& examples) final;
  Expected<std::vector<FewShot>> retrieve(const Template& tmpl, const std::string& transcript,
                                          const RetrievalOptions& options) final;

 protected:
  // Writes valid examples in one transaction; vectors[i] is examples[i]'s unit-length vector
  // (empty without an embedder).
  [[nodiscard]] virtual Expected<std::vector<AddResult>> write_batch(
      const std::vector<HistoryExample>& examples, const std::vector<std::vector<float>>& vectors) = 0;
  // Up to k (1..5) examples of `tmpl` for `transcript`; `query` is empty without an embedder.
  [[nodiscard]] virtual Expected<std::vector<FewShot>> rank(const Template& tmpl, const std::string& transcript,
                                                            int k, const std::vector<float>& query,
                                                            const RetrievalOptions& options) = 0;

  std::shared_ptr<Embedder> embedder_;
};


}  // namespace invox::rag
