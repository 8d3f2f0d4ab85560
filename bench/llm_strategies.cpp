// S1-S4 over N transcripts against the in-process fake LLM server (loopback) with a fixed
// latency per call and a global in-flight cap; prints wall time against the ideal
//   ideal = max(critical path per case x latency, total calls x latency / max_inflight)
// and their ratio (issue 6 target: within 1.2x).
//   llm_strategies [--cases 100] [--latency-ms 200] [--max-inflight 8] [--workers 32]
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "invox/log.hpp"
#include "invox/models.hpp"
#include "invox/strategy.hpp"
#include "support/fake_llm_server.hpp"
#include "util/worker_pool.hpp"

using namespace invox;

namespace {

Template bench_template() {
  const Json doc = Json::parse(R"({"id": "bench", "title": "Bench", "fields": [
    {"id": "patient_name", "label": "Patient name", "type": "text"},
    {"id": "sex", "label": "Sex", "type": "enum", "options": ["female", "male", "other"]},
    {"id": "temperature_c", "label": "Temperature", "type": "number"},
    {"id": "visit_date", "label": "Visit date", "type": "date"},
    {"id": "visit_time", "label": "Visit time", "type": "time"},
    {"id": "allergies", "label": "Allergies", "type": "textarea"},
    {"id": "smoker", "label": "Smoker", "type": "boolean"}]})");
  return *parse_template(doc, "bench");
}

}  // namespace

int main(int argc, char** argv) {
  int cases = 100, latency = 200, inflight = 8, workers = 32;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string f = argv[i];
    const int v = std::atoi(argv[i + 1]);
    if (f == "--cases") cases = v;
    else if (f == "--latency-ms") latency = v;
    else if (f == "--max-inflight") inflight = v;
    else if (f == "--workers") workers = v;
  }
  log::configure(log::Settings{log::Level::Error});
  test::FakeLlmServer::Options o;
  o.latency_ms = latency;
  o.threads = inflight * 4;
  test::FakeLlmServer server(o);
  ModelServices services;
  services.providers.openai_api_key = "bench-key";
  services.providers.openai_base_url = server.openai_base();
  services.max_inflight = inflight;
  util::size_fanout_for_inflight(inflight);  // as --max-inflight does
  auto a = *make_chat_extractor(*parse_model_spec("openai:fake-a"), services);
  auto b = *make_chat_extractor(*parse_model_spec("openai:fake-b"), services);
  auto judge = *make_chat_judge(*parse_model_spec("openai:fake-judge"), services);
  const Template tmpl = bench_template();
  std::vector<Transcript> transcripts(static_cast<size_t>(cases));
  for (int i = 0; i < cases; ++i) {
    transcripts[static_cast<size_t>(i)].text = fmt::format("Patient number {} says value of patient_name, temperature {}.", i, 36 + i % 5);
  }
  fmt::print("{} cases, {} ms per call, --max-inflight {}, {} case workers\n", cases, latency, inflight, workers);
  fmt::print("| strategy | calls | wall s | ideal s | ratio | failed |\n|---|---|---|---|---|---|\n");
  for (Strategy s : {Strategy::S1, Strategy::S2, Strategy::S3, Strategy::S4}) {
    const int before = server.request_count();
    std::atomic<int> failed{0};
    const auto start = std::chrono::steady_clock::now();
    util::WorkerPool pool(workers - 1);  // as the batch runner does for --jobs
    pool.for_each(static_cast<size_t>(cases), workers, [&](size_t i) {
      StrategyInput in;
      in.base.tmpl = &tmpl;
      for (const auto& f : tmpl.fields) in.base.fields.push_back(&f);
      in.base.transcript = &transcripts[i];
      in.model_a = a.get();
      in.model_b = b.get();
      in.judge = judge.get();
      if (!run_strategy(s, in)) ++failed;
    });
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int calls = server.request_count() - before;
    const int critical = s == Strategy::S1 || s == Strategy::S2 ? 1 : 2;  // extract, then judge
    const double ideal = std::max(critical * latency / 1000.0, calls * (latency / 1000.0) / inflight);
    fmt::print("| {} | {} | {:.2f} | {:.2f} | {:.3f} | {} |\n", to_string(s), calls, wall, ideal, wall / ideal, failed.load());
  }
  fmt::print("peak in flight: {}\n", services.gate->peak_in_flight());
  return 0;
}
