#pragma once
// Helpers for the history tests: a scratch directory, a tiny template, and a deterministic
// fake embedding model (no network).
#include <unistd.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "invox/history.hpp"
#include "invox/models.hpp"

namespace history_test {

struct ScratchDir {
  std::filesystem::path path;
  ScratchDir() {
    static std::atomic<int> counter{0};
    path = std::filesystem::temp_directory_path() /
           ("invox-history-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

inline invox::Template intake_template() {
  auto t = invox::parse_template(invox::Json::parse(R"({"id":"intake","fields":[
    {"id":"name","type":"text"},{"id":"age","type":"number"},{"id":"smoker","type":"boolean"}]})"),
                                 "intake.json");
  return *t;
}

inline invox::HistoryExample example(std::string template_id, std::string transcript, invox::Json expected) {
  invox::HistoryExample e;
  e.template_id = std::move(template_id);
  e.transcript = std::move(transcript);
  e.expected = std::move(expected);
  return e;
}

// Maps each input to a vector by keyword: inputs naming the same topic get the same
// direction, so dense ranking is known in advance. Counts calls; can be told to fail.
class KeywordEmbedder final : public invox::Embedder {
 public:
  std::map<std::string, std::vector<float>> topics;
  std::vector<float> fallback{0, 0, 0, 1};
  int calls = 0;
  bool fail = false;
  std::vector<std::string> seen;

  std::string name() const override { return "fake:keyword"; }
  invox::Expected<std::vector<std::vector<float>>> embed(const std::vector<std::string>& inputs) override {
    ++calls;
    if (fail) return invox::Error::network("embedding server unreachable (test)");
    std::vector<std::vector<float>> out;
    for (const auto& in : inputs) {
      seen.push_back(in);
      std::vector<float> v = fallback;
      for (const auto& [word, vec] : topics)
        if (in.find(word) != std::string::npos) v = vec;
      out.push_back(v);
    }
    return out;
  }
};

inline invox::ModelServices offline_services() {
  invox::ModelServices s;
  s.providers = invox::ProviderConfig{};
  return s;
}

// A store at `location` (SQLite path or postgres:// URL) with offline services; fails the test
// when it cannot be opened.
inline std::shared_ptr<invox::HistoryStore> open_store(const std::string& location,
                                                       std::shared_ptr<invox::Embedder> embedder = nullptr,
                                                       int pg_dense_candidates = 200) {
  invox::HistoryOptions o;
  o.location = location;
  o.embedder = std::move(embedder);
  o.pg_dense_candidates = pg_dense_candidates;
  auto store = invox::open_history_store(o, offline_services());
  if (!store) FAIL(location << ": " << store.error().message);
  return *store;
}

// The transcripts of retrieved few-shots, in ranking order.
inline std::vector<std::string> transcripts(const std::vector<invox::FewShot>& shots) {
  std::vector<std::string> out;
  for (const auto& s : shots) out.push_back(s.transcript);
  return out;
}

// The body of one writer process in the concurrency tests: opens the store at `location`
// itself and adds `count` examples, the even ones shared by every writer, the odd ones its own.
// Every third add goes through add_batch when `use_batches`. Returns the process exit code.
inline int write_examples_as_process(const std::string& location, int writer, int count, bool use_batches) {
  invox::HistoryOptions o;
  o.location = location;
  auto store = invox::open_history_store(o, offline_services());
  if (!store) {
    std::fprintf(stderr, "writer %d: %s\n", writer, store.error().message.c_str());
    return 1;
  }
  int failures = 0;
  for (int i = 0; i < count; ++i) {
    const std::string text = i % 2 == 0 ? "shared example " + std::to_string(i)
                                        : "writer " + std::to_string(writer) + " example " + std::to_string(i);
    auto e = example("intake", text, invox::Json{{"name", text}});
    std::string error;
    if (use_batches && i % 3 != 0) {
      if (auto r = (*store)->add_batch({e}); !r) error = r.error().message;
    } else if (auto r = (*store)->add(e); !r) {
      error = r.error().message;
    }
    if (!error.empty()) {
      std::fprintf(stderr, "writer %d: %s\n", writer, error.c_str());
      ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace history_test
