#pragma once
// The one RAII layer over sqlite3, shared by the history store (rag) and the response cache
// (llm): a connection, prepared statements with typed binds, transactions, busy handling for
// files that several invox processes write at once, and errors as values that name the file.
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "invox/expected.hpp"

namespace invox::util {

class SqliteStatement {
 public:
  SqliteStatement(sqlite3* db, sqlite3_stmt* stmt, std::string origin) : db_(db), stmt_(stmt), origin_(std::move(origin)) {}
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  SqliteStatement(SqliteStatement&& o) noexcept : db_(o.db_), stmt_(o.stmt_), origin_(std::move(o.origin_)) { o.stmt_ = nullptr; }
  SqliteStatement& operator=(SqliteStatement&&) = delete;
  ~SqliteStatement() { sqlite3_finalize(stmt_); }

  SqliteStatement& bind(int index, std::string_view text);
  SqliteStatement& bind(int index, long long value);
  SqliteStatement& bind_blob(int index, std::string_view bytes);
  SqliteStatement& bind_null(int index);
  // true: a row is available; false: done. Errors (busy past the timeout, I/O) as values.
  [[nodiscard]] Expected<bool> step();
  // Ready to run again with new bindings.
  void reset() { sqlite3_reset(stmt_); sqlite3_clear_bindings(stmt_); }
  // Runs to completion, ignoring rows.
  [[nodiscard]] Status run();

  [[nodiscard]] long long column_int(int col) const { return sqlite3_column_int64(stmt_, col); }
  [[nodiscard]] std::string column_text(int col) const;
  [[nodiscard]] bool column_is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  [[nodiscard]] const void* column_blob(int col) const { return sqlite3_column_blob(stmt_, col); }
  [[nodiscard]] size_t column_bytes(int col) const { return static_cast<size_t>(sqlite3_column_bytes(stmt_, col)); }
  [[nodiscard]] double column_double(int col) const { return sqlite3_column_double(stmt_, col); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_;
  std::string origin_;  // "<label> <path>", the start of its messages
};

struct SqliteOpenParams {
  std::string label;  // what the file is for users: "history store", "response cache"
  bool create = true;  // create the file and its parent folders when missing
  // How long a statement waits for another process's lock. A stop request (Ctrl-C) ends the
  // wait early; the statement then fails as busy.
  std::chrono::milliseconds busy_timeout{30'000};
};

// One connection, used by one thread at a time (callers serialize with their own mutex).
class SqliteDb {
 public:
  // Opens the file with a busy handler; pragmas (WAL ...) are the caller's, via exec_when_unlocked.
  // Config error naming the file when it cannot be opened.
  [[nodiscard]] static Expected<std::unique_ptr<SqliteDb>> open(const std::filesystem::path& path,
                                                               const SqliteOpenParams& params);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  [[nodiscard]] Expected<SqliteStatement> prepare(std::string_view sql);
  [[nodiscard]] Status exec(const std::string& sql);
  // For statements the busy handler does not cover: journal-mode changes and schema creation
  // racing another process's first open fail at once instead of waiting, so they are retried
  // here until the busy timeout. A transaction `sql` opened is rolled back after a failure;
  // `sql` must be safe to run again from the start.
  [[nodiscard]] Status exec_when_unlocked(const std::string& sql);
  [[nodiscard]] long long changes() const { return sqlite3_changes64(db_); }
  [[nodiscard]] long long last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }
  [[nodiscard]] const std::string& origin() const { return path_; }  // the file, as given

  // State of the busy handler (sqlite calls it with this connection's pointer).
  struct BusyWait {
    std::chrono::milliseconds timeout;
    std::chrono::steady_clock::time_point started;
  };

 private:
  SqliteDb(sqlite3* db, std::string path, std::string label, std::chrono::milliseconds busy_timeout);
  [[nodiscard]] Error error(std::string_view what) const;  // "<label> <path>: <what>: <sqlite's message>"

  sqlite3* db_;
  std::string path_;
  std::string where_;  // "<label> <path>", the start of every message
  std::unique_ptr<BusyWait> busy_;
};

// RAII transaction: BEGIN IMMEDIATE (takes the write lock up front, so two writers never
// deadlock upgrading read locks); rolls back unless committed.
class SqliteTransaction {
 public:
  [[nodiscard]] static Expected<SqliteTransaction> begin(SqliteDb& db);
  SqliteTransaction(SqliteTransaction&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(SqliteTransaction&&) = delete;
  ~SqliteTransaction();
  [[nodiscard]] Status commit();

 private:
  explicit SqliteTransaction(SqliteDb* db) : db_(db) {}
  SqliteDb* db_;
};

}  // namespace invox::util
