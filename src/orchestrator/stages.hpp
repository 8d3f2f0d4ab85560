#pragma once
// Pieces of the pipeline that the orchestrator runs as timed stages.
#include <chrono>
#include <string>
#include <vector>

#include "invox/orchestrator.hpp"

namespace invox {

// Measures one stage and turns it into a StageTiming.
class StageClock {
 public:
  explicit StageClock(std::string stage) : stage_(std::move(stage)), start_(std::chrono::steady_clock::now()) {}
  [[nodiscard]] double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }
  [[nodiscard]] StageTiming finish(bool ok = true, std::string error = {}) const {
    StageTiming t;
    t.stage = stage_;
    t.ms = elapsed_ms();
    t.ok = ok;
    t.error = std::move(error);
    return t;
  }

 private:
  std::string stage_;
  std::chrono::steady_clock::time_point start_;
};

// The transcript of a request: given directly, read from its text or transcript file (a
// failure records an `input` stage), or recognized from audio by the run's recognizer
// (recording an `stt` stage). A transcript over options.max_transcript_bytes fails the input.
[[nodiscard]] Expected<Transcript> obtain_transcript(const FillRequest& request, const PipelineOptions& options,
                                                     const PipelineServices& services, Report& report);

// Few-shot examples from the store; any failure (including an exception) falls back to
// zero-shot with the reason on the `rag` stage. Records the stage.
[[nodiscard]] std::vector<FewShot> retrieve_examples(HistoryStore& store, const Template& tmpl,
                                                     const std::string& transcript, const RetrievalOptions& options,
                                                     Report& report);

// Runs a strategy inside an error boundary: exceptions become errors.
[[nodiscard]] Expected<StrategyOutput> run_strategy_guarded(Strategy strategy, const StrategyInput& input);

// Adds a complete result to the history store (`--learn`, history_example_from_form);
// failures are logged, never fatal.
void learn_from(HistoryStore& store, const FillOutcome& outcome);

}  // namespace invox
