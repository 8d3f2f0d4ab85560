#pragma once
// Retrieval (RAG): a store of past filled examples used as few-shots.
// Back ends: an SQLite file (default) and PostgreSQL (`postgres://...`); see docs/HISTORY.md.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/extractor.hpp"
#include "invox/form.hpp"
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
  long long with_embedding = 0;  // rows carrying a dense vector (any model)
  std::string backend;           // "sqlite" or "postgres"
  std::string location;          // file path or URL without password
};

struct RetrievalOptions {
  int k = 5;                        // at most 5
  size_t max_transcript_chars = 1200;
};

// The paper's limits: at most 5 few-shots, transcripts cut to 1200 characters.
inline constexpr int kMaxRetrievedExamples = 5;

// Result of adding one example: duplicates (same template, transcript and expected values)
// are not stored twice; `inserted` is false and `id` names the existing row.
struct AddResult {
  long long id = 0;
  bool inserted = false;
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
  // Adds many examples in one transaction (and one batched embedding call per chunk).
  [[nodiscard]] virtual Expected<std::vector<AddResult>> add_batch(const std::vector<HistoryExample>& examples) {
    std::vector<AddResult> out;
    for (const auto& e : examples) {
      auto id = add(e);
      if (!id) return id.error();
      out.push_back({*id, true});
    }
    return out;
  }
};

// Turns texts into dense vectors (an OpenAI-compatible `/v1/embeddings` endpoint, or a fake).
class Embedder {
 public:
  virtual ~Embedder() = default;
  // The model as configured ("openai:text-embedding-3-large"); rows remember it so vectors of
  // different models are never compared.
  [[nodiscard]] virtual std::string name() const = 0;
  // One vector per input, in input order.
  [[nodiscard]] virtual Expected<std::vector<std::vector<float>>> embed(const std::vector<std::string>& inputs) = 0;
};

struct EmbedderOptions {
  std::string spec;     // openai:MODEL, ollama:MODEL, openai-compatible:NAME@URL
  int dimensions = 0;   // > 0: ask text-embedding-3 models for shortened vectors
  size_t batch = 256;   // inputs per request (the API allows 2048)
};

// Checks the spec and credentials (a missing OPENAI_API_KEY is a Config error).
[[nodiscard]] Expected<std::shared_ptr<Embedder>> make_embedder(const EmbedderOptions& options,
                                                                const ModelServices& services);

struct HistoryOptions {
  std::string location;     // SQLite path or postgres:// URL; empty = default data-dir path
  std::string embed_model;  // empty = lexical only
  int embed_dimensions = 0;  // see EmbedderOptions::dimensions
  std::shared_ptr<Embedder> embedder;  // overrides embed_model when set (tests, custom back ends)
  // PostgreSQL without pgvector: dense ranking looks at this many lexical candidates (plus as
  // many recent rows) instead of every row of the template; 0 = exact cosine over every row.
  int pg_dense_candidates = 200;
};

// $XDG_DATA_HOME/invox/history.sqlite, else ~/.local/share/invox/history.sqlite.
[[nodiscard]] std::filesystem::path default_history_path();

[[nodiscard]] Expected<std::shared_ptr<HistoryStore>> open_history_store(const HistoryOptions& options,
                                                                         const ModelServices& services);

// Reads a DESIGN.md history file ({templateId, transcript, expected[, evidence]}), a dataset
// case ({template, transcript, expected}) or a `<stem>.filled.json` (template, transcript,
// filled.*.value, evidence snippets). `origin` names the file in messages.
[[nodiscard]] Expected<HistoryExample> history_example_from_json(const Json& doc, const std::string& origin);

// A filled form as a history example (`--learn`): its values, and the evidence snippets as
// evidence. Which forms qualify is the caller's decision (`--learn` adds only complete ones).
[[nodiscard]] HistoryExample history_example_from_form(const FilledForm& form);

// Importing example files: the one path behind `invox history add|import` and `invox eval
// --history` (docs/HISTORY.md "Importing").

// The `*.json` files of `dir`, or of `dir/history/` when `dir` is a dataset root (it holds
// history/ and templates/), sorted by name. Config error when `dir` is not a folder.
[[nodiscard]] Expected<std::vector<std::filesystem::path>> history_files_in(const std::filesystem::path& dir);

struct HistoryImportOptions {
  // The templates examples may be for (empty = any). An example for another template is a
  // failed file; fields its template does not have are dropped, with a warning.
  std::vector<const Template*> templates;
  // Without `templates`: the template id every example must have ("" = any).
  std::string template_id;
};

struct HistoryImport {
  long long added = 0;
  long long already_stored = 0;       // the store held the same example (see HistoryStore::add_batch)
  std::vector<Error> failed;          // files that could not be read or do not fit; messages name the file
  std::vector<std::string> warnings;  // "FILE: field 'x' is not in the template; dropped"
};

// Reads `files` (each as history_example_from_json reads it) and adds every readable example to
// `store` in one batch. A file that cannot be read does not stop the others; a store error is
// returned as the error and nothing of the batch is kept.
[[nodiscard]] Expected<HistoryImport> import_history_files(HistoryStore& store,
                                                           const std::vector<std::filesystem::path>& files,
                                                           const HistoryImportOptions& options = {});

}  // namespace invox
