#pragma once
// Runs independent tasks concurrently and collects their results in order. Concurrency toward
// providers is bounded by the run's RequestGate, not here, so tasks may simply all start.
#include <future>
#include <vector>

namespace invox::extract {

template <class Fn>
[[nodiscard]] auto fan_out(size_t n, Fn fn) -> std::vector<decltype(fn(size_t{}))> {
  using R = decltype(fn(size_t{}));
  std::vector<std::future<R>> futures;
  futures.reserve(n);
  for (size_t i = 0; i < n; ++i) futures.push_back(std::async(std::launch::async, fn, i));
  std::vector<R> out;
  out.reserve(n);
  for (auto& f : futures) out.push_back(f.get());
  return out;
}

}  // namespace invox::extract
