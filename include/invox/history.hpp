#pragma once
// Retrieval (RAG): a store of past filled examples used as few-shots.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/extractor.hpp"
#include "invox/template.hpp"

namespace invox {

struct ModelServices;

struct HistoryExample {
  long long id = 0;
  std::string template_id;
  std::string transcript;
  Json expected;  // field id -> normalized value
  Json evidence;  // optional: field id -> snippet
  std::string added_at;  // ISO 8601
};

struct HistoryStats {
  long long examples = 0;
  std::vector<std::pair<std::string, long long>> per_template;
};

struct RetrievalOptions {
  int k = 5;                        // at most 5
  size_t max_transcript_chars = 1200;
};

class HistoryStore {
 public:
  virtual ~HistoryStore() = default;
  [[nodiscard]] virtual Expected<long long> add(const HistoryExample& example) = 0;
  // Up to k examples of `tmpl` most similar to `transcript`, reshaped to tmpl's fields.
  [[nodiscard]] virtual Expected<std::vector<FewShot>> retrieve(const Template& tmpl, const std::string& transcript,
                                                                const RetrievalOptions& options) = 0;
  [[nodiscard]] virtual Expected<std::vector<HistoryExample>> list(const std::string& template_id) = 0;
  [[nodiscard]] virtual Expected<HistoryStats> stats() = 0;
  [[nodiscard]] virtual Expected<bool> remove(long long id) = 0;
};

struct HistoryOptions {
  std::string location;     // SQLite path or postgres:// URL; empty = default data-dir path
  std::string embed_model;  // empty = lexical only
};

[[nodiscard]] Expected<std::shared_ptr<HistoryStore>> open_history_store(const HistoryOptions& options,
                                                                         const ModelServices& services);

}  // namespace invox
