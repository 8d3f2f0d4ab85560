#include "llm/response_cache.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <cstdlib>
#include <map>

#include "invox/log.hpp"
#include "invox/models.hpp"
#include "llm/sha256.hpp"
#include "util/sqlite_busy.hpp"

namespace invox::llm {

namespace {

constexpr const char* kSchema =
    "CREATE TABLE IF NOT EXISTS responses ("
    " key TEXT PRIMARY KEY, provider TEXT NOT NULL, model TEXT NOT NULL,"
    " body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT (datetime('now')))";

constexpr int kBusyTimeoutMs = 5000;

}  // namespace

ResponseCache::~ResponseCache() {
  if (db_) sqlite3_close(db_);
}

Expected<std::shared_ptr<ResponseCache>> ResponseCache::open(const std::filesystem::path& path) {
  // Instances are shared per path so that concurrent clients use one connection and one lock.
  static std::mutex registry_mutex;
  static std::map<std::string, std::weak_ptr<ResponseCache>> registry;
  std::lock_guard lock(registry_mutex);
  const auto id = std::filesystem::absolute(path).lexically_normal().string();
  if (auto existing = registry[id].lock()) return existing;

  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                                 nullptr);
  if (rc != SQLITE_OK) {
    std::string why = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if (db) sqlite3_close(db);
    return Error::config(fmt::format("response cache {}: cannot open: {}; use --no-cache or another path", path.string(), why));
  }
  sqlite3_busy_timeout(db, kBusyTimeoutMs);
  // Parallel invox processes (shards, xargs -P) share the default cache file.
  (void)util::sqlite_exec_when_unlocked(db, "PRAGMA journal_mode=WAL", kBusyTimeoutMs);
  if (auto why = util::sqlite_exec_when_unlocked(db, kSchema, kBusyTimeoutMs); !why.empty()) {
    sqlite3_close(db);
    return Error::config(fmt::format("response cache {}: {}; use --no-cache or delete the file", path.string(), why));
  }
  std::shared_ptr<ResponseCache> cache(new ResponseCache(db));
  registry[id] = cache;
  return cache;
}

std::string ResponseCache::key_for(const std::string& provider, const std::string& model, const std::string& url,
                                   const std::string& body) {
  // Length-prefixed parts so that no two different tuples concatenate to the same text.
  std::string material;
  for (const auto* part : {&provider, &model, &url, &body}) material += fmt::format("{}:{}\n", part->size(), *part);
  return sha256_hex(material);
}

std::optional<std::string> ResponseCache::get(const std::string& key) {
  std::lock_guard lock(mutex_);
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT body FROM responses WHERE key = ?1", -1, &stmt, nullptr) != SQLITE_OK) return std::nullopt;
  sqlite3_bind_text(stmt, 1, key.c_str(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
  std::optional<std::string> out;
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    out = std::string(text ? text : "", static_cast<size_t>(sqlite3_column_bytes(stmt, 0)));
  }
  sqlite3_finalize(stmt);
  return out;
}

void ResponseCache::put(const std::string& key, const std::string& provider, const std::string& model,
                        const std::string& body) {
  std::lock_guard lock(mutex_);
  sqlite3_stmt* stmt = nullptr;
  const char* sql = "INSERT OR REPLACE INTO responses (key, provider, model, body) VALUES (?1, ?2, ?3, ?4)";
  if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) {
    log::warn(fmt::format("response cache: cannot prepare insert: {}", sqlite3_errmsg(db_)));
    return;
  }
  sqlite3_bind_text(stmt, 1, key.c_str(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
  sqlite3_bind_text(stmt, 2, provider.c_str(), static_cast<int>(provider.size()), SQLITE_TRANSIENT);
  sqlite3_bind_text(stmt, 3, model.c_str(), static_cast<int>(model.size()), SQLITE_TRANSIENT);
  sqlite3_bind_text(stmt, 4, body.c_str(), static_cast<int>(body.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(stmt) != SQLITE_DONE) log::warn(fmt::format("response cache: cannot store an answer: {}", sqlite3_errmsg(db_)));
  sqlite3_finalize(stmt);
}

long long ResponseCache::size() {
  std::lock_guard lock(mutex_);
  sqlite3_stmt* stmt = nullptr;
  long long n = 0;
  if (sqlite3_prepare_v2(db_, "SELECT COUNT(*) FROM responses", -1, &stmt, nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW) {
    n = sqlite3_column_int64(stmt, 0);
  }
  sqlite3_finalize(stmt);
  return n;
}

std::filesystem::path default_cache_path() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "invox" / "llm-cache.sqlite";
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::filesystem::path(home) / ".cache" / "invox" / "llm-cache.sqlite";
  }
  return std::filesystem::path(".invox-cache") / "llm-cache.sqlite";
}

}  // namespace invox::llm

namespace invox {

std::string default_response_cache_path() { return llm::default_cache_path().string(); }

}  // namespace invox
