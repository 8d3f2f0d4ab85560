#include "rag/pg_conn.hpp"

#include <fmt/format.h>

namespace invox::rag {

namespace {
// After a failed connect, callers within this interval get the same error at once.
constexpr auto kReconnectBackoff = std::chrono::seconds(30);
constexpr const char* kConnectTimeoutSeconds = "5";

void ignore_notice(void*, const char*) {}  // e.g. "text-search query contains only stop words"
}  // namespace

std::string mask_password(const std::string& url) {
  const auto scheme = url.find("://");
  if (scheme == std::string::npos) return url;
  const auto at = url.find('@', scheme + 3);
  const auto slash = url.find('/', scheme + 3);
  if (at == std::string::npos || (slash != std::string::npos && slash < at)) return url;
  const auto colon = url.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return url;
  return url.substr(0, colon + 1) + "***" + url.substr(at);
}

PgConnection::PgConnection(std::string url, std::function<Status(PgConnection&)> setup)
    : url_(std::move(url)), display_(mask_password(url_)), setup_(std::move(setup)) {}

PgConnection::~PgConnection() {
  if (conn_) PQfinish(conn_);
}

Status PgConnection::ensure() {
  if (conn_ && PQstatus(conn_) == CONNECTION_OK) return ok();
  const auto now = std::chrono::steady_clock::now();
  if (last_failure_ && now - last_attempt_ < kReconnectBackoff) return *last_failure_;
  last_attempt_ = now;
  if (conn_) PQfinish(conn_);
  // connect_timeout first so a value in the URL overrides it.
  const char* keys[] = {"connect_timeout", "application_name", "dbname", nullptr};
  const char* values[] = {kConnectTimeoutSeconds, "invox", url_.c_str(), nullptr};
  conn_ = PQconnectdbParams(keys, values, 1);
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    std::string why = conn_ ? PQerrorMessage(conn_) : "out of memory";
    while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    last_failure_ = Error::network(fmt::format("history store {}: cannot connect: {}", display_, why));
    return *last_failure_;
  }
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
  last_failure_.reset();
  if (setup_) {
    if (auto s = setup_(*this); !s) {
      PQfinish(conn_);
      conn_ = nullptr;
      return s;
    }
  }
  return ok();
}

Expected<PgResult> PgConnection::exec(const std::string& sql, const PgParams& params) {
  if (auto s = ensure(); !s) return s.error();
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
  // Without parameters PQexec also accepts several statements (the schema script).
  PGresult* r = params.empty() ? PQexec(conn_, sql.c_str())
                               : PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                                              values.data(), nullptr, nullptr, 0);
  const auto status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return PgResult(r);
  std::string why = r ? PQresultErrorMessage(r) : PQerrorMessage(conn_);
  while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
  const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
  const std::string sqlstate = state ? state : "";
  if (r) PQclear(r);
  if (PQstatus(conn_) != CONNECTION_OK) {  // the server went away: reconnect next time
    PQfinish(conn_);
    conn_ = nullptr;
    return Error::network(fmt::format("history store {}: connection lost: {}", display_, why));
  }
  return Error::input(fmt::format("history store {}: {}{}", display_, why,
                                  sqlstate.empty() ? "" : fmt::format(" (SQLSTATE {})", sqlstate)));
}

}  // namespace invox::rag
