// Fault injection (issue 9): a batch of 200 transcripts runs S1 against the fake OpenAI server
// while a fifth of its replies are 429s, 500s, answers past the timeout, malformed bodies or
// dropped connections. Every input must end complete, needs_review or failed with a reason —
// none lost, none duplicated — summary.json must agree with the files on disk, and the API key
// must appear in no output, log line, cache file or message of the run.
#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "batch/fill_batch.hpp"
#include "invox/log.hpp"
#include "support/llm_fixtures.hpp"
#include "support/scratch_dir.hpp"
#include "util/file_io.hpp"

namespace fs = std::filesystem;
using namespace invox;
using namespace invox::test;

namespace {

std::mutex g_log_mutex;
std::string g_log;
void capture_log(std::string_view line) {
  std::lock_guard lock(g_log_mutex);
  g_log.append(line);
  g_log.push_back('\n');
}

constexpr const char* kTemplate = R"({
  "id": "vitals", "title": "Vitals", "domain": "healthcare",
  "fields": [
    {"id": "patient_name", "label": "Patient name", "type": "text", "required": true},
    {"id": "temperature_c", "label": "Temperature", "type": "number", "unit": "°C", "min": 30, "max": 45},
    {"id": "pulse", "label": "Pulse", "type": "number", "unit": "bpm"},
    {"id": "smoker", "label": "Smoker", "type": "boolean"}
  ]})";

enum Fault { None, RateLimited, ServerError, TooSlow, Malformed, Reset, FaultKinds };

// Which reply request number `n` gets: deterministic per n, a fault 20 % of the time.
Fault fault_for(int n) {
  std::mt19937 rng(static_cast<unsigned>(n) * 2654435761u + 7u);
  if (std::uniform_int_distribution<int>(0, 99)(rng) >= 20) return None;
  return static_cast<Fault>(std::uniform_int_distribution<int>(RateLimited, Reset)(rng));
}

}  // namespace

TEST_CASE("200 inputs with 20% injected faults: none lost or duplicated, summary matches disk, key never leaks",
          "[slow][reliability]") {
  FakeLlmServer::Options server_options;
  server_options.expected_key = kCanaryOpenAiKey;
  FakeLlmServer server(server_options);
  std::atomic<int> requests{0};
  std::array<std::atomic<int>, FaultKinds> injected{};
  server.set_handler([&](const FakeRequest& r) {
    const Fault f = fault_for(requests++);
    ++injected[f];
    switch (f) {
      case RateLimited: return error_reply(429, "Rate limit reached for requests", 1);
      case ServerError: return error_reply(500, "The server had an error while processing your request");
      case TooSlow: {
        FakeReply slow = reply_for(r, default_answer(r));
        slow.delay_ms = 2500;  // past the 1 s timeout below
        return slow;
      }
      case Malformed: {
        FakeReply cut = reply_for(r, default_answer(r));
        cut.body = cut.body.substr(0, cut.body.size() / 2);  // truncated mid-JSON
        return cut;
      }
      case Reset: {
        FakeReply reset;
        reset.kind = FakeReply::Kind::CloseConnection;
        return reset;
      }
      default: return reply_for(r, default_answer(r));
    }
  });

  ScratchDir dir;
  const fs::path tmpl = dir.write("vitals.json", kTemplate);
  constexpr int kInputs = 200;
  for (int i = 0; i < kInputs; ++i) {
    dir.write(fmt::format("in/case-{:03}.txt", i),
              fmt::format("Patient {} Doe, temperature thirty eight point {}, pulse {}. Non-smoker.", i, i % 10,
                          60 + i % 40));
  }

  SessionOptions command;
  command.template_path = tmpl;
  command.context.reference_date = "2026-01-15";
  command.pipeline.strategy = Strategy::S1;
  command.pipeline.models = {*parse_model_spec("openai:gpt-4o-mini")};
  command.model_services = services_for(server);
  command.model_services.http_options.total_timeout_ms = 1000;
  command.model_services.retry.max_attempts = 4;
  command.model_services.retry.base_delay_ms = 20;
  command.model_services.cache_path = (dir.path() / "cache.sqlite").string();

  const auto saved_log = log::settings();
  log::Settings verbose;
  verbose.level = log::Level::Debug;
  verbose.format = log::Format::Json;
  verbose.redact_explicit = true;  // unredacted: the key must not leak even then
  log::configure(verbose);
  log::set_sink(&capture_log);
  batch::FillBatchOptions batch_options;
  batch_options.inputs = {(dir.path() / "in").string()};
  batch_options.out_dir = dir.path() / "out";
  batch_options.jobs = 8;
  batch_options.quiet = true;
  std::istringstream no_stdin;
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  REQUIRE(out);
  REQUIRE(err);
  auto result = batch::run_fill_batch(command, batch_options, no_stdin, out, err);
  log::set_sink(nullptr);
  log::configure(saved_log);
  REQUIRE(result);

  // Every kind of fault was injected, about a fifth of all requests.
  for (int f = RateLimited; f < FaultKinds; ++f) CHECK(injected[f] > 0);
  const int faults = requests - injected[None];
  CHECK(faults * 100 >= requests * 10);
  CHECK(faults * 100 <= requests * 30);
  CHECK(server.violations().empty());

  // summary.json: each input exactly once, with a final status, and a reason when it failed.
  auto summary = util::read_json_file(result->summary_path);
  REQUIRE(summary);
  const Json& entries = (*summary)["inputs"];
  REQUIRE(entries.size() == kInputs);
  std::set<std::string> stems;
  int failed = 0;
  std::map<std::string, int> failure_reasons;
  for (const auto& e : entries) {
    const std::string stem = e["stem"].get<std::string>();
    CHECK(stems.insert(stem).second);
    const std::string status = e["status"].get<std::string>();
    INFO(stem << " " << status);
    CHECK((status == "complete" || status == "needs_review" || status == "failed"));
    if (status == "failed") {
      ++failed;
      const std::string error = e.value("error", std::string());
      CHECK_FALSE(error.empty());
      ++failure_reasons[error.substr(0, 90)];
    } else {
      // The files the summary names exist, parse, and tell the same story.
      REQUIRE(e["filled"].is_string());
      REQUIRE(e["report"].is_string());
      auto filled = util::read_json_file(e["filled"].get<std::string>());
      auto report = util::read_json_file(e["report"].get<std::string>());
      REQUIRE(filled);
      REQUIRE(report);
      CHECK((*report)["status"] == status);
    }
  }
  CHECK(stems.size() == kInputs);
  CHECK(result->counts.inputs == kInputs);
  CHECK(result->counts.failed == static_cast<size_t>(failed));

  // On disk: one filled form per written entry, nothing half-written, nothing extra.
  size_t filled_files = 0;
  for (const auto& p : fs::recursive_directory_iterator(batch_options.out_dir)) {
    const std::string name = p.path().filename().string();
    CHECK(name.find(".tmp-") == std::string::npos);
    if (name.ends_with(".filled.json")) {
      ++filled_files;
      CHECK(stems.count(name.substr(0, name.size() - std::string(".filled.json").size())) == 1);
    }
  }
  size_t written = 0;
  for (const auto& e : entries) written += e["filled"].is_string() ? 1 : 0;
  CHECK(filled_files == written);

  // The canary key appears nowhere: outputs, summary, cache, logs, stdout, stderr.
  std::string everything;
  for (const auto& p : fs::recursive_directory_iterator(dir.path())) {
    if (p.is_regular_file() && p.path().parent_path().filename() != "in") everything += slurp(p.path());
  }
  for (std::FILE* f : {out, err}) {
    std::rewind(f);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) everything.append(buf, n);
    std::fclose(f);
  }
  {
    std::lock_guard lock(g_log_mutex);
    everything += g_log;
    CHECK(g_log.find("retry") != std::string::npos);  // the faults were seen and retried
  }
  CHECK(everything.find(kCanaryOpenAiKey) == std::string::npos);

  std::printf("fault injection: %d inputs, %d requests, %d faults (429 %d, 500 %d, timeout %d, malformed %d, "
              "reset %d); final: %zu complete, %zu needs_review, %d failed, 0 lost\n",
              kInputs, requests.load(), faults, injected[RateLimited].load(), injected[ServerError].load(),
              injected[TooSlow].load(), injected[Malformed].load(), injected[Reset].load(), result->counts.complete,
              result->counts.needs_review, failed);
  for (const auto& [reason, n] : failure_reasons) std::printf("  failed %d x: %s\n", n, reason.c_str());
}
