#include "llm/response_cache.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <map>

#include "invox/log.hpp"
#include "invox/models.hpp"
#include "util/sha256.hpp"

namespace invox::llm {

namespace {

constexpr const char* kCacheSchema =
    "CREATE TABLE IF NOT EXISTS responses ("
    " key TEXT PRIMARY KEY, provider TEXT NOT NULL, model TEXT NOT NULL,"
    " body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT (datetime('now')))";

// Short: a cache that stays locked is skipped rather than holding the run up.
constexpr std::chrono::milliseconds kBusyTimeout{5000};

}  // namespace

Expected<std::shared_ptr<ResponseCache>> ResponseCache::open(const std::filesystem::path& path) {
  // Instances are shared per path so that concurrent clients use one connection and one lock.
  static std::mutex registry_mutex;
  static std::map<std::string, std::weak_ptr<ResponseCache>> registry;
  std::lock_guard lock(registry_mutex);
  const auto id = std::filesystem::absolute(path).lexically_normal().string();
  if (auto existing = registry[id].lock()) return existing;

  const auto fail = [](const Error& e, std::string_view hint) { return Error::config(fmt::format("{}; {}", e.message, hint)); };
  auto db = util::SqliteDb::open(path, {"response cache", true, kBusyTimeout});
  if (!db) return fail(db.error(), "use --no-cache or another path");
  // Parallel invox processes (shards, xargs -P) share the default cache file. WAL is best
  // effort: a file system without shared memory keeps the rollback journal.
  (void)(*db)->exec_when_unlocked("PRAGMA journal_mode=WAL");
  if (auto s = (*db)->exec_when_unlocked(kCacheSchema); !s) return fail(s.error(), "use --no-cache or delete the file");
  auto select = (*db)->prepare("SELECT body FROM responses WHERE key = ?1");
  if (!select) return fail(select.error(), "use --no-cache or delete the file");
  auto insert = (*db)->prepare("INSERT OR REPLACE INTO responses (key, provider, model, body) VALUES (?1, ?2, ?3, ?4)");
  if (!insert) return fail(insert.error(), "use --no-cache or delete the file");
  std::shared_ptr<ResponseCache> cache(new ResponseCache(std::move(*db), std::move(*select), std::move(*insert)));
  registry[id] = cache;
  return cache;
}

std::string ResponseCache::key_for(const std::string& provider, const std::string& model, const std::string& url,
                                   const std::string& body) {
  // Length-prefixed parts so that no two different tuples concatenate to the same text.
  std::string material;
  for (const auto* part : {&provider, &model, &url, &body}) material += fmt::format("{}:{}\n", part->size(), *part);
  return util::sha256_hex(material);
}

std::optional<std::string> ResponseCache::get(const std::string& key) {
  std::lock_guard lock(mutex_);
  select_.bind(1, key);
  std::optional<std::string> out;
  auto row = select_.step();
  if (row && *row) out = select_.column_text(0);
  // A read that fails (locked past the timeout) is a miss: the answer is asked for again.
  select_.reset();
  return out;
}

void ResponseCache::put(const std::string& key, const std::string& provider, const std::string& model,
                        const std::string& body) {
  std::lock_guard lock(mutex_);
  insert_.bind(1, key).bind(2, provider).bind(3, model).bind(4, body);
  if (auto s = insert_.run(); !s) log::warn(fmt::format("cannot store an answer: {}", s.error().message));
  insert_.reset();
}

long long ResponseCache::size() {
  std::lock_guard lock(mutex_);
  auto count = db_->prepare("SELECT COUNT(*) FROM responses");
  if (!count) return 0;
  auto row = count->step();
  return row && *row ? count->column_int(0) : 0;
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
