// The embedded SQLite history store: storage, de-duplication, retrieval rules of the paper,
// dense and hybrid ranking with a fake embedder, and failures as values.
#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <set>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>

#include "history_support.hpp"
#include "support/child_processes.hpp"

using invox::Json;
using history_test::example;
using history_test::open_store;
using history_test::transcripts;

TEST_CASE("history sqlite: add, list, stats, remove and persistence", "[history]") {
  history_test::ScratchDir dir;
  const auto path = dir.path / "nested" / "h.sqlite";  // parent directories are created
  {
    auto store = open_store(path);
    auto a = store->add(example("intake", "Name Ann, age 40.", Json{{"name", "Ann"}, {"age", 40}}));
    auto b = store->add(example("vitals", "Pulse 80.", Json{{"pulse", 80}}));
    REQUIRE(a.has_value());
    REQUIRE(b.has_value());
    CHECK(*a != *b);
    auto listed = store->list("intake");
    REQUIRE(listed.has_value());
    REQUIRE(listed->size() == 1);
    CHECK(listed->front().transcript == "Name Ann, age 40.");
    CHECK(listed->front().expected["age"] == 40);
    CHECK(listed->front().added_at.size() == 20);  // 2026-03-14T09:30:00Z
    auto all = store->list("");
    REQUIRE(all.has_value());
    CHECK(all->size() == 2);
  }
  auto store = open_store(path);  // reopened: rows survived
  auto stats = store->stats();
  REQUIRE(stats.has_value());
  CHECK(stats->examples == 2);
  CHECK(stats->backend == "sqlite");
  CHECK(stats->per_template == std::vector<std::pair<std::string, long long>>{{"intake", 1}, {"vitals", 1}});
  const long long id = store->list("vitals")->front().id;
  CHECK(*store->remove(id) == true);
  CHECK(*store->remove(id) == false);
  CHECK(store->stats()->examples == 1);
  CHECK(store->list("vitals")->empty());
}

TEST_CASE("history sqlite: the file is in WAL mode", "[history]") {
  history_test::ScratchDir dir;
  const auto path = dir.path / "h.sqlite";
  auto store = open_store(path);
  REQUIRE(store->add(example("intake", "Name Ann.", Json{{"name", "Ann"}})).has_value());
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(st) == SQLITE_ROW);
  CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 0))) == "wal");
  sqlite3_finalize(st);
  sqlite3_close(db);
}

TEST_CASE("history sqlite: the same example is stored once", "[history]") {
  history_test::ScratchDir dir;
  auto store = open_store(dir.path / "h.sqlite");
  const auto ex = example("intake", "Name Ann.", Json{{"name", "Ann"}, {"age", nullptr}});
  auto reordered = example("intake", "Name Ann.", Json{{"age", nullptr}, {"name", "Ann"}});
  auto first = store->add_batch({ex});
  REQUIRE(first.has_value());
  CHECK(first->front().inserted);
  auto again = store->add_batch({reordered, example("intake", "Name Bob.", Json{{"name", "Bob"}})});
  REQUIRE(again.has_value());
  CHECK_FALSE((*again)[0].inserted);
  CHECK((*again)[0].id == first->front().id);
  CHECK((*again)[1].inserted);
  CHECK(store->stats()->examples == 2);
}

TEST_CASE("history sqlite: invalid examples are rejected with a reason", "[history]") {
  history_test::ScratchDir dir;
  auto store = open_store(dir.path / "h.sqlite");
  auto r = store->add(example("", "text", Json::object()));
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().message.find("template id") != std::string::npos);
  r = store->add(example("intake", "  ", Json::object()));
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().message.find("transcript is empty") != std::string::npos);
  r = store->add(example("intake", "x", Json::array()));
  REQUIRE_FALSE(r.has_value());
  CHECK(store->stats()->examples == 0);
}

TEST_CASE("history sqlite: retrieval ranks by BM25 within the same template only", "[history]") {
  history_test::ScratchDir dir;
  auto store = open_store(dir.path / "h.sqlite");
  const auto tmpl = history_test::intake_template();
  REQUIRE(store->add(example("intake", "Patient Ann reports migraine and nausea.", Json{{"name", "Ann"}})));
  REQUIRE(store->add(example("intake", "Patient Bob, broken wrist after a fall.", Json{{"name", "Bob"}})));
  REQUIRE(store->add(example("intake", "Carl has a sore throat.", Json{{"name", "Carl"}})));
  // Another template with the best lexical match must never be returned.
  REQUIRE(store->add(example("other", "broken wrist fall broken wrist", Json{{"x", 1}})));
  auto shots = store->retrieve(tmpl, "She fell and has a broken wrist", {});
  REQUIRE(shots.has_value());
  REQUIRE(shots->size() == 3);  // all intake examples: best match first, then padded
  CHECK(shots->front().transcript == "Patient Bob, broken wrist after a fall.");
  for (const auto& s : *shots) CHECK(s.expected.contains("name"));
  CHECK(transcripts(*store->retrieve(tmpl, "migraine", {})).front() == "Patient Ann reports migraine and nausea.");
  // A template with no examples gives no few-shots (zero-shot), not an error.
  auto none = store->retrieve(invox::Template{"empty-template", "", "", {}, {}}, "broken wrist", {});
  REQUIRE(none.has_value());
  CHECK(none->empty());
}

TEST_CASE("history sqlite: at most five examples, truncated and reshaped", "[history]") {
  history_test::ScratchDir dir;
  auto store = open_store(dir.path / "h.sqlite");
  const auto tmpl = history_test::intake_template();
  for (int i = 0; i < 8; ++i) {
    REQUIRE(store->add(example("intake", "fever case " + std::to_string(i) + " " + std::string(2000, 'y'),
                               Json{{"name", "P" + std::to_string(i)}, {"dropped_field", i}, {"age", 30 + i}})));
  }
  invox::RetrievalOptions o;
  o.k = 50;
  auto shots = store->retrieve(tmpl, "fever", o);
  REQUIRE(shots.has_value());
  CHECK(shots->size() == 5);
  for (const auto& s : *shots) {
    CHECK(s.transcript.size() == 1200);
    CHECK_FALSE(s.expected.contains("dropped_field"));
    CHECK(s.expected.begin().key() == "name");  // template order
  }
  o.k = 2;
  CHECK(store->retrieve(tmpl, "fever", o)->size() == 2);
  o.k = 0;
  CHECK(store->retrieve(tmpl, "fever", o)->empty());
}

TEST_CASE("history sqlite: dense and hybrid ranking with stored vectors", "[history]") {
  history_test::ScratchDir dir;
  auto embedder = std::make_shared<history_test::KeywordEmbedder>();
  embedder->topics = {{"heart attack", {1, 0, 0, 0}}, {"myocardial", {1, 0.1f, 0, 0}}, {"wrist", {0, 1, 0, 0}}};
  auto store = open_store(dir.path / "h.sqlite", embedder);
  const auto tmpl = history_test::intake_template();
  // The semantic match shares no word with the query; it is the oldest row, so lexical
  // ranking plus recency padding would never pick it among the top two.
  REQUIRE(store->add(example("intake", "Acute myocardial infarction suspected.", Json{{"name", "Semantic"}})));
  REQUIRE(store->add(example("intake", "Heart rate normal after a wrist sprain.", Json{{"name", "Lexical"}})));
  for (int i = 0; i < 4; ++i)
    REQUIRE(store->add(example("intake", "Routine visit number " + std::to_string(i), Json{{"name", i}})));
  CHECK(store->stats()->with_embedding == 6);
  // Stored inputs carry the paper's template prefix.
  CHECK(embedder->seen.front().rfind("templateId=intake\n", 0) == 0);

  invox::RetrievalOptions o;
  o.k = 2;
  auto hybrid = store->retrieve(tmpl, "history of heart attack", o);
  REQUIRE(hybrid.has_value());
  const auto names = transcripts(*hybrid);
  CHECK(std::find(names.begin(), names.end(), "Acute myocardial infarction suspected.") != names.end());
  CHECK(std::find(names.begin(), names.end(), "Heart rate normal after a wrist sprain.") != names.end());

  // The same data without an embedder: lexical + recency never reaches the semantic match.
  auto lexical_store = open_store(dir.path / "h.sqlite");
  const auto lexical = transcripts(*lexical_store->retrieve(tmpl, "history of heart attack", o));
  CHECK(std::find(lexical.begin(), lexical.end(), "Acute myocardial infarction suspected.") == lexical.end());
}

TEST_CASE("history sqlite: rows added before --embed get vectors when added again", "[history]") {
  history_test::ScratchDir dir;
  const auto ex = example("intake", "Name Ann.", Json{{"name", "Ann"}});
  REQUIRE(open_store(dir.path / "h.sqlite")->add(ex));
  auto embedder = std::make_shared<history_test::KeywordEmbedder>();
  auto store = open_store(dir.path / "h.sqlite", embedder);
  CHECK(store->stats()->with_embedding == 0);
  auto r = store->add_batch({ex});
  REQUIRE(r.has_value());
  CHECK_FALSE(r->front().inserted);
  CHECK(store->stats()->with_embedding == 1);
}

TEST_CASE("history sqlite: an embedding failure is an error, never a half-stored row", "[history]") {
  history_test::ScratchDir dir;
  auto embedder = std::make_shared<history_test::KeywordEmbedder>();
  auto store = open_store(dir.path / "h.sqlite", embedder);
  REQUIRE(store->add(example("intake", "Name Ann.", Json{{"name", "Ann"}})));
  embedder->fail = true;
  auto added = store->add(example("intake", "Name Bob.", Json{{"name", "Bob"}}));
  REQUIRE_FALSE(added.has_value());
  CHECK(added.error().kind == invox::ErrorKind::Network);
  CHECK(store->stats()->examples == 1);
  auto shots = store->retrieve(history_test::intake_template(), "Ann", {});
  REQUIRE_FALSE(shots.has_value());  // the orchestrator turns this into zero-shot + warning
  CHECK(shots.error().message.find("unreachable") != std::string::npos);
}

TEST_CASE("history sqlite: an unusable location is a clear error", "[history]") {
  history_test::ScratchDir dir;
  const auto blocker = dir.path / "file";
  { std::ofstream(blocker) << "x"; }
  invox::HistoryOptions o;
  o.location = (blocker / "h.sqlite").string();  // parent is a regular file
  auto store = invox::open_history_store(o, history_test::offline_services());
  REQUIRE_FALSE(store.has_value());
  CHECK(store.error().message.find(o.location) != std::string::npos);
  o.location = "mysql://host/db";
  store = invox::open_history_store(o, history_test::offline_services());
  REQUIRE_FALSE(store.has_value());
  CHECK(store.error().kind == invox::ErrorKind::Config);
}

TEST_CASE("history sqlite: the default location follows XDG_DATA_HOME", "[history]") {
  const char* old = std::getenv("XDG_DATA_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_DATA_HOME", "/tmp/xdg-test", 1);
  CHECK(invox::default_history_path() == std::filesystem::path("/tmp/xdg-test/invox/history.sqlite"));
  ::unsetenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  if (home) CHECK(invox::default_history_path() == std::filesystem::path(home) / ".local/share/invox/history.sqlite");
  if (old) ::setenv("XDG_DATA_HOME", saved.c_str(), 1);
}

TEST_CASE("history sqlite: concurrent writer processes neither lose nor duplicate examples", "[history]") {
  history_test::ScratchDir dir;
  const auto path = dir.path / "shared.sqlite";
  constexpr int kWriters = 6;
  constexpr int kPerWriter = 40;  // half shared by every writer, half unique
  // Every child creates/opens the file itself, racing on schema creation too.
  invox::test::run_in_child_processes(kWriters, [&](int w) {
    return history_test::write_examples_as_process(path.string(), w, kPerWriter, false);
  });
  auto store = open_store(path);
  auto all = store->list("intake");
  REQUIRE(all.has_value());
  const size_t expected = kPerWriter / 2 + kWriters * kPerWriter / 2;
  CHECK(all->size() == expected);
  std::set<std::string> distinct;
  for (const auto& e : *all) distinct.insert(e.transcript);
  CHECK(distinct.size() == expected);
  // The FTS index saw every row exactly once too.
  CHECK(store->retrieve(history_test::intake_template(), "shared example", {})->size() == 5);
}
