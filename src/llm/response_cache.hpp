#pragma once
// On-disk cache of provider answers (SQLite), keyed by a hash of (provider, model, URL, body),
// so re-running an evaluation costs nothing. Only answer bodies are stored: requests carry keys
// in headers, which never enter the key or the file.
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "invox/expected.hpp"
#include "util/sqlite_db.hpp"

namespace invox::llm {

class ResponseCache {
 public:
  ResponseCache(const ResponseCache&) = delete;
  ResponseCache& operator=(const ResponseCache&) = delete;

  // Opens (creating directories and schema as needed). One instance per path per process.
  [[nodiscard]] static Expected<std::shared_ptr<ResponseCache>> open(const std::filesystem::path& path);

  [[nodiscard]] static std::string key_for(const std::string& provider, const std::string& model,
                                           const std::string& url, const std::string& body);
  [[nodiscard]] std::optional<std::string> get(const std::string& key);
  // Failures to write are logged, never fatal: the cache is an optimisation.
  void put(const std::string& key, const std::string& provider, const std::string& model, const std::string& body);
  [[nodiscard]] long long size();

 private:
  ResponseCache(std::unique_ptr<util::SqliteDb> db, util::SqliteStatement select, util::SqliteStatement insert)
      : db_(std::move(db)), select_(std::move(select)), insert_(std::move(insert)) {}

  std::mutex mutex_;  // one connection, shared by every thread of the run
  std::unique_ptr<util::SqliteDb> db_;
  // Declared after db_, so they are finalized before the connection closes.
  util::SqliteStatement select_;
  util::SqliteStatement insert_;
};

// $XDG_CACHE_HOME/invox/llm-cache.sqlite, else ~/.cache/invox/llm-cache.sqlite.
[[nodiscard]] std::filesystem::path default_cache_path();

}  // namespace invox::llm
