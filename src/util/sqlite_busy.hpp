#pragma once
// SQLite files shared by several invox processes (the history store, the response cache):
// statements the busy handler does not cover are retried here.
#include <sqlite3.h>

#include <string>

namespace invox::util {

// Runs `sql` with sqlite3_exec, retrying on SQLITE_BUSY/SQLITE_LOCKED until `timeout_ms` has
// passed. Needed for journal-mode changes and for schema creation racing another process's
// first open, which fail at once instead of waiting. A transaction `sql` opened is rolled back
// after a failure. `sql` must be safe to run again from the start. Returns "" on success, else
// SQLite's message for the last failure.
[[nodiscard]] std::string sqlite_exec_when_unlocked(sqlite3* db, const std::string& sql, int timeout_ms);

}  // namespace invox::util
