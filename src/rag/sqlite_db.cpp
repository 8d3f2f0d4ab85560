#include "rag/sqlite_db.hpp"

#include <fmt/format.h>

#include "util/sqlite_busy.hpp"

namespace invox::rag {

namespace {
// Long enough to ride out another process's import batch; short enough to surface a stuck lock.
constexpr int kBusyTimeoutMs = 30'000;

Error db_error(sqlite3* db, const std::string& origin, std::string_view what) {
  return Error::input(fmt::format("history store {}: {}: {}", origin, what, sqlite3_errmsg(db)));
}
}  // namespace

SqliteStatement& SqliteStatement::bind(int index, std::string_view text) {
  sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  return *this;
}
SqliteStatement& SqliteStatement::bind(int index, long long value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}
SqliteStatement& SqliteStatement::bind_blob(int index, std::string_view bytes) {
  sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  return *this;
}
SqliteStatement& SqliteStatement::bind_null(int index) {
  sqlite3_bind_null(stmt_, index);
  return *this;
}

Expected<bool> SqliteStatement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return db_error(db_, origin_, "query failed");
}

Status SqliteStatement::run() {
  for (;;) {
    auto r = step();
    if (!r) return r.error();
    if (!*r) return ok();
  }
}

std::string SqliteStatement::column_text(int col) const {
  const auto* p = sqlite3_column_text(stmt_, col);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(stmt_, col)))
           : std::string();
}

Expected<std::unique_ptr<SqliteDb>> SqliteDb::open(const std::filesystem::path& path, bool create) {
  const std::string origin = path.string();
  if (create && path.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) return Error::config(fmt::format("history store {}: cannot create directory {}: {}", origin,
                                             path.parent_path().string(), ec.message()));
  }
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(origin.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    Error e = Error::config(fmt::format("history store {}: cannot open: {}", origin,
                                        db ? sqlite3_errmsg(db) : "out of memory"));
    sqlite3_close(db);
    return e;
  }
  sqlite3_busy_timeout(db, kBusyTimeoutMs);
  std::unique_ptr<SqliteDb> out(new SqliteDb(db, origin));
  // WAL lets readers run during a write and several processes append safely.
  if (auto s = out->exec_when_unlocked("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"); !s)
    return s.error();
  return out;
}

SqliteDb::~SqliteDb() { sqlite3_close(db_); }

Expected<SqliteStatement> SqliteDb::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK)
    return db_error(db_, origin_, "cannot prepare statement");
  return SqliteStatement(db_, stmt, origin_);
}

Status SqliteDb::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    Error e = Error::input(fmt::format("history store {}: {}", origin_, err ? err : sqlite3_errmsg(db_)));
    sqlite3_free(err);
    return e;
  }
  return ok();
}

Status SqliteDb::exec_when_unlocked(const std::string& sql) {
  if (auto why = util::sqlite_exec_when_unlocked(db_, sql, kBusyTimeoutMs); !why.empty()) {
    return Error::input(fmt::format("history store {}: {}", origin_, why));
  }
  return ok();
}

Expected<SqliteTransaction> SqliteTransaction::begin(SqliteDb& db) {
  if (auto s = db.exec("BEGIN IMMEDIATE"); !s) return s.error();
  return SqliteTransaction(&db);
}

SqliteTransaction::~SqliteTransaction() {
  if (db_) (void)db_->exec("ROLLBACK");
}

Status SqliteTransaction::commit() {
  SqliteDb* db = db_;
  db_ = nullptr;
  return db->exec("COMMIT");
}

}  // namespace invox::rag
