#pragma once
// A thin libpq layer: one connection (re-established after failures, with a back-off so an
// unreachable server costs each caller at most one connect timeout per interval), text-mode
// parameterized queries, results as values.
#include <libpq-fe.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "invox/expected.hpp"

namespace invox::rag {

class PgResult {
 public:
  explicit PgResult(PGresult* r) : r_(r, &PQclear) {}
  [[nodiscard]] int rows() const { return PQntuples(r_.get()); }
  [[nodiscard]] bool is_null(int row, int col) const { return PQgetisnull(r_.get(), row, col) != 0; }
  [[nodiscard]] std::string text(int row, int col) const { return PQgetvalue(r_.get(), row, col); }
  [[nodiscard]] long long integer(int row, int col) const { return std::stoll(PQgetvalue(r_.get(), row, col)); }

 private:
  std::shared_ptr<PGresult> r_;
};

// NULL parameters are std::nullopt.
using PgParams = std::vector<std::optional<std::string>>;

class PgConnection {
 public:
  // `setup` runs after every (re)connect, e.g. to create the schema.
  PgConnection(std::string url, std::function<Status(PgConnection&)> setup);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Connects when needed; Network error when the server cannot be reached.
  [[nodiscard]] Status ensure();
  [[nodiscard]] Expected<PgResult> exec(const std::string& sql, const PgParams& params = {});
  // The URL with any password masked, for messages.
  [[nodiscard]] const std::string& display() const { return display_; }

 private:
  std::string url_;
  std::string display_;
  std::function<Status(PgConnection&)> setup_;
  PGconn* conn_ = nullptr;
  std::optional<Error> last_failure_;
  std::chrono::steady_clock::time_point last_attempt_{};
};

// postgres://user:secret@host/db -> postgres://user:***@host/db
[[nodiscard]] std::string mask_password(const std::string& url);

}  // namespace invox::rag
