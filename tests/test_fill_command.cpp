// The fill command's library half: inputs, request validation, per-input isolation.
#include <catch2/catch.hpp>

#include <sstream>

#include "app/context_check.hpp"
#include "app/fill_command.hpp"
#include "support/scratch_dir.hpp"

namespace fs = std::filesystem;
using invox::test::ScratchDir;

namespace {

const std::string kTemplate = R"({"id": "t", "fields": [{"id": "name", "label": "Name", "type": "text"},
  {"id": "age", "label": "Age", "type": "number"}]})";

invox::app::FillCommandOptions options_for(const ScratchDir& dir) {
  invox::app::FillCommandOptions o;
  o.template_path = dir.write("t.json", kTemplate);
  o.out_dir = dir.path() / "out";
  o.pipeline.models = {invox::ModelSpec{"rules", "rules", ""}};
  return o;
}

std::string prepare_error(invox::app::FillCommandOptions& o) {
  auto s = invox::app::prepare_fill(o, {});
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().kind == invox::ErrorKind::Config);
  return s.error().message;
}

}  // namespace

TEST_CASE("fill inputs: files, folders and stdin", "[fill]") {
  ScratchDir dir;
  dir.write("in/b.txt", "b");
  dir.write("in/a.transcript.json", R"({"transcript": "a"})");
  dir.write("in/c.wav", "RIFF");
  dir.write("in/a.filled.json", "{}");  // an earlier output, not an input
  dir.write("in/notes.md", "not an input");
  std::istringstream stdin_text("spoken text");
  auto inputs = invox::app::collect_inputs({(dir.path() / "in").string(), "-", "x.txt"}, stdin_text);
  REQUIRE(inputs.has_value());
  REQUIRE(inputs->size() == 5);
  CHECK((*inputs)[0].path.filename() == "a.transcript.json");
  CHECK((*inputs)[1].path.filename() == "b.txt");
  CHECK((*inputs)[2].audio);
  CHECK((*inputs)[3].name == "-");
  CHECK((*inputs)[3].text == "spoken text");
  CHECK(invox::app::input_stem((*inputs)[3]) == "stdin");
  CHECK(invox::app::input_stem((*inputs)[0]) == "a");
  CHECK((*inputs)[4].name == "x.txt");  // missing files fail later, as that input

  std::istringstream again("x");
  auto twice = invox::app::collect_inputs({"-", "-"}, again);
  REQUIRE_FALSE(twice.has_value());
  CHECK(twice.error().kind == invox::ErrorKind::Config);
}

TEST_CASE("fill: invocation errors are configuration errors that name the culprit", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  SECTION("--out is a file") {
    dir.write("out", "a file");
    CHECK(prepare_error(o) == "--out " + (dir.path() / "out").string() + ": exists and is not a directory");
  }
  SECTION("--out is created when missing") {
    o.out_dir = dir.path() / "deep" / "er";
    REQUIRE(invox::app::prepare_fill(o, {}).has_value());
    CHECK(fs::is_directory(o.out_dir));
  }
  SECTION("--current names a field the template lacks") {
    o.current_file = dir.write("cur.json", R"({"nmae": {"value": "x", "locked": true}})");
    CHECK_THAT(prepare_error(o), Catch::Contains("cur.json: field 'nmae': not a field of template 't'"));
  }
  SECTION("--current is malformed") {
    o.current_file = dir.write("cur.json", "{");
    CHECK_THAT(prepare_error(o), Catch::Contains("cur.json: invalid JSON at line"));
  }
  SECTION("--old-transcript is missing") {
    o.old_transcript_file = dir.path() / "old.txt";
    CHECK_THAT(prepare_error(o), Catch::Contains("old.txt: no such file"));
  }
  SECTION("the template is invalid: nothing is written") {
    o.template_path = dir.write("bad.json", R"({"id": "t", "fields": [{"id": "a", "type": "dat"}]})");
    CHECK_THAT(prepare_error(o), Catch::Contains("bad.json: field 'a': type 'dat'"));
    CHECK_FALSE(fs::exists(o.out_dir));
  }
}

TEST_CASE("fill: request context is validated up front", "[fill]") {
  invox::NormalizeContext c;
  CHECK(invox::app::validate_context(c).has_value());
  c.reference_date = "2026-02-28";
  c.timezone = "Europe/Berlin";
  c.locale = "de-DE";
  CHECK(invox::app::validate_context(c).has_value());
  for (const char* bad_date : {"2026-02-30", "26-02-01", "2026/02/01", "yesterday"}) {
    invox::NormalizeContext d;
    d.reference_date = bad_date;
    auto s = invox::app::validate_context(d);
    REQUIRE_FALSE(s.has_value());
    CHECK_THAT(s.error().message, Catch::Contains("--reference-date"));
  }
  invox::NormalizeContext tz;
  tz.timezone = "Mars/Olympus";
  CHECK_THAT(invox::app::validate_context(tz).error().message, Catch::Contains("--timezone 'Mars/Olympus'"));
  for (const char* bad_locale : {"", "english", "en--US", "e"}) {
    invox::NormalizeContext l;
    l.locale = bad_locale;
    CHECK_FALSE(invox::app::validate_context(l).has_value());
  }
}

TEST_CASE("fill: each input is independent; duplicate stems are refused", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  const auto a = dir.write("one/rec.txt", "Name Ann, age 40.");
  const auto b = dir.write("two/rec.txt", "Name Bob, age 50.");
  const auto empty = dir.write("empty.txt", "   \n");
  std::istringstream no_stdin;
  auto inputs = invox::app::collect_inputs({a.string(), b.string(), empty.string()}, no_stdin);
  REQUIRE(inputs.has_value());
  auto session = invox::app::prepare_fill(o, *inputs);
  REQUIRE(session.has_value());
  const auto outcomes = invox::app::run_fill(**session, *inputs);
  REQUIRE(outcomes.size() == 3);
  CHECK(outcomes[0].written);
  CHECK_FALSE(outcomes[1].written);
  CHECK(outcomes[1].status == invox::FormStatus::Failed);
  CHECK_THAT(outcomes[1].error, Catch::Contains("already writes rec.filled.json"));
  CHECK(outcomes[2].written);
  CHECK(outcomes[2].status == invox::FormStatus::Failed);
  CHECK_THAT(outcomes[2].error, Catch::Contains("transcript is empty"));
  CHECK(invox::app::exit_code_for(outcomes) == 1);
  CHECK(invox::app::exit_code_for({}) == 0);
}

TEST_CASE("fill: audio inputs go through the speech recognizer factory", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  o.pipeline.stt.backend = "no-such-backend";
  const auto wav = dir.write("rec.wav", "RIFF....");
  std::istringstream no_stdin;
  auto inputs = invox::app::collect_inputs({wav.string()}, no_stdin);
  REQUIRE(inputs.has_value());
  auto session = invox::app::prepare_fill(o, *inputs);
  if (!session) {
    // A recognizer factory may refuse an unknown backend as a configuration error.
    CHECK(session.error().kind == invox::ErrorKind::Config);
    CHECK_THAT(session.error().message, Catch::Contains("no-such-backend"));
    return;
  }
  const auto outcome = invox::app::fill_one(**session, (*inputs)[0]);
  CHECK(outcome.status == invox::FormStatus::Failed);
  CHECK_FALSE(outcome.error.empty());
}
