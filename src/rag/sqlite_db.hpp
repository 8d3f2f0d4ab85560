#pragma once
// A thin RAII layer over sqlite3: one connection, prepared statements with typed binds,
// and errors as values naming the database file.
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "invox/expected.hpp"

namespace invox::rag {

class SqliteStatement {
 public:
  SqliteStatement(sqlite3* db, sqlite3_stmt* stmt, std::string origin) : db_(db), stmt_(stmt), origin_(std::move(origin)) {}
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  SqliteStatement(SqliteStatement&& o) noexcept : db_(o.db_), stmt_(o.stmt_), origin_(std::move(o.origin_)) { o.stmt_ = nullptr; }
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
  std::string origin_;
};

class SqliteDb {
 public:
  // Opens (creating parent directories and the file when `create`), sets WAL mode and a
  // busy timeout so several processes can write the same file.
  [[nodiscard]] static Expected<std::unique_ptr<SqliteDb>> open(const std::filesystem::path& path, bool create);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  [[nodiscard]] Expected<SqliteStatement> prepare(std::string_view sql);
  [[nodiscard]] Status exec(const std::string& sql);
  // For statements the busy handler does not cover (util/sqlite_busy.hpp).
  [[nodiscard]] Status exec_when_unlocked(const std::string& sql);
  [[nodiscard]] long long changes() const { return sqlite3_changes64(db_); }
  [[nodiscard]] long long last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }
  [[nodiscard]] const std::string& origin() const { return origin_; }

 private:
  SqliteDb(sqlite3* db, std::string origin) : db_(db), origin_(std::move(origin)) {}
  sqlite3* db_;
  std::string origin_;
};

// RAII transaction: BEGIN IMMEDIATE (takes the write lock up front, so two writers never
// deadlock upgrading read locks); rolls back unless committed.
class SqliteTransaction {
 public:
  [[nodiscard]] static Expected<SqliteTransaction> begin(SqliteDb& db);
  SqliteTransaction(SqliteTransaction&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
  SqliteTransaction(const SqliteTransaction&) = delete;
  ~SqliteTransaction();
  [[nodiscard]] Status commit();

 private:
  explicit SqliteTransaction(SqliteDb* db) : db_(db) {}
  SqliteDb* db_;
};

}  // namespace invox::rag
