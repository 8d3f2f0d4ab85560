// Retrieval latency for k=5 over 100 000 stored examples of one template:
//   SQLite lexical (FTS5/BM25), SQLite hybrid (256-d dense cosine + BM25, RRF),
//   PostgreSQL lexical, hybrid with a lexical prefilter, hybrid with exact cosine in SQL.
// PostgreSQL runs only when INVOX_TEST_PG_URL is set:
//   scripts/with-postgres.sh build/bench/bench_history
// Stores are built once per run in a temp dir (SQLite) / the given database (PostgreSQL).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "invox/history.hpp"
#include "invox/models.hpp"

namespace {

constexpr int kExamples = 100'000;
constexpr int kDims = 256;
constexpr int kQueries = 64;
constexpr const char* kTemplateId = "bench-intake";

// A vocabulary of pseudo-words with a Zipf-like draw, so some terms are common (low IDF)
// and most are rare, as in real dictation.
struct Corpus {
  std::vector<std::string> words;
  std::mt19937 rng{42};
  Corpus() {
    const char* syll[] = {"ka", "lo", "mi", "ter", "san", "vo", "rit", "pel", "dun", "ax", "ome", "gri", "bas", "tu"};
    for (int i = 0; i < 5000; ++i) {
      std::string w;
      int n = i;
      do {
        w += syll[n % 14];
        n /= 14;
      } while (n > 0);
      words.push_back(w + std::to_string(i % 7));
    }
  }
  std::string transcript(int words_count) {
    std::string out = "Patient";
    for (int i = 0; i < words_count; ++i) {
      const double u = std::uniform_real_distribution<double>(0, 1)(rng);
      const auto idx = static_cast<size_t>(std::pow(u, 3.0) * static_cast<double>(words.size() - 1));
      out += ' ' + words[idx];
    }
    return out + '.';
  }
};

// Deterministic 256-d embedding: a sum of per-word pseudo-random vectors, so texts sharing
// words are close (the store normalizes vectors).
class HashEmbedder final : public invox::Embedder {
 public:
  std::string name() const override { return "bench:hash256"; }
  invox::Expected<std::vector<std::vector<float>>> embed(const std::vector<std::string>& inputs) override {
    std::vector<std::vector<float>> out;
    for (const auto& in : inputs) {
      std::vector<float> v(kDims, 0.0f);
      size_t start = 0;
      while (start < in.size()) {
        size_t end = in.find(' ', start);
        if (end == std::string::npos) end = in.size();
        std::mt19937 g(static_cast<unsigned>(std::hash<std::string>{}(in.substr(start, end - start))));
        std::normal_distribution<float> n(0, 1);
        for (auto& x : v) x += n(g);
        start = end + 1;
      }
      out.push_back(std::move(v));
    }
    return out;
  }
};

struct Fixture {
  std::vector<std::string> queries;
  invox::Template tmpl;
  std::filesystem::path dir;
  std::shared_ptr<invox::HistoryStore> sqlite_lexical, sqlite_dense, pg_lexical, pg_prefilter, pg_exact;
};

Fixture* g_fixture = nullptr;

std::vector<invox::HistoryExample> make_examples(Corpus& corpus) {
  std::vector<invox::HistoryExample> out;
  out.reserve(kExamples);
  for (int i = 0; i < kExamples; ++i) {
    invox::HistoryExample e;
    e.template_id = kTemplateId;
    e.transcript = corpus.transcript(60) + " number " + std::to_string(i);
    e.expected = invox::Json{{"name", "P" + std::to_string(i)}, {"age", i % 90}};
    out.push_back(std::move(e));
  }
  return out;
}

std::shared_ptr<invox::HistoryStore> open(const std::string& location, std::shared_ptr<invox::Embedder> embedder,
                                          int dense_candidates = 200) {
  invox::HistoryOptions o;
  o.location = location;
  o.embedder = std::move(embedder);
  o.pg_dense_candidates = dense_candidates;
  auto s = invox::open_history_store(o, invox::ModelServices{});
  if (!s) {
    std::fprintf(stderr, "bench_history: %s\n", s.error().message.c_str());
    std::exit(1);
  }
  return *s;
}

void fill(invox::HistoryStore& store, const std::vector<invox::HistoryExample>& examples, const char* what) {
  const auto t0 = std::chrono::steady_clock::now();
  constexpr size_t kBatch = 2000;
  for (size_t i = 0; i < examples.size(); i += kBatch) {
    std::vector<invox::HistoryExample> part(examples.begin() + static_cast<long>(i),
                                            examples.begin() + static_cast<long>(std::min(examples.size(), i + kBatch)));
    if (auto r = store.add_batch(part); !r) {
      std::fprintf(stderr, "bench_history: %s\n", r.error().message.c_str());
      std::exit(1);
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "bench_history: stored %zu examples in %s in %.1f s\n", examples.size(), what, s);
}

void run_retrieval(benchmark::State& state, invox::HistoryStore& store) {
  size_t q = 0;
  size_t returned = 0;
  for (auto _ : state) {
    auto shots = store.retrieve(g_fixture->tmpl, g_fixture->queries[q++ % g_fixture->queries.size()], {});
    if (!shots) {
      state.SkipWithError(shots.error().message.c_str());
      return;
    }
    returned += shots->size();
    benchmark::DoNotOptimize(shots);
  }
  state.counters["examples"] = kExamples;
  state.counters["k_returned"] = static_cast<double>(returned) / static_cast<double>(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Fixture fx;
  g_fixture = &fx;
  auto t = invox::parse_template(invox::Json::parse(R"({"id":"bench-intake","fields":[
      {"id":"name","type":"text"},{"id":"age","type":"number"}]})"), "bench");
  fx.tmpl = *t;
  Corpus corpus;
  const auto examples = make_examples(corpus);
  for (int i = 0; i < kQueries; ++i) fx.queries.push_back(corpus.transcript(60));
  fx.dir = std::filesystem::temp_directory_path() / ("invox-bench-history-" + std::to_string(::getpid()));
  std::filesystem::create_directories(fx.dir);
  auto embedder = std::make_shared<HashEmbedder>();

  fx.sqlite_lexical = open((fx.dir / "lexical.sqlite").string(), nullptr);
  fill(*fx.sqlite_lexical, examples, "SQLite (lexical)");
  fx.sqlite_dense = open((fx.dir / "dense.sqlite").string(), embedder);
  fill(*fx.sqlite_dense, examples, "SQLite (256-d vectors)");
  benchmark::RegisterBenchmark("sqlite/lexical_bm25/k5", [](benchmark::State& s) { run_retrieval(s, *g_fixture->sqlite_lexical); })
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("sqlite/hybrid_dense256_bm25/k5", [](benchmark::State& s) { run_retrieval(s, *g_fixture->sqlite_dense); })
      ->Unit(benchmark::kMillisecond);

  if (const char* pg = std::getenv("INVOX_TEST_PG_URL"); pg && *pg) {
    fx.pg_prefilter = open(pg, embedder, 200);
    fill(*fx.pg_prefilter, examples, "PostgreSQL (256-d vectors)");
    fx.pg_lexical = open(pg, nullptr);
    fx.pg_exact = open(pg, embedder, 0);
    benchmark::RegisterBenchmark("postgres/lexical_ts_rank/k5", [](benchmark::State& s) { run_retrieval(s, *g_fixture->pg_lexical); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("postgres/hybrid_prefilter200_dense256/k5",
                                 [](benchmark::State& s) { run_retrieval(s, *g_fixture->pg_prefilter); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("postgres/hybrid_exact_sql_dense256/k5",
                                 [](benchmark::State& s) { run_retrieval(s, *g_fixture->pg_exact); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(5);
  } else {
    std::fprintf(stderr, "bench_history: INVOX_TEST_PG_URL unset, PostgreSQL skipped (use scripts/with-postgres.sh)\n");
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  fx.sqlite_lexical.reset();
  fx.sqlite_dense.reset();
  std::filesystem::remove_all(fx.dir);
  return 0;
}
