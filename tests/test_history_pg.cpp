// The PostgreSQL history store against a real server (tag [pg]; scripts/with-postgres.sh).

#include <catch2/catch.hpp>
#include <cstdio>

#include "history_pg_support.hpp"
#include "history_support.hpp"
#include "support/child_processes.hpp"

using invox::Json;
using history_test::example;
using history_test::open_store;
using history_test::transcripts;

TEST_CASE("history pg: add, de-duplicate, list, stats, remove", "[pg]") {
  INVOX_REQUIRE_PG(base);
  history_test::PgDatabase db(*base);
  REQUIRE(db.ok());
  auto store = open_store(db.url());
  auto first = store->add_batch({example("intake", "Name Ann, age 40.", Json{{"name", "Ann"}, {"age", 40}}),
                                 example("vitals", "Pulse 80.", Json{{"pulse", 80}})});
  REQUIRE(first.has_value());
  CHECK((*first)[0].inserted);
  CHECK((*first)[1].inserted);
  auto again = store->add_batch({example("intake", "Name Ann, age 40.", Json{{"age", 40}, {"name", "Ann"}})});
  REQUIRE(again.has_value());
  CHECK_FALSE(again->front().inserted);
  CHECK(again->front().id == (*first)[0].id);
  auto listed = store->list("intake");
  REQUIRE(listed.has_value());
  REQUIRE(listed->size() == 1);
  CHECK(listed->front().expected["age"] == 40);
  CHECK(listed->front().added_at.size() == 20);
  auto stats = store->stats();
  REQUIRE(stats.has_value());
  CHECK(stats->examples == 2);
  CHECK(stats->backend.rfind("postgres", 0) == 0);
  CHECK(stats->per_template == std::vector<std::pair<std::string, long long>>{{"intake", 1}, {"vitals", 1}});
  CHECK(*store->remove((*first)[1].id));
  CHECK_FALSE(*store->remove((*first)[1].id));
  CHECK(store->stats()->examples == 1);
  auto bad = store->add(example("intake", "", Json::object()));
  CHECK_FALSE(bad.has_value());
}

TEST_CASE("history pg: full-text ranking within the template, k <= 5, truncated and reshaped", "[pg]") {
  INVOX_REQUIRE_PG(base);
  history_test::PgDatabase db(*base);
  REQUIRE(db.ok());
  auto store = open_store(db.url());
  const auto tmpl = history_test::intake_template();
  REQUIRE(store->add(example("intake", "Patient Ann reports migraine and nausea.", Json{{"name", "Ann"}})));
  REQUIRE(store->add(example("intake", "Patient Bob, broken wrist after a fall.", Json{{"name", "Bob"}, {"old", 1}})));
  REQUIRE(store->add(example("intake", "Carl has a sore throat.", Json{{"name", "Carl"}})));
  REQUIRE(store->add(example("other", "broken wrist fall broken wrist", Json{{"x", 1}})));
  auto shots = store->retrieve(tmpl, "She fell and has a broken wrist", {});
  REQUIRE(shots.has_value());
  REQUIRE(shots->size() == 3);
  CHECK(shots->front().transcript == "Patient Bob, broken wrist after a fall.");
  CHECK(shots->front().expected.dump() == R"({"name":"Bob"})");
  CHECK(transcripts(*store->retrieve(tmpl, "migraines", {})).front() == "Patient Ann reports migraine and nausea.");
  for (int i = 0; i < 7; ++i)
    REQUIRE(store->add(example("intake", "fever " + std::to_string(i) + std::string(1500, 'z'), Json{{"name", i}})));
  invox::RetrievalOptions o;
  o.k = 20;
  auto many = store->retrieve(tmpl, "fever", o);
  REQUIRE(many.has_value());
  CHECK(many->size() == 5);
  for (const auto& s : *many) CHECK(s.transcript.size() == 1200);
}

TEST_CASE("history pg: dense ranking by cosine, exact and with a lexical prefilter", "[pg]") {
  INVOX_REQUIRE_PG(base);
  history_test::PgDatabase db(*base);
  REQUIRE(db.ok());
  auto embedder = std::make_shared<history_test::KeywordEmbedder>();
  embedder->topics = {{"heart attack", {1, 0, 0, 0}}, {"myocardial", {1, 0.1f, 0, 0}}, {"wrist", {0, 1, 0, 0}}};
  const auto tmpl = history_test::intake_template();
  for (int dense_candidates : {0, 200}) {
    auto store = open_store(db.url(), embedder, dense_candidates);
    REQUIRE(store->add(example("intake", "Acute myocardial infarction suspected.", Json{{"name", "Semantic"}})));
    REQUIRE(store->add(example("intake", "Heart rate normal after a wrist sprain.", Json{{"name", "Lexical"}})));
    for (int i = 0; i < 4; ++i)
      REQUIRE(store->add(example("intake", "Routine visit number " + std::to_string(i), Json{{"name", i}})));
    CHECK(store->stats()->with_embedding == 6);
    invox::RetrievalOptions o;
    o.k = 2;
    const auto names = transcripts(*store->retrieve(tmpl, "history of heart attack", o));
    CHECK(std::find(names.begin(), names.end(), "Acute myocardial infarction suspected.") != names.end());
    CHECK(std::find(names.begin(), names.end(), "Heart rate normal after a wrist sprain.") != names.end());
  }
  // Lexical only (no embedder) cannot find the semantic match among the top two.
  auto lexical = open_store(db.url());
  invox::RetrievalOptions o;
  o.k = 2;
  const auto names = transcripts(*lexical->retrieve(tmpl, "history of heart attack", o));
  CHECK(std::find(names.begin(), names.end(), "Acute myocardial infarction suspected.") == names.end());
  // Vectors are stored unit-length in the row.
  CHECK(std::stod(db.query("SELECT sum(x*x) FROM invox_history, unnest(embedding) x WHERE id = 1")) == Approx(1.0));
}

TEST_CASE("history pg: concurrent writer processes neither lose nor duplicate examples", "[pg]") {
  INVOX_REQUIRE_PG(base);
  history_test::PgDatabase db(*base);
  REQUIRE(db.ok());
  constexpr int kWriters = 6;
  constexpr int kPerWriter = 40;  // half shared by every writer, half unique
  invox::test::run_in_child_processes(kWriters, [&](int w) {
    return history_test::write_examples_as_process(db.url(), w, kPerWriter, true);
  });
  const int expected = kPerWriter / 2 + kWriters * kPerWriter / 2;
  CHECK(std::stoi(db.query("SELECT count(*) FROM invox_history")) == expected);
  CHECK(std::stoi(db.query("SELECT count(DISTINCT transcript) FROM invox_history")) == expected);
}

TEST_CASE("history pg: an unreachable server is a network error, not a crash", "[history]") {
  // Needs no server: port 1 on loopback refuses connections.
  invox::HistoryOptions o;
  o.location = "postgres://nobody:secret@127.0.0.1:1/none";
  auto store = invox::open_history_store(o, history_test::offline_services());
  REQUIRE(store.has_value());  // the pipeline keeps running zero-shot
  auto shots = (*store)->retrieve(history_test::intake_template(), "Name Ann", {});
  REQUIRE_FALSE(shots.has_value());
  CHECK(shots.error().kind == invox::ErrorKind::Network);
  CHECK(shots.error().message.find("secret") == std::string::npos);  // password masked
  CHECK(shots.error().message.find("nobody:***@127.0.0.1:1") != std::string::npos);
  auto added = (*store)->add(example("intake", "x", Json::object()));
  CHECK_FALSE(added.has_value());
}
