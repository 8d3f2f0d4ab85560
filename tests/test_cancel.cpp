// A stop request (what Ctrl-C and SIGTERM set) ends waits in progress within a second: HTTP
// transfers, retry backoff, the request gate, SQLite lock waits, plain sleeps; eval stops too.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <future>
#include <optional>
#include <thread>

#include "eval/runner.hpp"
#include "invox/http.hpp"
#include "invox/models.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"
#include "support/scratch_dir.hpp"
#include "util/cancel.hpp"
#include "util/sqlite_db.hpp"
#include "support/stop_guard.hpp"

using namespace invox;
using namespace invox::test;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {


// Runs `work` on a thread, requests a stop after `delay`, and returns how long `work` went on
// after the request, with its result.
template <class Work>
auto stop_during(Work work, std::chrono::milliseconds delay) {
  auto future = std::async(std::launch::async, std::move(work));
  std::this_thread::sleep_for(delay);
  util::request_stop(SIGINT);
  const auto stopped_at = Clock::now();
  auto result = future.get();
  return std::make_pair(Clock::now() - stopped_at, std::move(result));
}


// Two connections to one new file with a table; the first holds the write lock.
struct LockedFile {
  std::unique_ptr<util::SqliteDb> holder;
  std::unique_ptr<util::SqliteDb> waiter;
  std::optional<util::SqliteTransaction> lock;

  explicit LockedFile(const std::filesystem::path& path) {
    auto a = util::SqliteDb::open(path, {"test db", true, 30s});
    auto b = util::SqliteDb::open(path, {"test db", true, 30s});
    REQUIRE(a.has_value());
    REQUIRE(b.has_value());
    holder = std::move(*a);
    waiter = std::move(*b);
    REQUIRE(holder->exec("CREATE TABLE t (x INTEGER)").has_value());
    auto tx = util::SqliteTransaction::begin(*holder);
    REQUIRE(tx.has_value());
    lock.emplace(std::move(*tx));
  }
};

bool says_interrupted(const Error& e) { return e.message.find("interrupted") != std::string::npos; }

}  // namespace

TEST_CASE("cancel: sleep_unless_stopped returns early on a stop", "[cancel]") {
  StopGuard guard;
  const auto t0 = Clock::now();
  CHECK(util::sleep_unless_stopped(20ms));
  CHECK(Clock::now() - t0 >= 20ms);
  auto [after_stop, completed] = stop_during([] { return util::sleep_unless_stopped(10s); }, 100ms);
  CHECK_FALSE(completed);
  CHECK(after_stop < 300ms);
}

TEST_CASE("cancel: a stop aborts an HTTP transfer waiting for a slow answer", "[cancel][llm][http]") {
  StopGuard guard;
  FakeLlmServer server;
  FakeReply slow = error_reply(200, "");
  slow.delay_ms = 20'000;
  server.push(slow);
  auto client = make_curl_http_client();
  HttpOptions options;  // the default 120 s timeout: only the stop can end this early
  auto [after_stop, r] = stop_during([&] { return client->send(chat_post(server.openai_base()), options); }, 300ms);
  REQUIRE_FALSE(r.has_value());
  CHECK(says_interrupted(r.error()));
  CHECK(r.error().message.find(server.openai_base()) != std::string::npos);  // names the URL
  CHECK(after_stop < 1s);
  CHECK(server.request_count() == 1);  // it was in flight, not refused up front
}

TEST_CASE("cancel: after a stop a new transfer is not even started", "[cancel][llm][http]") {
  StopGuard guard;
  FakeLlmServer server;
  util::request_stop(SIGTERM);
  auto r = make_curl_http_client()->send(chat_post(server.openai_base()), HttpOptions{});
  REQUIRE_FALSE(r.has_value());
  CHECK(says_interrupted(r.error()));
  CHECK(server.request_count() == 0);
}

TEST_CASE("cancel: a stop cuts a retry backoff short and no retry follows", "[cancel][llm][http]") {
  StopGuard guard;
  FakeLlmServer server;
  auto services = services_for(server);
  services.sleeper = real_sleeper();  // the real, stop-aware sleep
  services.retry.max_delay_ms = 60'000;
  services.retry.max_server_delay_ms = 120'000;
  server.push(error_reply(503, "overloaded", 30));  // Retry-After: 30 s
  auto [after_stop, r] =
      stop_during([&] { return send_model_request(services, "openai", chat_post(server.openai_base())); }, 300ms);
  REQUIRE_FALSE(r.has_value());
  CHECK(says_interrupted(r.error()));
  CHECK(after_stop < 1s);
  CHECK(server.request_count() == 1);
}

TEST_CASE("cancel: a request waiting at a full gate gives up on a stop", "[cancel][llm][http]") {
  StopGuard guard;
  RequestGate gate;
  auto held = gate.acquire("p", 1);
  REQUIRE(held.held());
  auto [after_stop, permit] = stop_during([&] { return gate.acquire("p", 1); }, 100ms);
  CHECK_FALSE(permit.held());
  CHECK(after_stop < 300ms);
  CHECK(gate.in_flight() == 1);  // the refused wait took no slot

  // The rate limit's wait is cut short too.
  util::clear_stop();
  RequestGate slow;
  { auto first = slow.acquire("q", 0, 1); }  // the next slot of "q" is a minute away
  auto [after, second] = stop_during([&] { return slow.acquire("q", 0, 1); }, 100ms);
  CHECK_FALSE(second.held());
  CHECK(after < 300ms);
}

TEST_CASE("cancel: a statement waiting for another connection's lock gives up on a stop", "[cancel][sqlite]") {
  StopGuard guard;
  ScratchDir dir;
  LockedFile file(dir.path() / "locked.sqlite");
  auto [after_stop, r] = stop_during([&] { return util::SqliteTransaction::begin(*file.waiter).has_value(); }, 200ms);
  CHECK_FALSE(r);
  CHECK(after_stop < 500ms);
}

TEST_CASE("sqlite: the busy handler waits for a lock held briefly", "[sqlite]") {
  StopGuard guard;
  ScratchDir dir;
  LockedFile file(dir.path() / "brief.sqlite");
  auto release = std::async(std::launch::async, [&] {
    std::this_thread::sleep_for(150ms);
    return file.lock->commit().has_value();
  });
  auto tx = util::SqliteTransaction::begin(*file.waiter);  // waits instead of failing as busy
  CHECK(tx.has_value());
  CHECK(release.get());
}

TEST_CASE("sqlite: errors name what the file is for and its path", "[sqlite]") {
  ScratchDir dir;
  auto missing = util::SqliteDb::open(dir.path() / "none" / "x.sqlite", {"response cache", false, 1s});
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().kind == ErrorKind::Config);
  CHECK(missing.error().message.find("response cache " + (dir.path() / "none" / "x.sqlite").string()) == 0);
  auto db = util::SqliteDb::open(dir.path() / "y.sqlite", {"history store", true, 1s});
  REQUIRE(db.has_value());
  auto bad = (*db)->prepare("SELECT x FROM nowhere");
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().message.find("history store " + (dir.path() / "y.sqlite").string()) == 0);
  CHECK(bad.error().message.find("nowhere") != std::string::npos);
}

TEST_CASE("cancel: eval stops on a stop request and scores only the cases that finished before it", "[cancel][eval]") {
  StopGuard guard;
  auto ds = eval::load_dataset(std::string(INVOX_TEST_DATA_DIR) + "/eval-tiny");
  REQUIRE(ds.has_value());
  REQUIRE(ds->cases.size() >= 3);
  eval::EvalOptions options;
  options.strategies = {Strategy::S1, Strategy::S2};
  options.jobs = 1;
  int processed = 0;
  auto factory = [&](Strategy s) -> Expected<eval::StrategyRunner> {
    eval::StrategyRunner r;
    r.strategy = std::string(to_string(s));
    r.model = "scripted";
    r.process = [&](const FillRequest&) {
      if (++processed == 2) util::request_stop(SIGTERM);  // while the second case runs
      FillOutcome out;
      out.report.status = FormStatus::Complete;
      return out;
    };
    return r;
  };
  auto result = eval::run_eval(*ds, options, factory);
  REQUIRE(result.has_value());
  CHECK(result->interrupted);
  CHECK(result->signal == SIGTERM);
  REQUIRE(result->strategies.size() == 1);  // S2 never started
  CHECK(processed == 2);
  CHECK(result->strategies[0].metrics.cases == 1);
  CHECK(result->strategies[0].cases[0].ran);
  CHECK_FALSE(result->strategies[0].cases[1].ran);  // cut short: not scored
  CHECK_FALSE(result->strategies[0].cases[2].ran);
}
