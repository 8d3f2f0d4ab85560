#include "util/sqlite_db.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "util/cancel.hpp"

namespace invox::util {

namespace {

// SQLite calls this (a C callback: noexcept) while another connection holds the lock; 0 gives
// up with SQLITE_BUSY. Short sleeps first, so a brief lock costs little; a stop request gives
// up at once, so Ctrl-C is never stuck behind another process's long import.
extern "C" int wait_while_busy(void* state, int attempt) noexcept {
  auto* wait = static_cast<SqliteDb::BusyWait*>(state);
  const auto now = std::chrono::steady_clock::now();
  if (attempt == 0) wait->started = now;
  if (stop_requested() || now - wait->started >= wait->timeout) return 0;
  return sleep_unless_stopped(std::chrono::milliseconds(std::min(1 + 2 * attempt, 50))) ? 1 : 0;
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
  return Error::input(fmt::format("{}: query failed: {}", origin_, sqlite3_errmsg(db_)));
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

SqliteDb::SqliteDb(sqlite3* db, std::string path, std::string label, std::chrono::milliseconds busy_timeout)
    : db_(db), path_(std::move(path)), where_(label + " " + path_),
      busy_(std::make_unique<BusyWait>(BusyWait{busy_timeout, {}})) {
  if (db_) sqlite3_busy_handler(db_, wait_while_busy, busy_.get());
}

Expected<std::unique_ptr<SqliteDb>> SqliteDb::open(const std::filesystem::path& path, const SqliteOpenParams& params) {
  const std::string where = params.label + " " + path.string();
  if (params.create && path.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
      return Error::config(fmt::format("{}: cannot create directory {}: {}", where, path.parent_path().string(),
                                       ec.message()));
    }
  }
  sqlite3* raw = nullptr;
  // NOMUTEX: each connection is serialized by its owner's mutex, so SQLite's own is not needed.
  const int flags = SQLITE_OPEN_READWRITE | (params.create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  // sqlite3_open_v2 hands back a connection even on failure (to read the message from).
  std::unique_ptr<SqliteDb> db(new SqliteDb(raw, path.string(), params.label, params.busy_timeout));
  if (rc != SQLITE_OK) {
    return Error::config(fmt::format("{}: cannot open: {}", where, raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  }
  return db;
}

SqliteDb::~SqliteDb() { sqlite3_close(db_); }  // statements are finalized first by their owners

Error SqliteDb::error(std::string_view what) const {
  return Error::input(fmt::format("{}: {}: {}", where_, what, sqlite3_errmsg(db_)));
}

Expected<SqliteStatement> SqliteDb::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK)
    return error("cannot prepare statement");
  return SqliteStatement(db_, stmt, where_);
}

Status SqliteDb::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    Error e = Error::input(fmt::format("{}: {}", where_, err ? err : sqlite3_errmsg(db_)));
    sqlite3_free(err);
    return e;
  }
  return ok();
}

Status SqliteDb::exec_when_unlocked(const std::string& sql) {
  const auto deadline = std::chrono::steady_clock::now() + busy_->timeout;
  for (int attempt = 0;; ++attempt) {
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK) return ok();
    // Keep the message of the failure, not of the rollback below.
    std::string message = sqlite3_errmsg(db_);
    if (message.empty()) message = sqlite3_errstr(rc);
    // A transaction left open would keep holding the write lock.
    if (sqlite3_get_autocommit(db_) == 0) (void)sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    const int primary = rc & 0xff;
    const bool busy = primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
    if (!busy || std::chrono::steady_clock::now() >= deadline ||
        !sleep_unless_stopped(std::chrono::milliseconds(std::min(5 * (attempt + 1), 100)))) {
      return Error::input(fmt::format("{}: {}", where_, message));
    }
  }
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

}  // namespace invox::util
