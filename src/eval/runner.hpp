#pragma once
// Runs every case of a dataset through the pipeline once per strategy and scores it.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "eval/dataset.hpp"
#include "eval/scoring.hpp"
#include "invox/orchestrator.hpp"
#include "invox/strategy.hpp"

namespace invox::eval {

// What processes a case for one strategy: normally Orchestrator::process; tests script it.
using CaseProcessor = std::function<FillOutcome(const FillRequest&)>;

struct StrategyRunner {
  std::string strategy;  // "S1".."S4"
  std::string model;     // description for the table and JSON (Orchestrator::models())
  CaseProcessor process;
  double review_threshold = kDefaultReviewThreshold;  // its pipeline's (Orchestrator::review_threshold)
};

using StrategyFactory = std::function<Expected<StrategyRunner>(Strategy)>;

struct EvalOptions {
  std::vector<Strategy> strategies = {Strategy::S1};
  int jobs = 0;             // cases in parallel; 0 = the number of cores
  bool from_audio = false;  // cases with audio go through STT instead of using their transcript
  // Called after each finished case (from worker threads, serialized): for progress output.
  std::function<void(const std::string& strategy, size_t done, size_t total)> on_case_done;
};

struct CaseRun {
  bool ran = false;  // false: not run (the evaluation was stopped first); not in the metrics
  CaseScore score;
  Usage usage;
  double ms = 0.0;
  FormStatus status = FormStatus::Failed;
  std::vector<Issue> issues;  // the final report's
  std::string transcript;  // what the pipeline read (the STT output with --from-audio)
};

struct StrategyRun {
  StrategyMetrics metrics;
  std::vector<CaseRun> cases;  // dataset order
  double review_threshold = kDefaultReviewThreshold;  // the pipeline's: its calibration block's acceptance
};

struct EvalResult {
  std::string dataset;
  long cases = 0;
  std::vector<StrategyRun> strategies;  // with a stop: those that started, the last one partly
  bool interrupted = false;  // a stop request (Ctrl-C, SIGTERM) ended the evaluation early
  int signal = 0;            // the signal that asked to stop, when there was one
};

// The request a case turns into (transcript or, with from_audio and a case audio file, the audio).
[[nodiscard]] FillRequest case_request(const EvalCase& c, const Template& tmpl, bool from_audio);

// A factory error (a strategy that cannot be configured: missing key, ...) stops the evaluation.
[[nodiscard]] Expected<EvalResult> run_eval(const Dataset& dataset, const EvalOptions& options,
                                            const StrategyFactory& factory);

// Builds real pipelines (build_pipeline_services + Orchestrator) from base options, one per
// strategy; `with_recognizer` when cases run from their audio.
[[nodiscard]] StrategyFactory pipeline_factory(PipelineOptions base, ModelServices services,
                                               std::optional<HistoryOptions> history, bool with_recognizer = false);

}  // namespace invox::eval
