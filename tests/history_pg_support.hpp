#pragma once
// Talks to the server through `psql` (the test binary does not link libpq itself).
// A fresh PostgreSQL database per test (created on the server named by INVOX_TEST_PG_URL,
// which scripts/with-postgres.sh provides), dropped afterwards. Without the variable, tests
// say so and skip.
#include <unistd.h>

#include <cstdio>

#include <atomic>
#include <cstdlib>
#include <optional>
#include <string>

namespace history_test {

inline std::optional<std::string> pg_base_url() {
  const char* url = std::getenv("INVOX_TEST_PG_URL");
  if (!url || !*url) return std::nullopt;
  return std::string(url);
}

class PgDatabase {
 public:
  explicit PgDatabase(const std::string& base) : base_(base) {
    static std::atomic<int> counter{0};
    name_ = "invox_t_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    admin("DROP DATABASE IF EXISTS " + name_);
    ok_ = admin("CREATE DATABASE " + name_);
    const auto q = base_.find('?');
    const auto slash = base_.rfind('/', q == std::string::npos ? std::string::npos : q);
    url_ = base_.substr(0, slash + 1) + name_ + (q == std::string::npos ? "" : base_.substr(q));
  }
  ~PgDatabase() { admin("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)"); }
  [[nodiscard]] const std::string& url() const { return url_; }
  [[nodiscard]] bool ok() const { return ok_; }

  // Runs one statement on this test's database; returns the first value of the first row.
  std::string query(const std::string& sql) const { return psql(url_, sql).second; }

 private:
  bool admin(const std::string& sql) const { return psql(base_, sql).first; }

  static std::pair<bool, std::string> psql(const std::string& url, const std::string& sql) {
    const std::string cmd = "psql -XAtq -v ON_ERROR_STOP=1 '" + url + "' -c \"" + sql + "\" 2>/dev/null";
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return {false, ""};
    std::string out;
    char buf[256];
    while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    const int status = ::pclose(p);
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return {status == 0, out.substr(0, out.find('\n'))};
  }

  std::string base_;
  std::string name_;
  std::string url_;
  bool ok_ = false;
};

}  // namespace history_test

// Skips the current test (with a visible message) when no server is configured.
#define INVOX_REQUIRE_PG(base)                                                              \
  const auto base = history_test::pg_base_url();                                            \
  if (!base) {                                                                              \
    WARN("INVOX_TEST_PG_URL is not set; skipping (run via scripts/with-postgres.sh)");       \
    return;                                                                                 \
  }
