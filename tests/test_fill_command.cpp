// The fill command below the CLI: the session built once (every invocation check) and the batch
// around Session::fill (each input independent, outputs written, exit code).
#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>

#include "batch/fill_batch.hpp"
#include "invox/session.hpp"
#include "invox/normalize.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"
#include "support/scratch_dir.hpp"
#include "util/file_io.hpp"

namespace fs = std::filesystem;
using namespace invox;
using invox::test::read_json;
using invox::test::ScratchDir;

namespace {

const std::string kNameTemplate = R"({"id": "t", "fields": [{"id": "name", "label": "Name", "type": "text"},
  {"id": "age", "label": "Age", "type": "number"}]})";

SessionOptions options_for(const ScratchDir& dir) {
  SessionOptions o;
  o.template_path = dir.write("t.json", kNameTemplate);
  o.pipeline.models = {ModelSpec{"rules", "rules", ""}};
  return o;
}

std::string open_error(SessionOptions o) {
  auto s = Session::open(std::move(o), false);
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().kind == ErrorKind::Config);
  return s.error().message;
}

// The real fill path (discovery, session, workers, outputs), quiet, with stdout/stderr discarded.
Expected<batch::BatchResult> run_fill(SessionOptions o, batch::FillBatchOptions b, const std::string& stdin_text = "") {
  b.quiet = true;
  std::istringstream in(stdin_text);
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  REQUIRE(out);
  REQUIRE(err);
  auto result = batch::run_fill_batch(std::move(o), b, in, out, err);
  std::fclose(out);
  std::fclose(err);
  return result;
}

}  // namespace

TEST_CASE("fill: invocation errors are configuration errors that name the culprit", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  batch::FillBatchOptions b;
  b.inputs = {dir.write("in.txt", "Name Ann, age 40.").string()};
  b.out_dir = dir.path() / "out";
  SECTION("--out is a file") {
    dir.write("out", "a file");
    auto r = run_fill(o, b);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == ErrorKind::Config);
    CHECK(r.error().message == "--out " + (dir.path() / "out").string() + ": exists and is not a directory");
  }
  SECTION("--out is created when missing") {
    b.out_dir = dir.path() / "deep" / "er";
    auto r = run_fill(o, b);
    REQUIRE(r.has_value());
    CHECK(fs::is_regular_file(b.out_dir / "in.filled.json"));
  }
  SECTION("--current names a field the template lacks") {
    o.current_file = dir.write("cur.json", R"({"nmae": {"value": "x", "locked": true}})");
    CHECK_THAT(open_error(o), Catch::Contains("cur.json: field 'nmae': not a field of template 't'"));
  }
  SECTION("--current is malformed") {
    o.current_file = dir.write("cur.json", "{");
    CHECK_THAT(open_error(o), Catch::Contains("cur.json: invalid JSON at line"));
  }
  SECTION("--old-transcript is missing") {
    o.old_transcript_file = dir.path() / "old.txt";
    CHECK_THAT(open_error(o), Catch::Contains("old.txt: no such file"));
  }
  SECTION("a bad request context") {
    o.context.timezone = "Mars/Olympus";
    CHECK_THAT(open_error(o), Catch::Contains("--timezone 'Mars/Olympus'"));
  }
  SECTION("the template is invalid: nothing is written") {
    o.template_path = dir.write("bad.json", R"({"id": "t", "fields": [{"id": "a", "type": "dat"}]})");
    auto r = run_fill(o, b);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == ErrorKind::Config);
    CHECK_THAT(r.error().message, Catch::Contains("bad.json: field 'a': type 'dat'"));
    CHECK_FALSE(fs::exists(b.out_dir));
  }
}

TEST_CASE("fill: request context is validated up front", "[fill]") {
  NormalizeContext c;
  CHECK(validate_context(c).has_value());
  c.reference_date = "2026-02-28";
  c.timezone = "Europe/Berlin";
  c.locale = "de-DE";
  CHECK(validate_context(c).has_value());
  for (const char* bad_date : {"2026-02-30", "26-02-01", "2026/02/01", "yesterday"}) {
    NormalizeContext d;
    d.reference_date = bad_date;
    auto s = validate_context(d);
    REQUIRE_FALSE(s.has_value());
    CHECK_THAT(s.error().message, Catch::Contains("--reference-date"));
  }
  NormalizeContext tz;
  tz.timezone = "Mars/Olympus";
  CHECK_THAT(validate_context(tz).error().message, Catch::Contains("--timezone 'Mars/Olympus'"));
  for (const char* bad_locale : {"", "english", "en--US", "e", "xx-YY", "en-XX", "qq"}) {
    NormalizeContext l;
    l.locale = bad_locale;
    CHECK_FALSE(validate_context(l).has_value());
  }
  NormalizeContext unknown;
  unknown.locale = "xx-YY";
  CHECK_THAT(validate_context(unknown).error().message, Catch::Contains("'xx' is not an ISO 639 language code"));
  unknown.locale = "en-XX";
  CHECK_THAT(validate_context(unknown).error().message, Catch::Contains("'XX' is not an ISO 3166 region code"));
  for (const char* good_locale : {"en", "en-GB", "pt_BR", "es-419", "zh-Hant-TW", "fil-PH", "EN-us"}) {
    NormalizeContext l;
    l.locale = good_locale;
    CHECK(validate_context(l).has_value());
  }
}

TEST_CASE("fill: each input is independent: a failed input gets its report only, with the reason", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  o.current_file = dir.write("cur.json", R"({"age": {"value": 33, "source": "manual"}})");
  batch::FillBatchOptions b;
  b.inputs = {dir.write("one/rec.txt", "Name Ann, age 40.").string(),
              dir.write("two/rec.txt", "Name Bob, age 50.").string(),
              dir.write("empty.txt", "   \n").string(), "-"};
  b.out_dir = dir.path() / "out";
  auto r = run_fill(o, b, "Name Cy.");
  REQUIRE(r.has_value());
  CHECK(r->counts.inputs == 4);
  CHECK(r->counts.failed == 1);
  CHECK(r->exit_code() == 1);

  // Inputs that share a file name write under distinct stems instead of overwriting each other.
  CHECK(read_json(b.out_dir / "one__rec.filled.json")["filled"]["name"]["value"] == "Ann");
  CHECK(read_json(b.out_dir / "two__rec.filled.json")["filled"]["name"]["value"] == "Bob");
  const Json from_stdin = read_json(b.out_dir / "stdin.filled.json");
  CHECK(from_stdin["filled"]["name"]["value"] == "Cy");
  CHECK(from_stdin["transcript"] == "Name Cy.");
  CHECK(from_stdin["run"]["input"] == "-");

  const Json report = read_json(b.out_dir / "empty.report.json");
  CHECK(report["status"] == "failed");
  CHECK(report["template"] == "t");
  CHECK_THAT(report["error"].get<std::string>(), Catch::Contains("empty.txt: transcript is empty"));
  REQUIRE(report["stages"].size() == 1);
  CHECK(report["stages"][0]["stage"] == "input");
  CHECK(report["stages"][0]["ok"] == false);
  // No form for a failed input: `*.filled.json` holds real forms only.
  CHECK_FALSE(fs::exists(b.out_dir / "empty.filled.json"));

  const Json summary = read_json(b.out_dir / "summary.json");
  CHECK(summary["counts"]["failed"] == 1);
  CHECK(summary["model"] == "rules");
  const Json& failed_entry = summary["inputs"][2];
  CHECK(failed_entry["status"] == "failed");
  CHECK(failed_entry["filled"].is_null());
  CHECK(failed_entry["report"] == (b.out_dir / "empty.report.json").string());
}

TEST_CASE("fill: a failed re-run removes the earlier form of that input", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  batch::FillBatchOptions b;
  const fs::path in = dir.write("in.txt", "Name Ann, age 40.");
  b.inputs = {in.string()};
  b.out_dir = dir.path() / "out";
  REQUIRE(run_fill(o, b).has_value());
  REQUIRE(fs::exists(b.out_dir / "in.filled.json"));
  dir.write("in.txt", "  ");
  b.force = true;
  auto r = run_fill(o, b);
  REQUIRE(r.has_value());
  CHECK(r->counts.failed == 1);
  CHECK_FALSE(fs::exists(b.out_dir / "in.filled.json"));
  CHECK(read_json(b.out_dir / "in.report.json")["status"] == "failed");
}

TEST_CASE("fill: outputs say where they came from", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  o.context.reference_date = "2026-03-14";
  o.context.timezone = "Europe/Berlin";
  batch::FillBatchOptions b;
  const fs::path in = dir.write("in.txt", "Name Ann, age 40.");
  b.inputs = {in.string()};
  b.out_dir = dir.path() / "out";
  REQUIRE(run_fill(o, b).has_value());
  for (const char* name : {"in.filled.json", "in.report.json"}) {
    INFO(name);
    const Json doc = read_json(b.out_dir / name);
    CHECK(doc["template"] == "t");
    const Json& run = doc["run"];
    CHECK(run["invox"] == INVOX_VERSION);
    CHECK(run["input"] == fs::absolute(in).lexically_normal().string());
    CHECK(run["referenceDate"] == "2026-03-14");
    CHECK(run["timezone"] == "Europe/Berlin");
    CHECK(run["locale"] == "en-US");
    CHECK(run["createdAt"].get<std::string>().size() == 20);
    CHECK(run["settings"].get<std::string>().rfind("sha256:", 0) == 0);
  }
}

TEST_CASE("fill: without --reference-date the run records the date today resolved to", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  o.context.now = std::chrono::sys_days{std::chrono::year{2026} / 3 / 14} + std::chrono::hours{23} + std::chrono::minutes{30};
  o.context.timezone = "Europe/Berlin";  // 23:30 UTC is already the 15th there
  batch::FillBatchOptions b;
  b.inputs = {dir.write("in.txt", "Name Ann.").string()};
  b.out_dir = dir.path() / "out";
  REQUIRE(run_fill(o, b).has_value());
  CHECK(read_json(b.out_dir / "in.filled.json")["run"]["referenceDate"] == "2026-03-15");
}

TEST_CASE("fill: resume reuses outputs only when everything that decides them is unchanged", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  o.context.reference_date = "2026-03-14";
  batch::FillBatchOptions b;
  b.inputs = {dir.write("in.txt", "Name Ann, age 40.").string()};
  b.out_dir = dir.path() / "out";
  REQUIRE(run_fill(o, b).has_value());
  auto skipped_again = [&](const SessionOptions& again) {
    auto r = run_fill(again, b);
    REQUIRE(r.has_value());
    return r->counts.skipped == 1;
  };
  CHECK(skipped_again(o));
  SECTION("another reference date") {
    auto changed = o;
    changed.context.reference_date = "2026-03-15";
    CHECK_FALSE(skipped_again(changed));
  }
  SECTION("another time zone or locale") {
    auto tz = o;
    tz.context.timezone = "America/New_York";
    CHECK_FALSE(skipped_again(tz));
    auto locale = o;
    locale.context.locale = "en-GB";
    CHECK_FALSE(skipped_again(locale));
  }
  SECTION("current values given, then dropped") {
    auto with_current = o;
    with_current.current_file = dir.write("cur.json", R"({"age": {"value": 33}})");
    CHECK_FALSE(skipped_again(with_current));
    CHECK_FALSE(skipped_again(o));
  }
  SECTION("an old transcript") {
    auto old = o;
    old.old_transcript_file = dir.write("old.txt", "Name Bo.");
    CHECK_FALSE(skipped_again(old));
  }
  SECTION("another version of the template") {
    dir.write("t.json", R"({"id": "t", "fields": [{"id": "name", "label": "Full name", "type": "text"},
      {"id": "age", "label": "Age", "type": "number"}]})");
    CHECK_FALSE(skipped_again(o));
  }
  SECTION("another strategy or review threshold") {
    auto s2 = o;
    s2.pipeline.strategy = Strategy::S2;
    CHECK_FALSE(skipped_again(s2));
    auto threshold = o;
    threshold.pipeline.review_threshold = 0.5;
    CHECK_FALSE(skipped_again(threshold));
  }
}

TEST_CASE("fill: outputs are valid --current inputs, locks included", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  o.current_file = dir.write("cur.json", R"({"name": {"value": "Jon Smith", "locked": true, "source": "manual"}})");
  batch::FillBatchOptions b;
  b.inputs = {dir.write("visit.txt", "Name Ann Lee, age 40.").string()};
  b.out_dir = dir.path() / "first";
  REQUIRE(run_fill(o, b).has_value());
  const Json first = read_json(b.out_dir / "visit.filled.json");
  CHECK(first["filled"]["name"]["value"] == "Jon Smith");
  CHECK(first["filled"]["name"]["locked"] == true);
  CHECK(first["filled"]["name"]["source"] == "manual");
  CHECK(first["filled"]["age"]["value"] == 40);
  CHECK_FALSE(first["filled"]["age"].contains("locked"));

  // The incremental workflow: the last output is the next run's --current.
  auto next = o;
  next.current_file = b.out_dir / "visit.filled.json";
  b.inputs = {dir.write("later.txt", "Name Bo Chan, age 41.").string()};
  b.out_dir = dir.path() / "second";
  REQUIRE(run_fill(next, b).has_value());
  const Json second = read_json(b.out_dir / "later.filled.json");
  CHECK(second["filled"]["name"]["value"] == "Jon Smith");
  CHECK(second["filled"]["name"]["locked"] == true);
  CHECK(second["filled"]["age"]["value"] == 41);
  CHECK(second["filled"]["age"]["previousValue"] == 40);
  CHECK(second["filled"]["age"]["changed"] == true);
}

TEST_CASE("fill: an --out folder that cannot take files is refused before any input runs", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  batch::FillBatchOptions b;
  b.inputs = {dir.write("in.txt", "Name Ann.").string()};
  b.out_dir = "/proc/self";  // a folder no one can create files in, root included
  auto r = run_fill(o, b);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().kind == ErrorKind::Config);
  CHECK_THAT(r.error().message, Catch::StartsWith("--out /proc/self: cannot write there"));
}

TEST_CASE("fill: the speech recognizer is built only when an input is audio", "[fill]") {
  ScratchDir dir;
  auto o = options_for(dir);
  o.pipeline.stt.backend = "no-such-backend";
  batch::FillBatchOptions b;
  b.out_dir = dir.path() / "out";
  b.inputs = {dir.write("rec.txt", "Name Ann.").string()};
  CHECK(run_fill(o, b).has_value());  // text only: the backend is never asked for

  b.inputs.push_back(dir.write("rec2.wav", "RIFF....").string());
  auto r = run_fill(o, b);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().kind == ErrorKind::Config);
  CHECK_THAT(r.error().message, Catch::Contains("no-such-backend"));
}

TEST_CASE("fill: a model retired mid-run is a configuration error: exit 2 naming it, the rest not run", "[fill][models]") {
  test::FakeLlmServer::Options fake;
  fake.reject_unknown_models = true;
  test::FakeLlmServer server(fake);
  // The start-of-run check finds the model served; from the second chat call on the provider
  // answers what OpenAI answers for a model it no longer serves.
  int chats = 0;
  server.set_handler([&chats](const test::FakeRequest& r) {
    if (++chats == 1) return test::reply_for(r, test::default_answer(r));
    return test::error_reply(404, "The model `gpt-6.1-sol` does not exist or you do not have access to it.");
  });
  ScratchDir dir;
  auto o = options_for(dir);
  o.pipeline.models = {*parse_model_spec("openai:gpt-6.1-sol")};
  o.model_services = test::services_for(server);
  o.model_services.verify_models = true;
  batch::FillBatchOptions b;
  b.inputs = {dir.write("in/a.txt", "Name Ann, age 40.").string(), dir.write("in/b.txt", "Name Bob, age 50.").string(),
              dir.write("in/c.txt", "Name Cy, age 60.").string()};
  b.out_dir = dir.path() / "out";
  b.jobs = 1;
  auto r = run_fill(o, b);
  REQUIRE(r.has_value());
  CHECK(r->exit_code() == 2);
  CHECK(r->counts.failed == 1);
  CHECK(r->counts.not_run == 1);  // every later request would fail alike
  CHECK(chats == 2);
  CHECK_THAT(r->config_error, Catch::Contains("openai:gpt-6.1-sol") && Catch::Contains("invox models") &&
                                  Catch::Contains("--model"));
  CHECK(fs::exists(b.out_dir / "a.filled.json"));
  const Json report = read_json(b.out_dir / "b.report.json");
  CHECK(report["status"] == "failed");
  CHECK_THAT(report["error"].get<std::string>(), Catch::Contains("is not served by openai"));
  CHECK_FALSE(fs::exists(b.out_dir / "c.report.json"));
}
