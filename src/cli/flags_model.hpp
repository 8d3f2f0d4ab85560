#pragma once
// Model and strategy flags. The LLM work (issue 6) adds --models/--judge/--max-inflight/
// --cache/--dry-run here, so fill.cpp and eval.cpp stay untouched.
#include <string>

#include <CLI/CLI.hpp>

#include "invox/models.hpp"
#include "invox/orchestrator.hpp"

namespace invox::cli {

struct ModelFlags {
  std::string strategy = "S1";
  std::string model;  // empty = default (rules without keys)
};

void add_model_flags(CLI::App& app, ModelFlags& flags);
// Validates the flags into pipeline and model-layer options; usage errors exit 2.
void apply_model_flags(const ModelFlags& flags, PipelineOptions& pipeline, ModelServices& services);

}  // namespace invox::cli
