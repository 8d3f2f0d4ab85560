// The shared history store: PostgreSQL via libpq. Full-text search (tsvector + GIN, ts_rank)
// for lexical ranking; unit vectors in a REAL[] column ranked by cosine — with pgvector's `<=>`
// when the extension is installed, otherwise a dot product in SQL over a candidate set (see
// docs/HISTORY.md for the trade-off). A UNIQUE content hash + ON CONFLICT keeps concurrent
// writers from duplicating examples.
#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <numeric>

#include "rag/pg_conn.hpp"
#include "rag/ranking.hpp"
#include "rag/retrieval_util.hpp"
#include "rag/stores.hpp"

namespace invox::rag {

namespace {

constexpr const char* kPgSchema = R"sql(
CREATE TABLE IF NOT EXISTS invox_history (
  id BIGSERIAL PRIMARY KEY,
  template_id TEXT NOT NULL,
  transcript TEXT NOT NULL,
  expected JSONB NOT NULL,
  evidence JSONB NOT NULL DEFAULT '{}',
  added_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  content_hash TEXT NOT NULL UNIQUE,
  embed_model TEXT,
  embedding REAL[],
  tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('english', transcript)) STORED
);
CREATE INDEX IF NOT EXISTS invox_history_tsv ON invox_history USING GIN (tsv);
CREATE INDEX IF NOT EXISTS invox_history_template ON invox_history (template_id, id);
)sql";

// Serializes schema creation across processes (CREATE ... IF NOT EXISTS races otherwise).
constexpr const char* kSchemaLock = "SELECT pg_advisory_xact_lock(4928373017)";

constexpr const char* kRowColumns =
    "id, template_id, transcript, expected::text, evidence::text, "
    "to_char(added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')";

std::string vector_literal(const std::vector<float>& v) {
  std::string out = "{";
  for (size_t i = 0; i < v.size(); ++i) out += fmt::format("{}{}", i ? "," : "", v[i]);
  return out + "}";
}

std::string ids_literal(const std::vector<long long>& ids) {
  std::string out = "{";
  for (size_t i = 0; i < ids.size(); ++i) out += fmt::format("{}{}", i ? "," : "", ids[i]);
  return out + "}";
}

class PgHistoryStore final : public StoreBase {
 public:
  PgHistoryStore(const std::string& url, std::shared_ptr<Embedder> embedder, int dense_candidates)
      : StoreBase(std::move(embedder)),
        conn_(url, [this](PgConnection& c) { return setup(c); }),
        dense_candidates_(dense_candidates) {}

  Status connect() {
    std::lock_guard lock(mu_);
    return conn_.ensure();
  }

  Expected<std::vector<AddResult>> write_batch(const std::vector<HistoryExample>& examples,
                                               const std::vector<std::vector<float>>& vectors) override {
    // Rows are written in hash order so two concurrent batches lock keys in the same order
    // and cannot deadlock on each other's uncommitted duplicates.
    std::vector<std::string> hashes;
    for (const auto& e : examples) hashes.push_back(content_hash(e));
    std::vector<size_t> order(examples.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return hashes[a] < hashes[b]; });
    std::lock_guard lock(mu_);
    if (auto r = conn_.exec("BEGIN"); !r) return r.error();
    std::vector<AddResult> out(examples.size());
    for (size_t i : order) {
      auto r = insert_one(examples[i], hashes[i], vectors[i]);
      if (!r) {
        (void)conn_.exec("ROLLBACK");
        return r.error();
      }
      out[i] = *r;
    }
    if (auto r = conn_.exec("COMMIT"); !r) return r.error();
    return out;
  }

  Expected<std::vector<FewShot>> rank(const Template& tmpl, const std::string& transcript, int k,
                                      const std::vector<float>& query, const RetrievalOptions& options) override {
    std::lock_guard lock(mu_);
    CandidateLists lists;
    const bool prefilter = !query.empty() && !pgvector_ && dense_candidates_ > 0;
    const int lexical_depth = query.empty() ? k : prefilter ? std::max(dense_candidates_, kFusionDepth) : kFusionDepth;
    auto lexical = lexical_ids(tmpl.id, transcript, lexical_depth);
    if (!lexical) return lexical.error();
    auto recent = ids_of("SELECT id FROM invox_history WHERE template_id = $1 ORDER BY id DESC LIMIT $2",
                         {tmpl.id, std::to_string(prefilter ? dense_candidates_ : k)});
    if (!recent) return recent.error();
    if (!query.empty()) {
      std::vector<long long> candidates = *lexical;
      candidates.insert(candidates.end(), recent->begin(), recent->end());
      auto dense = dense_ids(tmpl.id, query, prefilter ? &candidates : nullptr);
      if (!dense) return dense.error();
      lists.dense = std::move(*dense);
    }
    lists.lexical = std::move(*lexical);
    if (lists.lexical.size() > static_cast<size_t>(kFusionDepth)) lists.lexical.resize(kFusionDepth);
    lists.recent = std::move(*recent);
    if (lists.recent.size() > static_cast<size_t>(k)) lists.recent.resize(k);
    const auto ids = choose_examples(lists, k);
    if (ids.empty()) return std::vector<FewShot>{};
    auto rows = conn_.exec(fmt::format("SELECT {} FROM invox_history WHERE id = ANY($1::bigint[])", kRowColumns),
                           {ids_literal(ids)});
    if (!rows) return rows.error();
    auto examples = read_rows(*rows);
    if (!examples) return examples.error();
    std::vector<FewShot> shots;
    for (long long id : ids) {  // keep ranking order
      auto it = std::find_if(examples->begin(), examples->end(), [&](const auto& e) { return e.id == id; });
      if (it != examples->end()) shots.push_back(to_few_shot(*it, tmpl, options.max_transcript_chars));
    }
    return shots;
  }

  Expected<std::vector<HistoryExample>> list(const std::string& template_id) override {
    std::lock_guard lock(mu_);
    auto rows = template_id.empty()
                    ? conn_.exec(fmt::format("SELECT {} FROM invox_history ORDER BY id", kRowColumns))
                    : conn_.exec(fmt::format("SELECT {} FROM invox_history WHERE template_id = $1 ORDER BY id",
                                             kRowColumns), {template_id});
    if (!rows) return rows.error();
    return read_rows(*rows);
  }

  Expected<HistoryStats> stats() override {
    std::lock_guard lock(mu_);
    auto rows = conn_.exec(
        "SELECT template_id, count(*), count(embedding) FROM invox_history GROUP BY template_id ORDER BY template_id");
    if (!rows) return rows.error();
    HistoryStats s;
    s.backend = pgvector_ ? "postgres (pgvector)" : "postgres";
    s.location = conn_.display();
    for (int i = 0; i < rows->rows(); ++i) {
      s.per_template.emplace_back(rows->text(i, 0), rows->integer(i, 1));
      s.examples += rows->integer(i, 1);
      s.with_embedding += rows->integer(i, 2);
    }
    return s;
  }

  Expected<bool> remove(long long id) override {
    std::lock_guard lock(mu_);
    auto rows = conn_.exec("DELETE FROM invox_history WHERE id = $1 RETURNING id", {std::to_string(id)});
    if (!rows) return rows.error();
    return rows->rows() > 0;
  }

 private:
  Status setup(PgConnection& c) {
    if (auto r = c.exec("BEGIN"); !r) return r.error();
    for (const char* sql : {kSchemaLock, kPgSchema}) {
      if (auto r = c.exec(sql); !r) {
        (void)c.exec("ROLLBACK");
        return r.error();
      }
    }
    if (auto r = c.exec("COMMIT"); !r) return r.error();
    // pgvector is optional: use it when an administrator has installed it in this database.
    auto ext = c.exec("SELECT 1 FROM pg_extension WHERE extname = 'vector'");
    pgvector_ = ext && ext->rows() > 0;
    return ok();
  }

  Expected<AddResult> insert_one(const HistoryExample& e, const std::string& hash, const std::vector<float>& vec) {
    const std::optional<std::string> model = vec.empty() ? std::nullopt : std::optional(embedder_->name());
    const std::optional<std::string> embedding = vec.empty() ? std::nullopt : std::optional(vector_literal(vec));
    auto r = conn_.exec(
        "INSERT INTO invox_history (template_id, transcript, expected, evidence, added_at, content_hash, "
        "embed_model, embedding) VALUES ($1, $2, $3::jsonb, $4::jsonb, coalesce($5::timestamptz, now()), $6, $7, "
        "$8::real[]) ON CONFLICT (content_hash) DO NOTHING RETURNING id",
        {e.template_id, e.transcript, e.expected.dump(), e.evidence.is_null() ? "{}" : e.evidence.dump(),
         e.added_at.empty() ? std::nullopt : std::optional(e.added_at), hash, model, embedding});
    if (!r) return r.error();
    if (r->rows() == 1) return AddResult{r->integer(0, 0), true, {}};
    auto existing = conn_.exec("SELECT id, embedding IS NULL FROM invox_history WHERE content_hash = $1", {hash});
    if (!existing) return existing.error();
    if (existing->rows() != 1) return Error::internal(fmt::format("history store {}: duplicate vanished", conn_.display()));
    const long long id = existing->integer(0, 0);
    if (embedding && existing->text(0, 1) == "t") {  // backfill a row stored before --embed
      auto u = conn_.exec("UPDATE invox_history SET embed_model = $1, embedding = $2::real[] WHERE id = $3",
                          {model, embedding, std::to_string(id)});
      if (!u) return u.error();
    }
    return AddResult{id, false, {}};
  }

  Expected<std::vector<long long>> ids_of(const std::string& sql, const PgParams& params) {
    auto rows = conn_.exec(sql, params);
    if (!rows) return rows.error();
    std::vector<long long> ids;
    for (int i = 0; i < rows->rows(); ++i) ids.push_back(rows->integer(i, 0));
    return ids;
  }

  Expected<std::vector<long long>> lexical_ids(const std::string& template_id, const std::string& transcript,
                                               int depth) {
    const auto terms = query_terms(transcript);
    if (terms.empty()) return std::vector<long long>{};
    std::string tsquery;
    for (const auto& t : terms) tsquery += (tsquery.empty() ? "" : " | ") + t;  // alphanumeric: no syntax
    // Normalization 1 divides by 1 + log(document length), like BM25's length penalty.
    return ids_of(
        "SELECT id FROM invox_history, to_tsquery('english', $2) q WHERE template_id = $1 AND tsv @@ q "
        "ORDER BY ts_rank(tsv, q, 1) DESC, id DESC LIMIT $3",
        {template_id, tsquery, std::to_string(depth)});
  }

  // Cosine order of the template's vectors (all of them, or only `candidates`).
  Expected<std::vector<long long>> dense_ids(const std::string& template_id, const std::vector<float>& query,
                                             const std::vector<long long>* candidates) {
    const PgParams params = {template_id, embedder_->name(), vector_literal(query), std::to_string(query.size()),
                             std::to_string(kFusionDepth),
                             candidates ? std::optional(ids_literal(*candidates)) : std::nullopt};
    const std::string filter =
        "template_id = $1 AND embed_model = $2 AND cardinality(embedding) = $4::int"
        " AND ($6::bigint[] IS NULL OR id = ANY($6::bigint[]))";
    if (pgvector_) {
      return ids_of("SELECT id FROM invox_history WHERE " + filter +
                        " ORDER BY embedding::vector <=> $3::real[]::vector, id DESC LIMIT $5",
                    params);
    }
    // Vectors are unit length, so the dot product is the cosine similarity.
    return ids_of("SELECT id FROM invox_history h WHERE " + filter +
                      " ORDER BY (SELECT sum(a * b) FROM unnest(h.embedding, $3::real[]) AS t(a, b)) DESC, id DESC"
                      " LIMIT $5",
                  params);
  }

  static Expected<std::vector<HistoryExample>> read_rows(const PgResult& rows) {
    std::vector<HistoryExample> out;
    for (int i = 0; i < rows.rows(); ++i) {
      HistoryExample e;
      e.id = rows.integer(i, 0);
      e.template_id = rows.text(i, 1);
      e.transcript = rows.text(i, 2);
      try {
        e.expected = Json::parse(rows.text(i, 3));
        e.evidence = Json::parse(rows.text(i, 4));
      } catch (const std::exception& ex) {
        return Error::input(fmt::format("history example {}: stored JSON is corrupt: {}", e.id, ex.what()));
      }
      e.added_at = rows.text(i, 5);
      out.push_back(std::move(e));
    }
    return out;
  }

  std::mutex mu_;  // one connection, shared by the threads of a batch run
  PgConnection conn_;
  int dense_candidates_;
  bool pgvector_ = false;
};

}  // namespace

Expected<std::shared_ptr<HistoryStore>> open_postgres_history(const std::string& url,
                                                              std::shared_ptr<Embedder> embedder,
                                                              const HistoryOptions& options) {
  auto store = std::make_shared<PgHistoryStore>(url, std::move(embedder), options.pg_dense_candidates);
  // An unreachable server is not fatal here: every call reconnects (with back-off) and
  // returns a Network error, which the pipeline turns into zero-shot with a warning.
  if (auto s = store->connect(); !s && s.error().kind != ErrorKind::Network) return s.error();
  return std::shared_ptr<HistoryStore>(store);
}

}  // namespace invox::rag
