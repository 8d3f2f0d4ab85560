// Output writing: names, atomic replacement, and never clobbering an unrelated file.
#include <catch2/catch.hpp>

#include "invox/output.hpp"
#include "support/scratch_dir.hpp"

namespace fs = std::filesystem;
using invox::test::ScratchDir;
using invox::test::slurp;

namespace {
invox::FillOutcome outcome(const std::string& template_id) {
  invox::FillOutcome o;
  o.form.template_id = template_id;
  o.form.strategy = "S1";
  o.form.model = "rules";
  o.report.status = invox::FormStatus::Complete;
  return o;
}

size_t entries(const fs::path& dir) {
  return static_cast<size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}
}  // namespace

TEST_CASE("output: stems and paths", "[output]") {
  CHECK(invox::output_stem("in/visit-3.txt") == "visit-3");
  CHECK(invox::output_stem("in/visit-3.transcript.json") == "visit-3");
  CHECK(invox::output_stem("rec.2026.wav") == "rec.2026");
  const auto p = invox::output_paths_for("out", "visit-3");
  CHECK(p.filled == fs::path("out/visit-3.filled.json"));
  CHECK(p.report == fs::path("out/visit-3.report.json"));
}

TEST_CASE("output: atomic write replaces content and leaves no temp files", "[output]") {
  ScratchDir dir;
  const auto path = dir.path() / "a.json";
  REQUIRE(invox::write_file_atomically(path, "first").has_value());
  REQUIRE(invox::write_file_atomically(path, "second").has_value());
  CHECK(slurp(path) == "second");
  CHECK(entries(dir.path()) == 1);
  auto bad = invox::write_file_atomically(dir.path() / "no-such-dir" / "a.json", "x");
  REQUIRE_FALSE(bad.has_value());
  CHECK_THAT(bad.error().message, Catch::Contains("no-such-dir/a.json: cannot write"));
}

TEST_CASE("output: writes both files and may replace earlier invox outputs", "[output]") {
  ScratchDir dir;
  const auto paths = invox::output_paths_for(dir.path(), "x");
  REQUIRE(invox::write_outputs(paths, outcome("first")).has_value());
  CHECK(invox::is_invox_output(paths.filled));
  CHECK(invox::is_invox_output(paths.report));
  REQUIRE(invox::write_outputs(paths, outcome("second")).has_value());
  CHECK_THAT(slurp(paths.filled), Catch::Contains("\"second\""));
  CHECK(entries(dir.path()) == 2);
}

TEST_CASE("output: an unrelated file is never clobbered without --force", "[output]") {
  ScratchDir dir;
  const auto paths = invox::output_paths_for(dir.path(), "x");
  SECTION("unrelated JSON in place of the filled form") {
    dir.write("x.filled.json", R"({"mine": true})");
    auto s = invox::write_outputs(paths, outcome("t"));
    REQUIRE_FALSE(s.has_value());
    CHECK_THAT(s.error().message, Catch::Contains("x.filled.json: exists and is not an invox output"));
    CHECK_THAT(s.error().message, Catch::Contains("--force"));
    CHECK(slurp(paths.filled) == R"({"mine": true})");
    CHECK_FALSE(fs::exists(paths.report));  // nothing half written
    REQUIRE(invox::write_outputs(paths, outcome("t"), invox::WriteOptions{true}).has_value());
    CHECK(invox::is_invox_output(paths.filled));
  }
  SECTION("plain text in place of the report") {
    dir.write("x.report.json", "my notes\n");
    REQUIRE_FALSE(invox::write_outputs(paths, outcome("t")).has_value());
    CHECK(slurp(paths.report) == "my notes\n");
    CHECK_FALSE(fs::exists(paths.filled));
  }
  SECTION("a symlink in place of an output") {
    const auto target = dir.write("elsewhere.json", R"({"template":"t","filled":{}})");
    fs::create_symlink(target, paths.filled);
    REQUIRE_FALSE(invox::write_outputs(paths, outcome("t")).has_value());
    CHECK(fs::is_symlink(paths.filled));
  }
  SECTION("a directory in the way, even with --force") {
    fs::create_directories(paths.report);
    auto s = invox::write_outputs(paths, outcome("t"), invox::WriteOptions{true});
    REQUIRE_FALSE(s.has_value());
    CHECK_THAT(s.error().message, Catch::Contains("a directory is in the way"));
  }
}

TEST_CASE("output: a failed outcome writes its report only", "[output]") {
  ScratchDir dir;
  const auto paths = invox::output_paths_for(dir.path(), "x");
  REQUIRE(invox::write_outputs(paths, outcome("t")).has_value());
  auto failed = outcome("t");
  failed.report.status = invox::FormStatus::Failed;
  failed.report.error = "x.txt: the transcript is empty";
  REQUIRE(invox::write_outputs(paths, failed).has_value());
  CHECK_FALSE(fs::exists(paths.filled));  // the earlier form no longer answers this input
  CHECK_THAT(slurp(paths.report), Catch::Contains("the transcript is empty"));
  CHECK(entries(dir.path()) == 1);
}

TEST_CASE("output: numbers carry their meaning, not binary noise", "[output]") {
  auto o = outcome("t");
  invox::FilledField f;
  f.value = "x";
  f.confidence = 0.6649999999999999;
  f.evidence = invox::Evidence{"x", 0, 1, 1.23456789, 2.0000000001};
  o.form.filled.emplace_back("a", f);
  o.report.confidence.emplace_back("a", 0.6649999999999999);
  o.report.stages.push_back(invox::StageTiming{"ie", 12.345678, true, 1, "", ""});
  o.report.usage.cost_usd = 0.1 + 0.2;
  const std::string filled = invox::to_json(o.form).dump();
  const std::string report = invox::to_json(o.report).dump();
  CHECK_THAT(filled, Catch::Contains("\"confidence\":0.665,"));
  CHECK_THAT(filled, Catch::Contains("\"start\":1.235"));
  CHECK_THAT(filled, Catch::Contains("\"end\":2.0"));
  CHECK_THAT(report, Catch::Contains("\"confidence\":{\"a\":0.665}"));
  CHECK_THAT(report, Catch::Contains("\"ms\":12.3,"));
  CHECK_THAT(report, Catch::Contains("\"costUsd\":0.3}"));
}

TEST_CASE("output: the folder is checked before any work", "[output]") {
  ScratchDir dir;
  CHECK(invox::prepare_output_dir(dir.path() / "new" / "deeper").has_value());
  CHECK(fs::is_directory(dir.path() / "new" / "deeper"));
  CHECK(entries(dir.path() / "new" / "deeper") == 0);  // the probe file is gone
  auto file = invox::prepare_output_dir(dir.write("f", "x"), "--out");
  REQUIRE_FALSE(file.has_value());
  CHECK(file.error().kind == invox::ErrorKind::Config);
  auto unwritable = invox::prepare_output_dir("/proc/self", "--html");
  REQUIRE_FALSE(unwritable.has_value());
  CHECK_THAT(unwritable.error().message, Catch::StartsWith("--html /proc/self: cannot write there"));
}
