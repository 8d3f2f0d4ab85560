#pragma once
// The one thread pool of invox. A pool starts at most `max_threads` threads, on demand, and
// `for_each` runs fn(0..n-1) on the calling thread plus at most `width - 1` of them.
//
// The caller always works too, and it waits only for indices that a pool thread has already
// taken, never for a free thread. So nested calls (a batch worker fanning out per field, a field
// fanning out per model) cannot deadlock, however busy the pool is; at worst the caller runs
// every index itself. Threads in use are bounded by the pool size plus the callers.
//
// Cancellation: no new index starts once util::stop_requested() is true; those already
// running finish (they poll the same flag). Errors: the first exception a task throws stops
// new indices from starting and is rethrown to the caller after the running ones finish.
// Pool threads carry the caller's log correlation id.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace invox::util {

// One worker per core (at least one): the default of --jobs for fill and eval.
[[nodiscard]] int default_jobs();
// How many of `tasks` run at once for --jobs `requested` (0: default_jobs()): never more than
// there are tasks, at least one.
[[nodiscard]] int jobs_at_once(int requested, size_t tasks);

class WorkerPool {
 public:
  explicit WorkerPool(int max_threads);
  ~WorkerPool();  // joins the threads; call only when no for_each is running
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Runs fn(i) for every i in [0, n) with at most `width` (>= 1) running at once, and returns
  // when all have finished. Throws the first exception of a task; throws util::StopRequested
  // when a stop request kept some indices from starting.
  void for_each(size_t n, int width, const std::function<void(size_t)>& fn);

  // Changes the thread limit for threads started from now on (threads already started stay).
  void set_max_threads(int max_threads);
  [[nodiscard]] int max_threads() const;
  [[nodiscard]] int started_threads() const;  // for tests: never above the largest limit set

 private:
  void submit(std::function<void()> task);
  void work();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  int max_threads_;
  int idle_ = 0;
  bool closing_ = false;
};

// The process-wide pool that per-input fan-out shares (S2/S3/S4 field and model calls, STT
// chunks): however many inputs run at once (--jobs), they draw helpers from these threads.
// Its limit follows --max-inflight (default 8; see docs/RELIABILITY.md "Threads").
[[nodiscard]] WorkerPool& fanout_pool();
inline constexpr int kDefaultFanoutThreads = 8;     // = ModelServices::max_inflight's default
inline constexpr int kMaxFanoutThreads = 64;        // when requests in flight are unlimited
// Sizes the fan-out pool for a cap on model requests in flight (<= 0: unlimited): more threads
// than requests allowed in flight would only wait at the request gate.
void size_fanout_for_inflight(int max_inflight);

// fn(0..n-1) on the fan-out pool, at most `width` at once; the results in index order.
template <class Fn>
[[nodiscard]] auto fan_out(size_t n, int width, Fn fn) -> std::vector<decltype(fn(size_t{}))> {
  std::vector<std::optional<decltype(fn(size_t{}))>> slots(n);
  fanout_pool().for_each(n, width, [&](size_t i) { slots[i].emplace(fn(i)); });
  std::vector<decltype(fn(size_t{}))> out;
  out.reserve(n);
  for (auto& slot : slots) out.push_back(std::move(*slot));
  return out;
}

}  // namespace invox::util
