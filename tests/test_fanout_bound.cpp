// Per-input fan-out (S2's field calls) shares one process-wide pool, so parallel inputs
// (--jobs) never multiply threads: 8 inputs x 40 fields run on 8 + the pool's threads, not 320.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

#include "invox/strategy.hpp"
#include "support/fake_extractor.hpp"
#include "support/pipeline_fixtures.hpp"
#include "util/worker_pool.hpp"

using namespace invox;
using namespace invox::testing;

TEST_CASE("fan-out: --jobs 8 with S2 on a 40-field template stays within the shared thread bound", "[pool][strategy]") {
  Template tmpl;
  tmpl.id = "wide";
  for (int i = 0; i < 40; ++i) {
    Field f;
    f.id = "f" + std::to_string(i);
    f.label = f.id;
    tmpl.fields.push_back(f);
  }
  const Transcript t = transcript_of("text");
  std::mutex mutex;
  std::set<std::thread::id> threads;
  std::atomic<int> now{0};
  std::atomic<int> peak{0};
  auto model = std::make_shared<FakeExtractor>([&](const ExtractionRequest& r) -> Expected<ExtractionResult> {
    const int n = ++now;
    int p = peak.load();
    while (n > p && !peak.compare_exchange_weak(p, n)) {
    }
    {
      std::lock_guard lock(mutex);
      threads.insert(std::this_thread::get_id());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));  // a model call takes a while
    --now;
    ExtractionResult out;
    out.values[r.fields[0]->id] = candidate("x");
    return out;
  });
  constexpr int kJobs = 8;
  util::WorkerPool inputs(kJobs - 1);  // what the batch runner does for --jobs 8
  std::atomic<int> filled{0};
  inputs.for_each(kJobs, kJobs, [&](size_t) {
    StrategyInput in;
    in.base.tmpl = &tmpl;
    in.base.transcript = &t;
    for (const Field& f : tmpl.fields) in.base.fields.push_back(&f);
    in.model_a = model.get();
    auto out = run_s2(in);
    if (out) filled += static_cast<int>(out->values.size());
  });
  CHECK(filled.load() == kJobs * 40);
  CHECK(model->calls() == kJobs * 40);
  const int bound = kJobs + util::fanout_pool().max_threads();
  CHECK(util::fanout_pool().started_threads() <= util::fanout_pool().max_threads());
  CHECK(static_cast<int>(threads.size()) <= bound);
  CHECK(peak.load() <= bound);
  CHECK(peak.load() > kJobs);  // fields of one input do run in parallel
}
