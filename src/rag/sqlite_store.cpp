// The embedded history store: one SQLite file (WAL), FTS5/BM25 for lexical ranking, unit
// float32 vectors in a BLOB per row for cosine ranking, reciprocal rank fusion for both.
#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <queue>

#include "rag/ranking.hpp"
#include "rag/retrieval_util.hpp"
#include "rag/stores.hpp"
#include "util/time_format.hpp"
#include "util/sqlite_db.hpp"

namespace invox::rag {

namespace {

using util::SqliteDb;
using util::SqliteStatement;
using util::SqliteTransaction;

// Long enough to ride out another process's import batch; short enough to surface a stuck lock.
constexpr std::chrono::milliseconds kBusyTimeout{30'000};

// `tpl_token` puts the template filter inside the FTS query; external-content FTS keeps one
// copy of each transcript; triggers keep the index in step with the table.
constexpr const char* kSqliteSchema = R"sql(
CREATE TABLE IF NOT EXISTS history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  template_id TEXT NOT NULL,
  tpl_token TEXT NOT NULL,
  transcript TEXT NOT NULL,
  expected TEXT NOT NULL,
  evidence TEXT,
  added_at TEXT NOT NULL,
  content_hash TEXT NOT NULL UNIQUE,
  embed_model TEXT,
  embedding BLOB
);
CREATE INDEX IF NOT EXISTS history_template ON history(template_id, embed_model);
CREATE VIRTUAL TABLE IF NOT EXISTS history_fts USING fts5(
  tpl_token, transcript, content='history', content_rowid='id', tokenize='porter unicode61');
CREATE TRIGGER IF NOT EXISTS history_ai AFTER INSERT ON history BEGIN
  INSERT INTO history_fts(rowid, tpl_token, transcript) VALUES (new.id, new.tpl_token, new.transcript);
END;
CREATE TRIGGER IF NOT EXISTS history_ad AFTER DELETE ON history BEGIN
  INSERT INTO history_fts(history_fts, rowid, tpl_token, transcript)
  VALUES ('delete', old.id, old.tpl_token, old.transcript);
END;
)sql";

std::string fts_query(const std::string& template_id, const std::vector<std::string>& terms) {
  std::string q = fmt::format("tpl_token : \"{}\" AND transcript : (", template_token(template_id));
  for (size_t i = 0; i < terms.size(); ++i) {
    if (i) q += " OR ";
    q += '"' + terms[i] + '"';  // terms are alphanumeric, so quoting needs no escaping
  }
  return q + ")";
}

class SqliteHistoryStore final : public StoreBase {
 public:
  SqliteHistoryStore(std::unique_ptr<SqliteDb> db, std::shared_ptr<Embedder> embedder)
      : StoreBase(std::move(embedder)), db_(std::move(db)) {}

  Expected<std::vector<AddResult>> write_batch(const std::vector<HistoryExample>& examples,
                                               const std::vector<std::vector<float>>& vectors) override {
    std::lock_guard lock(mu_);
    auto tx = SqliteTransaction::begin(*db_);
    if (!tx) return tx.error();
    auto insert = db_->prepare(
        "INSERT OR IGNORE INTO history(template_id, tpl_token, transcript, expected, evidence, added_at, "
        "content_hash, embed_model, embedding) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    auto existing = db_->prepare("SELECT id, embedding IS NULL FROM history WHERE content_hash = ?1");
    // A duplicate stored before an embedding model was configured gets its vector now.
    auto backfill = db_->prepare("UPDATE history SET embed_model = ?1, embedding = ?2 WHERE id = ?3");
    if (!insert) return insert.error();
    if (!existing) return existing.error();
    if (!backfill) return backfill.error();
    std::vector<AddResult> out;
    for (size_t i = 0; i < examples.size(); ++i) {
      const auto& e = examples[i];
      const std::string hash = content_hash(e);
      const auto& vec = vectors[i];
      auto& st = *insert;
      st.bind(1, e.template_id).bind(2, template_token(e.template_id)).bind(3, e.transcript);
      st.bind(4, e.expected.dump()).bind(5, e.evidence.is_null() ? "{}" : e.evidence.dump());
      st.bind(6, e.added_at.empty() ? util::utc_now_iso8601() : e.added_at).bind(7, hash);
      if (vec.empty()) st.bind_null(8).bind_null(9);
      else st.bind(8, embedder_->name()).bind_blob(9, encode_vector(vec));
      if (auto s = st.run(); !s) return s.error();
      st.reset();
      if (db_->changes() == 1) {
        out.push_back({db_->last_insert_rowid(), true, {}});
        continue;
      }
      existing->bind(1, hash);
      auto row = existing->step();
      if (!row) return row.error();
      if (!*row) return Error::internal(fmt::format("history store {}: duplicate row vanished", db_->origin()));
      const long long id = existing->column_int(0);
      const bool missing_vector = existing->column_int(1) != 0;
      existing->reset();
      if (missing_vector && !vec.empty()) {
        backfill->bind(1, embedder_->name()).bind_blob(2, encode_vector(vec)).bind(3, id);
        if (auto s = backfill->run(); !s) return s.error();
        backfill->reset();
      }
      out.push_back({id, false, {}});
    }
    if (auto s = tx->commit(); !s) return s.error();
    return out;
  }

  Expected<std::vector<FewShot>> rank(const Template& tmpl, const std::string& transcript, int k,
                                      const std::vector<float>& query, const RetrievalOptions& options) override {
    std::lock_guard lock(mu_);
    CandidateLists lists;
    const int depth = embedder_ ? kFusionDepth : k;
    if (auto r = lexical(tmpl.id, transcript, depth); r) lists.lexical = std::move(*r);
    else return r.error();
    if (!query.empty()) {
      auto r = dense(tmpl.id, query, depth);
      if (!r) return r.error();
      lists.dense = std::move(*r);
    }
    auto recent = db_->prepare("SELECT id FROM history WHERE template_id = ?1 ORDER BY id DESC LIMIT ?2");
    if (!recent) return recent.error();
    recent->bind(1, tmpl.id).bind(2, static_cast<long long>(k));
    if (auto s = collect_ids(*recent, lists.recent); !s) return s.error();
    std::vector<FewShot> shots;
    for (long long id : choose_examples(lists, k)) {
      auto ex = fetch(id);
      if (!ex) return ex.error();
      shots.push_back(to_few_shot(*ex, tmpl, options.max_transcript_chars));
    }
    return shots;
  }

  Expected<std::vector<HistoryExample>> list(const std::string& template_id) override {
    std::lock_guard lock(mu_);
    auto st = db_->prepare(template_id.empty()
                               ? "SELECT id, template_id, transcript, expected, evidence, added_at FROM history ORDER BY id"
                               : "SELECT id, template_id, transcript, expected, evidence, added_at FROM history "
                                 "WHERE template_id = ?1 ORDER BY id");
    if (!st) return st.error();
    if (!template_id.empty()) st->bind(1, template_id);
    std::vector<HistoryExample> out;
    for (;;) {
      auto row = st->step();
      if (!row) return row.error();
      if (!*row) break;
      auto ex = read_row(*st);
      if (!ex) return ex.error();
      out.push_back(std::move(*ex));
    }
    return out;
  }

  Expected<HistoryStats> stats() override {
    std::lock_guard lock(mu_);
    HistoryStats s;
    s.backend = "sqlite";
    s.location = db_->origin();
    auto st = db_->prepare(
        "SELECT template_id, count(*), sum(embedding IS NOT NULL) FROM history GROUP BY template_id ORDER BY template_id");
    if (!st) return st.error();
    for (;;) {
      auto row = st->step();
      if (!row) return row.error();
      if (!*row) break;
      s.per_template.emplace_back(st->column_text(0), st->column_int(1));
      s.examples += st->column_int(1);
      s.with_embedding += st->column_int(2);
    }
    return s;
  }

  Expected<bool> remove(long long id) override {
    std::lock_guard lock(mu_);
    auto st = db_->prepare("DELETE FROM history WHERE id = ?1");
    if (!st) return st.error();
    st->bind(1, id);
    if (auto s = st->run(); !s) return s.error();
    return db_->changes() > 0;
  }

 private:
  static Status collect_ids(SqliteStatement& st, std::vector<long long>& out) {
    for (;;) {
      auto row = st.step();
      if (!row) return row.error();
      if (!*row) return ok();
      out.push_back(st.column_int(0));
    }
  }

  Expected<std::vector<long long>> lexical(const std::string& template_id, const std::string& transcript, int depth) {
    std::vector<long long> ids;
    const auto terms = query_terms(transcript);
    if (terms.empty()) return ids;
    // bm25 weights: the template token column only filters (weight 0), the transcript ranks.
    auto st = db_->prepare(
        "SELECT rowid FROM history_fts WHERE history_fts MATCH ?1 ORDER BY bm25(history_fts, 0.0, 1.0) LIMIT ?2");
    if (!st) return st.error();
    st->bind(1, fts_query(template_id, terms)).bind(2, static_cast<long long>(depth));
    if (auto s = collect_ids(*st, ids); !s) return s.error();
    return ids;
  }

  // Exact cosine over every vector of this template and model (vectors are stored unit-length).
  Expected<std::vector<long long>> dense(const std::string& template_id, const std::vector<float>& query, int depth) {
    auto st = db_->prepare(
        "SELECT id, embedding FROM history WHERE template_id = ?1 AND embed_model = ?2 AND embedding IS NOT NULL");
    if (!st) return st.error();
    st->bind(1, template_id).bind(2, embedder_->name());
    using Scored = std::pair<double, long long>;
    // Min-heap of the best `depth` so far; ties prefer the newer (larger) id.
    std::priority_queue<Scored, std::vector<Scored>, std::greater<>> best;
    const size_t bytes = query.size() * sizeof(float);
    for (;;) {
      auto row = st->step();
      if (!row) return row.error();
      if (!*row) break;
      if (st->column_bytes(1) != bytes) continue;  // a vector of another dimensionality
      const double sim = dot(static_cast<const float*>(st->column_blob(1)), query.data(), query.size());
      best.emplace(sim, st->column_int(0));
      if (best.size() > static_cast<size_t>(depth)) best.pop();
    }
    std::vector<long long> ids(best.size());
    for (size_t i = ids.size(); i-- > 0;) {
      ids[i] = best.top().second;
      best.pop();
    }
    return ids;
  }

  static Expected<HistoryExample> read_row(const SqliteStatement& st) {
    HistoryExample ex;
    ex.id = st.column_int(0);
    ex.template_id = st.column_text(1);
    ex.transcript = st.column_text(2);
    try {
      ex.expected = Json::parse(st.column_text(3));
      ex.evidence = st.column_is_null(4) ? Json::object() : Json::parse(st.column_text(4));
    } catch (const std::exception& e) {
      return Error::input(fmt::format("history example {}: stored JSON is corrupt: {}", ex.id, e.what()));
    }
    ex.added_at = st.column_text(5);
    return ex;
  }

  Expected<HistoryExample> fetch(long long id) {
    auto st = db_->prepare("SELECT id, template_id, transcript, expected, evidence, added_at FROM history WHERE id = ?1");
    if (!st) return st.error();
    st->bind(1, id);
    auto row = st->step();
    if (!row) return row.error();
    if (!*row) return Error::internal(fmt::format("history store {}: example {} vanished", db_->origin(), id));
    return read_row(*st);
  }

  std::mutex mu_;  // one connection, shared by the threads of a batch run
  std::unique_ptr<SqliteDb> db_;
};

}  // namespace

Expected<std::shared_ptr<HistoryStore>> open_sqlite_history(const std::filesystem::path& path,
                                                            std::shared_ptr<Embedder> embedder) {
  auto db = SqliteDb::open(path, {"history store", true, kBusyTimeout});
  if (!db) return db.error();
  // WAL lets readers run during a write and several processes append safely.
  if (auto s = (*db)->exec_when_unlocked("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"); !s)
    return s.error();
  // One write transaction, so processes opening a new file together create the schema once.
  if (auto s = (*db)->exec_when_unlocked(std::string("BEGIN IMMEDIATE;") + kSqliteSchema + "COMMIT;"); !s) return s.error();
  return std::shared_ptr<HistoryStore>(std::make_shared<SqliteHistoryStore>(std::move(*db), std::move(embedder)));
}

}  // namespace invox::rag
