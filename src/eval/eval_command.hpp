#pragma once
// `invox eval DATASET`: load, optionally import history, run each strategy, print the table and
// write the requested files. The CLI only parses flags into EvalCommandOptions.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/models.hpp"
#include "invox/orchestrator.hpp"

namespace invox::eval {

struct EvalCommandOptions {
  std::string dataset;
  std::vector<Strategy> strategies = {Strategy::S1, Strategy::S2};
  PipelineOptions pipeline;  // models, judge, thresholds, STT (strategy set per run)
  ModelServices model_services;
  std::string history;       // DIR_OR_STORE; empty = zero-shot
  std::string embed_model;   // for the history store
  int jobs = 0;
  bool from_audio = false;
  bool quiet = false;        // no progress lines on stderr
  std::string json_path;
  std::string details_path;
  std::string csv_path;
  std::string html_path;
};

// "S1,S2" -> strategies; Config error naming the bad one.
[[nodiscard]] Expected<std::vector<Strategy>> parse_strategy_list(const std::string& text);

// Returns the exit code: 0 when every case ran, 1 when any case failed (the table is still
// printed and the files written). Config errors (dataset, models, history) before anything runs.
[[nodiscard]] Expected<int> run_eval_command(const EvalCommandOptions& options, std::FILE* out, std::FILE* err);

}  // namespace invox::eval
