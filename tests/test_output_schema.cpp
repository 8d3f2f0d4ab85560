// The JSON that the code writes has the shapes of DESIGN.md "Outputs". The shape check is
// code (support/output_schema.cpp), exercised first on documents it must reject.
#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>

#include "batch/fill_batch.hpp"
#include "invox/form.hpp"
#include "support/output_schema.hpp"
#include "support/scratch_dir.hpp"
#include "util/file_io.hpp"

using invox::Json;
using invox::test::check_filled_shape;
using invox::test::check_report_shape;
using invox::test::check_transcript_shape;

namespace {

std::string all(const std::vector<std::string>& problems) {
  std::string out;
  for (const auto& p : problems) out += p + "\n";
  return out;
}

invox::Template intake() {
  auto t = invox::parse_template(Json::parse(R"({"id": "patient-intake", "fields": [
    {"id": "visit_date", "type": "date"}, {"id": "sex", "type": "enum", "options": ["female", "male"]},
    {"id": "temp", "type": "number"}, {"id": "seen_at", "type": "time"}, {"id": "smoker", "type": "boolean"}]})"),
                                 "t.json");
  REQUIRE(t.has_value());
  return *t;
}

invox::FillOutcome populated() {
  invox::FillOutcome o;
  o.form.template_id = "patient-intake";
  o.form.strategy = "S3";
  o.form.model = "openai:gpt-4o + gemini:gemini-2.0-flash, judge openai:gpt-4o-mini";
  o.form.transcript = "seen today, March fourteenth";
  invox::FilledField visit;
  visit.value = "2026-03-14";
  visit.changed = true;
  visit.source = "ai";
  visit.confidence = 0.93;
  visit.evidence = invox::Evidence{"seen today, March fourteenth", 0, 28, 3.2, 5.1};
  invox::FilledField sex;
  sex.value = "female";
  sex.source = "manual";
  sex.confidence = 1.0;
  invox::FilledField temp;
  temp.value = 38.5;
  temp.changed = true;
  temp.previous_value = 37.0;
  temp.source = "ai";
  temp.confidence = 0.7;
  invox::FilledField seen;
  seen.value = "14:30";
  seen.changed = true;
  seen.source = "ai";
  seen.confidence = 0.8;
  o.form.filled = {{"visit_date", visit}, {"sex", sex}, {"temp", temp}, {"seen_at", seen}, {"smoker", {}}};
  o.report.status = invox::FormStatus::NeedsReview;
  o.report.confidence = {{"visit_date", 0.93}, {"temp", 0.7}};
  o.report.issues = {{"smoker", invox::IssueType::Missing, "not mentioned", invox::IssueAction::Clarify},
                     {"temp", invox::IssueType::LowConf, "below 0.8", invox::IssueAction::ManualReview}};
  o.report.decisions = {{"sex", invox::DecisionKind::KeepCurrent, "locked"}};
  o.report.stages = {{"stt", 812, true, std::nullopt, "", ""}, {"ie", 1320, true, 2, "", ""},
                     {"rag", 3, false, std::nullopt, "store unreachable", "zero-shot"}};
  o.report.usage = {3, 2810, 240, 0.0123};
  return o;
}

}  // namespace

TEST_CASE("schema: the checker rejects documents that break the DESIGN.md shapes", "[schema]") {
  const auto tmpl = intake();
  const Json filled = to_json(populated().form);
  const Json report = to_json(populated().report);
  REQUIRE(all(check_filled_shape(filled, &tmpl)).empty());
  REQUIRE(all(check_report_shape(report)).empty());

  auto broken = filled;
  broken.erase("model");
  CHECK_THAT(all(check_filled_shape(broken)), Catch::Contains("missing 'model'"));
  broken = filled;
  broken["filled"]["temp"]["confidence"] = 1.5;
  CHECK_THAT(all(check_filled_shape(broken)), Catch::Contains("filled.temp.confidence"));
  broken = filled;
  broken["filled"]["temp"].erase("previousValue");
  CHECK_THAT(all(check_filled_shape(broken)), Catch::Contains("previousValue"));
  broken = filled;
  broken["filled"]["visit_date"]["value"] = "14/03/2026";
  CHECK_THAT(all(check_filled_shape(broken, &tmpl)), Catch::Contains("filled.visit_date.value"));
  broken = filled;
  broken["filled"]["sex"]["value"] = "Female";
  CHECK_THAT(all(check_filled_shape(broken, &tmpl)), Catch::Contains("filled.sex.value"));
  broken = filled;
  broken["filled"]["seen_at"]["value"] = "2:30 pm";
  CHECK_THAT(all(check_filled_shape(broken, &tmpl)), Catch::Contains("filled.seen_at.value"));
  broken = filled;
  broken["filled"].erase("smoker");
  CHECK_THAT(all(check_filled_shape(broken, &tmpl)), Catch::Contains("every template field"));
  broken = filled;
  broken["filled"]["visit_date"]["evidence"].erase("transcriptSnippet");
  CHECK_THAT(all(check_filled_shape(broken)), Catch::Contains("transcriptSnippet"));
  broken = filled;
  broken["strategy"] = "S5";
  CHECK_THAT(all(check_filled_shape(broken)), Catch::Contains("strategy"));

  auto bad = report;
  bad["status"] = "done";
  CHECK_THAT(all(check_report_shape(bad)), Catch::Contains("status"));
  bad = report;
  bad["issues"][0]["type"] = "typo";
  CHECK_THAT(all(check_report_shape(bad)), Catch::Contains("issues[0].type"));
  bad = report;
  bad["issues"][1]["action"] = "ignore";
  CHECK_THAT(all(check_report_shape(bad)), Catch::Contains("issues[1].action"));
  bad = report;
  bad["decisions"][0]["decision"] = "model_c";
  CHECK_THAT(all(check_report_shape(bad)), Catch::Contains("decisions[0].decision"));
  bad = report;
  bad["stages"][0].erase("ms");
  CHECK_THAT(all(check_report_shape(bad)), Catch::Contains("stages[0]: missing 'ms'"));
  bad = report;
  bad["usage"]["llmCalls"] = -1;
  CHECK_THAT(all(check_report_shape(bad)), Catch::Contains("usage.llmCalls"));
  bad = report;
  bad["extra"] = 1;
  CHECK_THAT(all(check_report_shape(bad)), Catch::Contains("unexpected key 'extra'"));
}

TEST_CASE("schema: to_json of forms, reports and transcripts has the documented shape", "[schema]") {
  const auto tmpl = intake();
  const auto o = populated();
  CHECK(all(check_filled_shape(to_json(o.form), &tmpl)).empty());
  CHECK(all(check_report_shape(to_json(o.report))).empty());
  invox::Report failed;
  failed.error = "no speech found";
  CHECK(all(check_report_shape(to_json(failed))).empty());

  invox::Transcript t;
  t.text = "Patient name is John Smith.";
  t.duration_seconds = 2.1;
  t.segments = {{0.0, 2.1, "Patient name is John Smith.", 0.91}};
  CHECK(all(check_transcript_shape(to_json(t))).empty());
  auto bad = to_json(t);
  bad["segments"][0]["start"] = 3.0;  // after its end
  CHECK_FALSE(check_transcript_shape(bad).empty());
}

TEST_CASE("schema: the bundled STT-shaped sample has the transcript shape", "[schema]") {
  auto doc = invox::util::read_json_file(std::string(INVOX_SOURCE_DIR) + "/samples/property-001.transcript.json");
  REQUIRE(doc.has_value());
  CHECK(all(check_transcript_shape(*doc)).empty());
}

TEST_CASE("schema: files written by the fill command have the documented shapes", "[schema]") {
  invox::test::ScratchDir dir;
  const auto tmpl_path = std::string(INVOX_SOURCE_DIR) + "/templates/emergency-triage.json";
  const auto transcript = dir.write("triage.txt", "Patient name is Maria Gonzalez, pain score eight.");
  invox::SessionOptions options;
  options.template_path = tmpl_path;
  options.pipeline.models = {invox::ModelSpec{"rules", "rules", ""}};
  invox::batch::FillBatchOptions batch;
  batch.inputs = {transcript.string(), (dir.path() / "missing.txt").string()};
  batch.out_dir = dir.path() / "out";
  batch.quiet = true;
  std::istringstream no_stdin;
  std::FILE* discard = std::tmpfile();
  REQUIRE(discard);
  auto result = invox::batch::run_fill_batch(options, batch, no_stdin, discard, discard);
  std::fclose(discard);
  REQUIRE(result.has_value());
  REQUIRE(result->counts.inputs == 2);
  auto tmpl = invox::load_template(tmpl_path);
  REQUIRE(tmpl.has_value());
  const auto triage = invox::output_paths_for(batch.out_dir, "triage");
  const auto missing_paths = invox::output_paths_for(batch.out_dir, "missing");
  for (const auto& paths : {triage, missing_paths}) {
    INFO(paths.filled);
    auto filled = invox::util::read_json_file(paths.filled);
    auto report = invox::util::read_json_file(paths.report);
    REQUIRE(filled.has_value());
    REQUIRE(report.has_value());
    CHECK(all(check_filled_shape(*filled, &*tmpl)) == "");
    CHECK(all(check_report_shape(*report)) == "");
  }
  auto summary = invox::util::read_json_file(batch.out_dir / "summary.json");
  REQUIRE(summary.has_value());
  CHECK((*summary)["inputs"].size() == 2);
  // The missing input failed with its reason in the report; the other input still ran.
  auto missing = invox::util::read_json_file(missing_paths.report);
  REQUIRE(missing.has_value());
  CHECK((*missing)["status"] == "failed");
  CHECK_THAT((*missing)["error"].get<std::string>(), Catch::Contains("missing.txt: no such file"));
  auto first = invox::util::read_json_file(triage.filled);
  CHECK((*first)["transcript"] == "Patient name is Maria Gonzalez, pain score eight.");
}
