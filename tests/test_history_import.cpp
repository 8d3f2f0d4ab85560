// The one import path (invox history add|import, invox eval --history): reading files, template
// checks, dropped fields, failures that do not stop the rest, and the store's de-duplication
// rule (docs/HISTORY.md "Importing").
#include <catch2/catch.hpp>

#include <fstream>

#include "eval/dataset.hpp"
#include "eval/history_import.hpp"
#include "history_support.hpp"
#include "invox/history.hpp"

using invox::Json;
namespace fs = std::filesystem;
using history_test::open_store;

namespace {

fs::path write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
  return path;
}

fs::path write_example(const fs::path& path, const std::string& tmpl, const std::string& transcript,
                       const Json& expected) {
  return write(path, Json{{"templateId", tmpl}, {"transcript", transcript}, {"expected", expected}}.dump());
}

}  // namespace

TEST_CASE("history import: files are added once; re-importing adds nothing", "[history][import]") {
  history_test::ScratchDir dir;
  auto store = open_store(dir.path / "h.sqlite");
  const std::vector<fs::path> files = {
      write_example(dir.path / "a.json", "intake", "Name Ann.", {{"name", "Ann"}, {"age", 40}}),
      write_example(dir.path / "b.json", "intake", "Name Bob.", {{"name", "Bob"}})};
  auto first = invox::import_history_files(*store, files);
  REQUIRE(first.has_value());
  CHECK(first->added == 2);
  CHECK(first->already_stored == 0);
  CHECK(first->failed.empty());
  auto again = invox::import_history_files(*store, files);
  REQUIRE(again.has_value());
  CHECK(again->added == 0);
  CHECK(again->already_stored == 2);
  CHECK(store->stats()->examples == 2);
}

TEST_CASE("history import: identity is template, transcript and expected values", "[history][import]") {
  history_test::ScratchDir dir;
  auto store = open_store(dir.path / "h.sqlite");
  REQUIRE(invox::import_history_files(
              *store, {write_example(dir.path / "a.json", "intake", "Name Ann.", {{"name", "Ann"}, {"age", 40}})})
              .has_value());
  const std::vector<fs::path> files = {
      // Same example, keys in another order: already stored.
      write(dir.path / "reordered.json",
            R"({"templateId": "intake", "transcript": "Name Ann.", "expected": {"age": 40, "name": "Ann"}})"),
      // Same transcript, corrected value: a different example, stored beside the first.
      write_example(dir.path / "corrected.json", "intake", "Name Ann.", {{"name", "Anne"}, {"age", 40}}),
      // Same transcript and values, another template: a different example.
      write_example(dir.path / "other.json", "vitals", "Name Ann.", {{"name", "Ann"}, {"age", 40}})};
  auto r = invox::import_history_files(*store, files);
  REQUIRE(r.has_value());
  CHECK(r->already_stored == 1);
  CHECK(r->added == 2);
  CHECK(store->list("intake")->size() == 2);
}

TEST_CASE("history import: unreadable files are reported and the others still added", "[history][import]") {
  history_test::ScratchDir dir;
  auto store = open_store(dir.path / "h.sqlite");
  const std::vector<fs::path> files = {write(dir.path / "broken.json", "{not json"),
                                       write(dir.path / "no-transcript.json", R"({"templateId": "intake"})"),
                                       write_example(dir.path / "good.json", "intake", "Name Ann.", {{"name", "Ann"}})};
  auto r = invox::import_history_files(*store, files);
  REQUIRE(r.has_value());
  CHECK(r->added == 1);
  REQUIRE(r->failed.size() == 2);
  CHECK_THAT(r->failed[0].message, Catch::Contains("broken.json"));
  CHECK_THAT(r->failed[1].message, Catch::Contains("no-transcript.json"));
}

TEST_CASE("history import: examples are checked against the templates given", "[history][import]") {
  history_test::ScratchDir dir;
  auto store = open_store(dir.path / "h.sqlite");
  const auto tmpl = history_test::intake_template();
  const std::vector<fs::path> files = {
      write_example(dir.path / "extra.json", "intake", "Name Ann, pulse 80.", {{"name", "Ann"}, {"pulse", 80}}),
      write_example(dir.path / "vitals.json", "vitals", "Pulse 80.", {{"pulse", 80}})};
  SECTION("a template: other templates fail, unknown fields are dropped with a warning") {
    invox::HistoryImportOptions options;
    options.templates = {&tmpl};
    auto r = invox::import_history_files(*store, files, options);
    REQUIRE(r.has_value());
    CHECK(r->added == 1);
    REQUIRE(r->failed.size() == 1);
    CHECK_THAT(r->failed[0].message, Catch::Contains("vitals.json") && Catch::Contains("not 'intake'"));
    REQUIRE(r->warnings.size() == 1);
    CHECK_THAT(r->warnings[0], Catch::Contains("extra.json") && Catch::Contains("'pulse'"));
    CHECK(store->list("intake")->front().expected == Json{{"name", "Ann"}});
  }
  SECTION("a bare template id: other templates fail, fields are kept") {
    invox::HistoryImportOptions options;
    options.template_id = "vitals";
    auto r = invox::import_history_files(*store, files, options);
    REQUIRE(r.has_value());
    CHECK(r->added == 1);
    REQUIRE(r->failed.size() == 1);
    CHECK_THAT(r->failed[0].message, Catch::Contains("extra.json") && Catch::Contains("not 'vitals'"));
    CHECK(r->warnings.empty());
  }
}

TEST_CASE("history import: a dataset root means its history folder", "[history][import]") {
  history_test::ScratchDir dir;
  write_example(dir.path / "ds/history/b.json", "intake", "B", {{"name", "B"}});
  write_example(dir.path / "ds/history/a.json", "intake", "A", {{"name", "A"}});
  write(dir.path / "ds/history/notes.txt", "not an example");
  fs::create_directories(dir.path / "ds/templates");
  auto files = invox::history_files_in(dir.path / "ds");
  REQUIRE(files.has_value());
  REQUIRE(files->size() == 2);
  CHECK((*files)[0].filename() == "a.json");
  CHECK_FALSE(invox::history_files_in(dir.path / "missing").has_value());
}

TEST_CASE("eval --history: a history file for a template the dataset lacks stops the evaluation",
          "[history][import][eval]") {
  history_test::ScratchDir dir;
  write(dir.path / "ds/templates/intake.json",
        R"({"id":"intake","fields":[{"id":"name","type":"text"},{"id":"age","type":"number"}]})");
  write(dir.path / "ds/cases/c1.json",
        R"({"template":"intake","transcript":"Name Ann.","expected":{"name":"Ann","age":null}})");
  write_example(dir.path / "ds/history/h1.json", "intake", "Name Bob, age 3.", {{"name", "Bob"}, {"age", 3}});
  auto store = open_store(dir.path / "h.sqlite");
  auto ds = invox::eval::load_dataset(dir.path / "ds");
  REQUIRE(ds.has_value());
  auto ok = invox::eval::import_history(*store, *ds);
  REQUIRE(ok.has_value());
  CHECK(ok->added == 1);
  auto again = invox::eval::import_history(*store, *ds);
  REQUIRE(again.has_value());
  CHECK(again->already_stored == 1);

  write_example(dir.path / "ds/history/h2.json", "vitals", "Pulse 80.", {{"pulse", 80}});
  ds = invox::eval::load_dataset(dir.path / "ds");
  REQUIRE(ds.has_value());
  auto bad = invox::eval::import_history(*store, *ds);
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().kind == invox::ErrorKind::Config);
  CHECK_THAT(bad.error().message, Catch::Contains("h2.json") && Catch::Contains("'vitals'"));
}
