// The batch runner with a scripted per-input function: failures stay per input, resume,
// clean stop, JSON lines, summary.json.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "batch/interrupt.hpp"
#include "batch/progress.hpp"
#include "batch/runner.hpp"
#include "support/scratch_dir.hpp"
#include "util/file_io.hpp"
#include "util/time_format.hpp"

namespace fs = std::filesystem;
using invox::test::read_json;
using invox::test::ScratchDir;
using invox::FillOutcome;
using invox::FormStatus;
using invox::Json;
using namespace invox::batch;

namespace {

// The scripted "pipeline": the input's first word decides the outcome.
FillOutcome scripted(const BatchInput& in, std::atomic<int>& calls) {
  ++calls;
  std::ifstream f{std::string(in.path)};
  std::string word;
  f >> word;
  FillOutcome out;
  out.form.template_id = "t";
  out.form.strategy = "S1";
  invox::FilledField a;
  a.value = Json(word);
  a.changed = true;
  a.source = "ai";
  a.confidence = 0.9;
  out.form.filled.emplace_back("a", std::move(a));
  if (word == "good") out.report.status = FormStatus::Complete;
  else if (word == "review") out.report.status = FormStatus::NeedsReview;
  else if (word == "throw") throw std::runtime_error("boom");
  else {
    out.report.status = FormStatus::Failed;
    out.report.error = in.display() + ": not a transcript";
  }
  return out;
}

BatchOptions options_for(const fs::path& out) {
  BatchOptions o;
  o.out_dir = out;
  o.jobs = 3;
  o.progress.mode = ProgressMode::Quiet;
  o.header.template_id = "t";
  o.header.strategy = "S1";
  return o;
}

InputList inputs_of(const std::vector<fs::path>& files) {
  InputList v;
  for (const auto& f : files) {
    v.add(f.string());
    v.set_stem(v.size() - 1, f.stem().string());
  }
  return v;
}

std::set<std::string> files_in(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.insert(e.path().filename().string());
  return out;
}

}  // namespace

TEST_CASE("batch runner: failures stay with their input, good ones are all written, summary is exact", "[batch]") {
  ScratchDir d;
  const auto files = std::vector<fs::path>{d.write("in/g1.txt", "good"), d.write("in/bad.txt", "corrupt"),
                                           d.write("in/g2.txt", "good"), d.write("in/r.txt", "review"),
                                           d.write("in/t.txt", "throw"), d.write("in/g3.txt", "good")};
  std::atomic<int> calls{0};
  auto result = run_batch(inputs_of(files), [&](const BatchInput& in) { return scripted(in, calls); },
                          options_for(d.path() / "out"));
  REQUIRE(result.has_value());
  CHECK(calls == 6);
  CHECK(result->exit_code() == 1);
  CHECK(result->counts.complete == 3);
  CHECK(result->counts.needs_review == 1);
  CHECK(result->counts.failed == 2);
  for (const char* stem : {"g1", "g2", "g3", "r"}) {
    CHECK(read_json(d.path() / "out" / (std::string(stem) + ".filled.json"))["filled"]["a"]["value"].is_string());
  }
  CHECK(read_json(d.path() / "out" / "bad.report.json")["error"] == files[1].string() + ": not a transcript");
  CHECK(read_json(d.path() / "out" / "t.report.json")["error"].get<std::string>().find("boom") != std::string::npos);

  const Json summary = read_json(d.path() / "out" / "summary.json");
  CHECK(summary["counts"] == Json::parse(R"({"inputs":6,"complete":3,"needsReview":1,"failed":2,"skipped":0,"notRun":0})"));
  CHECK(summary["interrupted"] == false);
  REQUIRE(summary["inputs"].size() == 6);
  const auto& bad = summary["inputs"][1];  // input order, not finishing order
  CHECK(bad["input"] == files[1].string());
  CHECK(bad["status"] == "failed");
  CHECK(bad["error"] == files[1].string() + ": not a transcript");
  CHECK(summary["inputs"][3]["status"] == "needs_review");
  CHECK(summary["inputs"][0]["filled"] == (d.path() / "out" / "g1.filled.json").string());
  // A failed input has its report only; the summary points at no form for it.
  CHECK_FALSE(fs::exists(d.path() / "out" / "bad.filled.json"));
  CHECK_FALSE(fs::exists(d.path() / "out" / "t.filled.json"));
  CHECK(bad["filled"].is_null());
  CHECK(bad["report"] == (d.path() / "out" / "bad.report.json").string());
  // No temp files are left next to the outputs.
  for (const auto& name : files_in(d.path() / "out")) CHECK(name.find(".tmp") == std::string::npos);
}

TEST_CASE("batch runner: all good inputs exit 0", "[batch]") {
  ScratchDir d;
  std::atomic<int> calls{0};
  auto result = run_batch(inputs_of({d.write("a.txt", "good"), d.write("b.txt", "review")}),
                          [&](const BatchInput& in) { return scripted(in, calls); }, options_for(d.path() / "out"));
  REQUIRE(result.has_value());
  CHECK(result->exit_code() == 0);
}

TEST_CASE("batch runner: resume skips finished inputs, retries failures, redoes changed inputs and --force", "[batch]") {
  ScratchDir d;
  const auto good = d.write("in/good.txt", "good");
  const auto review = d.write("in/review.txt", "review");
  const auto bad = d.write("in/bad.txt", "corrupt");
  const auto inputs = inputs_of({good, review, bad});
  std::atomic<int> calls{0};
  auto process = [&](const BatchInput& in) { return scripted(in, calls); };
  const auto opts = options_for(d.path() / "out");
  REQUIRE(run_batch(inputs, process, opts).has_value());
  CHECK(calls == 3);

  calls = 0;
  auto second = run_batch(inputs, process, opts);
  REQUIRE(second.has_value());
  CHECK(calls == 1);  // only the failed one again
  CHECK(second->counts.skipped == 2);
  const Json summary = read_json(d.path() / "out" / "summary.json");
  CHECK(summary["inputs"][0]["skipped"] == true);
  CHECK(summary["inputs"][0]["status"] == "complete");
  CHECK(summary["inputs"][1]["status"] == "needs_review");
  CHECK(summary["inputs"][2]["skipped"] == false);

  SECTION("an input newer than its outputs runs again") {
    fs::last_write_time(good, fs::file_time_type::clock::now() + std::chrono::seconds(5));
    calls = 0;
    REQUIRE(run_batch(inputs, process, opts).has_value());
    CHECK(calls == 2);
  }
  SECTION("a truncated report is not a finished output") {
    std::ofstream(d.path() / "out" / "review.report.json") << "{\"status\": \"comp";
    calls = 0;
    REQUIRE(run_batch(inputs, process, opts).has_value());
    CHECK(calls == 2);
  }
  SECTION("outputs of another strategy do not count") {
    auto other = opts;
    other.header.strategy = "S2";
    calls = 0;
    REQUIRE(run_batch(inputs, process, other).has_value());
    CHECK(calls == 3);
  }
  SECTION("outputs made with other settings do not count") {
    auto first = opts;
    first.run.settings = "sha256:one";
    REQUIRE(run_batch(inputs, process, first).has_value());  // outputs without a fingerprint: redone
    calls = 0;
    REQUIRE(run_batch(inputs, process, first).has_value());
    CHECK(calls == 1);
    auto other = first;
    other.run.settings = "sha256:two";
    calls = 0;
    REQUIRE(run_batch(inputs, process, other).has_value());
    CHECK(calls == 3);
  }
  SECTION("--force redoes everything") {
    auto forced = opts;
    forced.force = true;
    calls = 0;
    REQUIRE(run_batch(inputs, process, forced).has_value());
    CHECK(calls == 3);
  }
}

TEST_CASE("batch runner: a stop request starts nothing new, writes no input it cut short, and writes the summary",
          "[batch]") {
  ScratchDir d;
  std::vector<fs::path> files;
  for (int i = 0; i < 8; ++i) files.push_back(d.write("in/f" + std::to_string(i) + ".txt", "good"));
  std::atomic<int> calls{0};
  auto opts = options_for(d.path() / "out");
  opts.jobs = 1;
  auto result = run_batch(inputs_of(files),
                          [&](const BatchInput& in) {
                            auto out = scripted(in, calls);
                            // As the signal handler would, while the third input runs: its
                            // outcome may have been cut short, so it is not written.
                            if (calls == 3) request_stop(SIGINT);
                            return out;
                          },
                          opts);
  clear_stop();
  REQUIRE(result.has_value());
  CHECK(calls == 3);
  CHECK(result->signal == SIGINT);
  CHECK(result->exit_code() == 130);
  const Json summary = read_json(d.path() / "out" / "summary.json");
  CHECK(summary["interrupted"] == true);
  CHECK(summary["counts"]["complete"] == 2);
  CHECK(summary["counts"]["notRun"] == 6);
  CHECK(summary["inputs"][2]["status"] == "not_run");
  CHECK(summary["inputs"][7]["status"] == "not_run");
  CHECK(summary["inputs"][7]["filled"].is_null());
  const auto names = files_in(d.path() / "out");
  CHECK(names == std::set<std::string>{"f0.filled.json", "f0.report.json", "f1.filled.json", "f1.report.json",
                                       "summary.json"});
}

TEST_CASE("batch runner: --json-lines streams one parseable line per finished input", "[batch]") {
  ScratchDir d;
  std::vector<fs::path> files;
  for (int i = 0; i < 5; ++i) files.push_back(d.write("in/f" + std::to_string(i) + ".txt", i == 2 ? "bad" : "good"));
  std::atomic<int> calls{0};
  auto opts = options_for(d.path() / "out");
  std::FILE* sink = std::tmpfile();
  REQUIRE(sink != nullptr);
  opts.json_lines = sink;
  REQUIRE(run_batch(inputs_of(files), [&](const BatchInput& in) { return scripted(in, calls); }, opts).has_value());
  std::rewind(sink);
  std::set<std::string> seen;
  char buf[4096];
  int failed = 0;
  while (std::fgets(buf, sizeof buf, sink)) {
    const Json line = Json::parse(buf);
    seen.insert(line["stem"].get<std::string>());
    if (line["status"] == "failed") ++failed;
    CHECK(line.contains("report"));
  }
  std::fclose(sink);
  CHECK(seen.size() == 5);
  CHECK(failed == 1);
}

TEST_CASE("batch progress: bar and line rendering carry counts, rate and ETA", "[batch]") {
  ProgressSnapshot s;
  s.total = 10;
  s.counts.inputs = 4;
  s.counts.complete = 2;
  s.counts.needs_review = 1;
  s.counts.failed = 1;
  s.elapsed_s = 2.0;
  const std::string bar = render_bar(s, 10);
  CHECK(bar == "[====>     ] 4/10 done 2 review 1 failed 1 | 2.0/s | ETA 3s");
  const std::string line = render_line(s);
  CHECK(line == "invox: 4/10 inputs: 2 complete, 1 needs_review, 1 failed, 0 skipped; 2.0 inputs/s; elapsed 2s, ETA 3s");
  CHECK(invox::util::format_duration(3725) == "1h02m");
  CHECK(invox::util::format_duration(65) == "1m05s");
}
