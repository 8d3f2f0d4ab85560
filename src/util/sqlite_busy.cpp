#include "util/sqlite_busy.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

namespace invox::util {

std::string sqlite_exec_when_unlocked(sqlite3* db, const std::string& sql, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (int attempt = 0;; ++attempt) {
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK) return "";
    // Keep the message of the failure, not of the rollback below.
    const std::string message = sqlite3_errmsg(db);
    // A transaction left open would keep holding the write lock.
    if (sqlite3_get_autocommit(db) == 0) (void)sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    const int primary = rc & 0xff;
    if ((primary != SQLITE_BUSY && primary != SQLITE_LOCKED) || std::chrono::steady_clock::now() >= deadline) {
      return message.empty() ? std::string(sqlite3_errstr(rc)) : message;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(5 * (attempt + 1), 100)));
  }
}

}  // namespace invox::util
