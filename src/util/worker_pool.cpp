#include "util/worker_pool.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <string>
#include <system_error>
#include <thread>

#include "invox/log.hpp"
#include "util/cancel.hpp"

namespace invox::util {

int default_jobs() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

int jobs_at_once(int requested, size_t tasks) {
  const size_t wanted = static_cast<size_t>(requested > 0 ? requested : default_jobs());
  return static_cast<int>(std::max<size_t>(1, std::min(wanted, tasks)));
}

namespace {

// One for_each call. Helpers queued in the pool hold it by shared_ptr, because a helper may be
// dequeued after the call has returned: it then sees `closed` and leaves without touching fn.
struct Batch {
  size_t n = 0;
  const std::function<void(size_t)>* fn = nullptr;
  std::atomic<size_t> next{0};
  std::atomic<bool> halt{false};  // an error or a stop: take no new index
  std::mutex mutex;
  std::condition_variable idle;
  int running_helpers = 0;
  bool closed = false;
  bool stopped = false;
  std::exception_ptr error;

  // Takes indices until none is left, a task failed or a stop was requested.
  void drain() {
    while (!halt.load() && next.load() < n) {
      if (stop_requested()) {
        std::lock_guard lock(mutex);
        stopped = true;
        halt = true;
        return;
      }
      const size_t i = next.fetch_add(1);
      if (i >= n) return;
      try {
        (*fn)(i);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        halt = true;
      }
    }
  }

  void help(const std::string& correlation_id) {
    {
      std::lock_guard lock(mutex);
      if (closed) return;
      ++running_helpers;
    }
    log::set_correlation_id(correlation_id);
    drain();
    log::set_correlation_id("");
    {
      std::lock_guard lock(mutex);
      --running_helpers;
    }
    idle.notify_all();
  }
};

}  // namespace

WorkerPool::WorkerPool(int max_threads) : max_threads_(std::max(0, max_threads)) {}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::set_max_threads(int max_threads) {
  std::lock_guard lock(mutex_);
  max_threads_ = std::max(0, max_threads);
}

int WorkerPool::max_threads() const {
  std::lock_guard lock(mutex_);
  return max_threads_;
}

int WorkerPool::started_threads() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(threads_.size());
}

void WorkerPool::submit(std::function<void()> task) {
  std::lock_guard lock(mutex_);
  queue_.push_back(std::move(task));
  // A new thread only when the idle ones cannot take every queued task.
  if (static_cast<int>(queue_.size()) > idle_ && static_cast<int>(threads_.size()) < max_threads_) {
    try {
      threads_.emplace_back([this] { work(); });
    } catch (const std::system_error&) {
      // No thread to be had: the threads already running (and the caller) do the work.
    }
  }
  wake_.notify_one();
}

void WorkerPool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_;
    wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
    --idle_;
    if (queue_.empty()) return;  // closing
    auto task = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    task();  // Batch::help, which never throws
    lock.lock();
  }
}

void WorkerPool::for_each(size_t n, int width, const std::function<void(size_t)>& fn) {
  if (n == 0) return;
  auto batch = std::make_shared<Batch>();
  batch->n = n;
  batch->fn = &fn;
  const size_t helpers = std::min<size_t>(static_cast<size_t>(std::max(1, width)), n) - 1;
  if (helpers > 0) {
    const std::string id = log::correlation_id();
    for (size_t h = 0; h < helpers; ++h) submit([batch, id] { batch->help(id); });
  }
  batch->drain();
  std::unique_lock lock(batch->mutex);
  batch->closed = true;  // helpers not yet started will not start
  batch->idle.wait(lock, [&] { return batch->running_helpers == 0; });
  if (batch->error) std::rethrow_exception(batch->error);
  if (batch->stopped) throw StopRequested{};
}

WorkerPool& fanout_pool() {
  static WorkerPool pool(kDefaultFanoutThreads);
  return pool;
}

void size_fanout_for_inflight(int max_inflight) {
  fanout_pool().set_max_threads(max_inflight > 0 ? std::min(max_inflight, kMaxFanoutThreads) : kMaxFanoutThreads);
}

}  // namespace invox::util
