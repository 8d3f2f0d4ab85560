// The streamed summary: entries recorded out of order come out in input order, inputs never
// recorded are listed "not run", the file appears only when finished (never half-written).
#include <catch2/catch.hpp>

#include <filesystem>

#include "batch/summary.hpp"
#include "support/scratch_dir.hpp"
#include "util/file_io.hpp"

namespace fs = std::filesystem;
using invox::FormStatus;
using invox::Json;
using invox::test::ScratchDir;
using namespace invox::batch;

namespace {
SummaryEntry entry(const std::string& stem, std::optional<FormStatus> status) {
  SummaryEntry e;
  e.input = "in/" + stem + ".txt";
  e.stem = stem;
  e.status = status;
  return e;
}

SummaryHeader header() {
  SummaryHeader h;
  h.template_id = "t \"quoted\"";
  h.strategy = "S1";
  h.model = "rules";
  h.out_dir = "out";
  h.started_at = "2026-01-01T00:00:00Z";
  return h;
}

size_t count_files(const fs::path& dir) {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}
}  // namespace

TEST_CASE("summary writer: input order whatever the finishing order, unrecorded inputs not run", "[batch]") {
  ScratchDir d;
  const fs::path path = d.path() / "summary.json";
  SummaryHeader h = header();
  SummaryWriter w(path, h);
  w.record(2, entry("c", FormStatus::Failed));
  w.record(0, entry("a", FormStatus::Complete));
  CHECK_FALSE(fs::exists(path));  // only the hidden temporary file so far
  w.record(3, entry("d", FormStatus::NeedsReview));
  h.finished_at = "2026-01-01T00:01:00Z";
  h.interrupted = true;
  REQUIRE(w.finish(5, [](size_t i) { return entry(std::string(1, static_cast<char>('a' + i)), std::nullopt); }, h));
  REQUIRE(count_files(d.path()) == 1);

  auto doc = invox::util::read_json_file(path);
  REQUIRE(doc);
  const Json& s = *doc;
  CHECK(s["template"] == "t \"quoted\"");
  CHECK(s["shard"].is_null());
  CHECK(s["interrupted"] == true);
  CHECK(s["finishedAt"] == "2026-01-01T00:01:00Z");
  CHECK(s["counts"] == Json::parse(R"({"inputs":5,"complete":1,"needsReview":1,"failed":1,"skipped":0,"notRun":2})"));
  REQUIRE(s["inputs"].size() == 5);
  CHECK(s["inputs"][0]["stem"] == "a");
  CHECK(s["inputs"][1]["stem"] == "b");
  CHECK(s["inputs"][1]["status"] == "not_run");
  CHECK(s["inputs"][2]["status"] == "failed");
  CHECK(s["inputs"][3]["status"] == "needs_review");
  CHECK(s["inputs"][4]["stem"] == "e");
  CHECK(w.counts().not_run == 2);
}

TEST_CASE("summary writer: an empty run lists no inputs, without a path it only counts, unfinished leaves nothing", "[batch]") {
  ScratchDir d;
  {
    SummaryWriter w(d.path() / "summary.json", header());
    REQUIRE(w.finish(0, [](size_t) { return SummaryEntry{}; }, header()));
    auto doc = invox::util::read_json_file(d.path() / "summary.json");
    REQUIRE(doc);
    CHECK((*doc)["inputs"] == Json::array());
    CHECK((*doc)["counts"]["inputs"] == 0);
  }
  {
    SummaryWriter w({}, header());
    w.record(0, entry("a", FormStatus::Complete));
    REQUIRE(w.finish(2, [](size_t) { return SummaryEntry{}; }, header()));
    CHECK(w.counts().complete == 1);
    CHECK(w.counts().not_run == 1);
  }
  {
    SummaryWriter w(d.path() / "other.json", header());
    w.record(0, entry("a", FormStatus::Complete));
  }  // never finished: its temporary file is gone, no summary appears
  CHECK(count_files(d.path()) == 1);
  {
    SummaryWriter w(d.path() / "missing-folder" / "summary.json", header());
    auto s = w.finish(0, [](size_t) { return SummaryEntry{}; }, header());
    REQUIRE_FALSE(s);
    CHECK(s.error().message.find("missing-folder/summary.json: cannot write") != std::string::npos);
  }
}
