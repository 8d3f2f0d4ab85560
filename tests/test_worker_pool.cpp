// util::WorkerPool: the bounded pool every parallel loop of invox runs on.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "invox/log.hpp"
#include "util/cancel.hpp"
#include "util/worker_pool.hpp"
#include "support/stop_guard.hpp"

using invox::test::StopGuard;
using invox::util::WorkerPool;
using namespace std::chrono_literals;

namespace {

// Counts tasks running at once and remembers the highest count.
struct Concurrency {
  std::atomic<int> now{0};
  std::atomic<int> peak{0};
  void enter() {
    const int n = ++now;
    int p = peak.load();
    while (n > p && !peak.compare_exchange_weak(p, n)) {
    }
  }
  void leave() { --now; }
};


}  // namespace

TEST_CASE("WorkerPool runs every index exactly once", "[pool]") {
  WorkerPool pool(3);
  std::vector<std::atomic<int>> runs(1000);
  pool.for_each(runs.size(), 4, [&](size_t i) { ++runs[i]; });
  for (size_t i = 0; i < runs.size(); ++i) CHECK(runs[i].load() == 1);
  pool.for_each(0, 4, [&](size_t) { FAIL("no index to run"); });
}

TEST_CASE("WorkerPool runs at most `width` tasks at once and starts at most max_threads", "[pool]") {
  WorkerPool pool(8);
  Concurrency c;
  pool.for_each(40, 3, [&](size_t) {
    c.enter();
    std::this_thread::sleep_for(2ms);
    c.leave();
  });
  CHECK(c.peak.load() <= 3);
  CHECK(c.peak.load() >= 2);  // it does run in parallel
  CHECK(pool.started_threads() <= 2);

  WorkerPool small(2);
  Concurrency d;
  small.for_each(40, 16, [&](size_t) {
    d.enter();
    std::this_thread::sleep_for(2ms);
    d.leave();
  });
  CHECK(d.peak.load() <= 3);  // two pool threads and the caller
  CHECK(small.started_threads() == 2);
}

TEST_CASE("WorkerPool: nested fan-out shares the pool's threads and cannot deadlock", "[pool]") {
  // Eight callers (like --jobs 8) each fan out over 40 fields: threads stay 8 + the pool's 4,
  // not 8 x 40; a full pool makes callers do the work themselves instead of waiting.
  WorkerPool outer(7);
  WorkerPool shared(4);
  Concurrency c;
  std::mutex ids_mutex;
  std::set<std::thread::id> ids;
  std::atomic<int> calls{0};
  outer.for_each(8, 8, [&](size_t) {
    shared.for_each(40, 40, [&](size_t) {
      c.enter();
      {
        std::lock_guard lock(ids_mutex);
        ids.insert(std::this_thread::get_id());
      }
      std::this_thread::sleep_for(1ms);
      ++calls;
      c.leave();
    });
  });
  CHECK(calls.load() == 8 * 40);
  CHECK(shared.started_threads() <= 4);
  CHECK(ids.size() <= 8 + 4);
  CHECK(c.peak.load() <= 8 + 4);
}

TEST_CASE("WorkerPool carries the first exception to the caller after the running tasks end", "[pool]") {
  WorkerPool pool(3);
  std::atomic<int> running{0};
  std::atomic<int> started{0};
  int running_when_caught = -1;
  try {
    pool.for_each(200, 4, [&](size_t i) {
      ++running;
      ++started;
      std::this_thread::sleep_for(1ms);
      --running;
      if (i == 5) throw std::runtime_error("field 5 broke");
    });
    FAIL("for_each returned normally");
  } catch (const std::runtime_error& e) {
    running_when_caught = running.load();
    CHECK(std::string(e.what()) == "field 5 broke");
  }
  CHECK(running_when_caught == 0);
  CHECK(started.load() < 200);  // no new index starts after a failure
}

TEST_CASE("WorkerPool starts no new index once a stop is requested", "[pool][cancel]") {
  StopGuard guard;
  WorkerPool pool(2);
  std::vector<int> ran;
  bool threw = false;
  try {
    pool.for_each(10, 1, [&](size_t i) {  // width 1: deterministic order on the caller
      ran.push_back(static_cast<int>(i));
      if (i == 3) invox::util::request_stop(0);
    });
  } catch (const invox::util::StopRequested&) {
    threw = true;
  }
  CHECK(threw);
  CHECK(ran == std::vector<int>{0, 1, 2, 3});
}

TEST_CASE("WorkerPool threads carry the caller's log correlation id", "[pool][log]") {
  WorkerPool pool(2);
  invox::log::set_correlation_id("input-7");
  std::atomic<int> arrived{0};
  std::mutex m;
  std::vector<std::string> seen;
  std::set<std::thread::id> threads;
  pool.for_each(2, 2, [&](size_t) {
    // Both tasks wait for each other, so one of them must be on a pool thread.
    ++arrived;
    const auto until = std::chrono::steady_clock::now() + 2s;
    while (arrived.load() < 2 && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(1ms);
    std::lock_guard lock(m);
    seen.push_back(invox::log::correlation_id());
    threads.insert(std::this_thread::get_id());
  });
  invox::log::set_correlation_id("");
  CHECK(threads.size() == 2);
  CHECK(seen == std::vector<std::string>{"input-7", "input-7"});
}

TEST_CASE("jobs_at_once: never more than the tasks, at least one, the cores by default", "[pool]") {
  using invox::util::jobs_at_once;
  CHECK(jobs_at_once(4, 100) == 4);
  CHECK(jobs_at_once(4, 3) == 3);
  CHECK(jobs_at_once(4, 0) == 1);
  CHECK(jobs_at_once(0, 100000) == invox::util::default_jobs());
  CHECK(jobs_at_once(0, 1) == 1);
}
