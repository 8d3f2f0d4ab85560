// Dev-set accuracy of the rules engine (issue 4 target: S1 field F1 >= 0.85 with zero lock
// violations), measured by the eval code itself: the dataset loader, the pipeline `invox eval`
// runs, the one scorer (eval/scoring.hpp, CF's classify_match) and the one history import path.
// Runs zero-shot and with the dataset's history as few-shots. INVOX_RULES_DEV_VERBOSE=1 prints
// every miss.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <optional>

#include "eval/dataset.hpp"
#include "eval/history_import.hpp"
#include "eval/runner.hpp"
#include "history_support.hpp"
#include "invox/models.hpp"

using namespace invox;
using namespace invox::eval;

namespace {

struct DevRun {
  StrategyMetrics metrics;
  std::vector<CaseRun> cases;
};

DevRun run_dev(const Dataset& dataset, std::optional<HistoryOptions> history) {
  PipelineOptions options;
  auto rules = parse_model_spec("rules");
  REQUIRE(rules.has_value());
  options.models = {*rules};
  EvalOptions eval_options;
  eval_options.strategies = {Strategy::S1};
  eval_options.jobs = 2;
  auto result = run_eval(dataset, eval_options, pipeline_factory(options, history_test::offline_services(), history));
  REQUIRE(result.has_value());
  REQUIRE(result->strategies.size() == 1);
  return {result->strategies[0].metrics, result->strategies[0].cases};
}

void print(const std::string& title, const DevRun& run, bool verbose) {
  const StrategyMetrics& m = run.metrics;
  const Counts& c = m.counts;
  std::cout << "\n== rules S1 on dev " << title << ": cases " << m.cases << "  P " << c.precision() << "  R "
            << c.recall() << "  F1 " << c.f1() << "  exact " << m.exact_form_rate() << "  correct " << c.correct
            << "  halluc " << c.hallucinations << "  omit " << c.omissions << "  wrong " << c.wrong
            << "  lockViolations " << m.lock_violations << "  failed " << m.failed_cases << "\n";
  for (const auto& [type, t] : m.by_type)
    std::cout << "   " << to_string(type) << ": P " << t.precision() << " R " << t.recall() << " F1 " << t.f1()
              << " (halluc " << t.hallucinations << ", omit " << t.omissions << ", wrong " << t.wrong << ")\n";
  if (!verbose) return;
  for (const auto& cr : run.cases) {
    for (const auto& f : cr.score.fields) {
      if (f.outcome == MatchOutcome::Correct) continue;
      std::cout << cr.score.case_id << " " << f.field << " (" << to_string(f.type) << ", " << to_string(f.outcome)
                << "): expected " << f.expected.dump() << " got " << f.predicted.dump() << " ["
                << (f.evidence ? f.evidence->snippet : "") << "]\n";
    }
  }
}

}  // namespace

TEST_CASE("rules engine reaches the dev-set F1 target", "[rules][dev][slow]") {
  const bool verbose = std::getenv("INVOX_RULES_DEV_VERBOSE") != nullptr;
  auto dataset = load_dataset(INVOX_DEV_DATASET);
  REQUIRE(dataset.has_value());
  REQUIRE_FALSE(dataset->history_files.empty());

  const DevRun zero_shot = run_dev(*dataset, std::nullopt);
  print("(zero-shot)", zero_shot, verbose);

  history_test::ScratchDir dir;
  HistoryOptions history;
  history.location = (dir.path / "history.sqlite").string();
  {
    auto store = open_history_store(history, history_test::offline_services());
    REQUIRE(store.has_value());
    auto imported = import_history(**store, *dataset);
    REQUIRE(imported.has_value());
    CHECK(imported->added == static_cast<long long>(dataset->history_files.size()));
  }
  const DevRun few_shot = run_dev(*dataset, history);
  print("(with history few-shots)", few_shot, false);

  CHECK(zero_shot.metrics.cases == static_cast<long>(dataset->cases.size()));
  CHECK(zero_shot.metrics.failed_cases == 0);
  CHECK(few_shot.metrics.failed_cases == 0);
  CHECK(zero_shot.metrics.lock_violations == 0);
  CHECK(few_shot.metrics.lock_violations == 0);
  CHECK(zero_shot.metrics.counts.f1() >= 0.85);
  CHECK(few_shot.metrics.counts.f1() >= zero_shot.metrics.counts.f1() - 0.01);
}
