#pragma once
// Model and strategy flags: --strategy, --model, --models A,B, --judge, --max-inflight, --rpm,
// --cache/--no-cache, --cache-file, --dry-run, --prices, --seed, --insecure-tls, --config,
// --calibration, --review-threshold.
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "invox/models.hpp"
#include "invox/orchestrator.hpp"

namespace invox::cli {

struct ModelFlags {
  std::string strategy = "S1";
  std::string model;   // empty = default (rules without keys)
  std::string models;  // "A,B" for S3/S4
  std::string judge;   // S3/S4 judge: a model spec or "rules"
  int max_inflight = ModelServices{}.max_inflight;
  double requests_per_minute = 0;
  std::optional<bool> cache;   // --cache / --no-cache; unset = cache_default
  bool cache_default = false;  // eval sets this to true before add_model_flags (issue 6)
  std::string cache_file;      // empty = default_response_cache_path()
  bool dry_run = false;
  std::string prices_file;
  long long seed = 0;
  bool insecure_tls = false;
  std::string config_file;  // --config; empty = INVOX_CONFIG or the XDG default
  std::string calibration;  // --calibration FILE or "none"; empty = INVOX_CALIBRATION, else built-in
  std::optional<double> review_threshold;  // --review-threshold P; unset = PipelineOptions' default
};

void add_model_flags(CLI::App& app, ModelFlags& flags);
// --config FILE alone (commands without model flags, e.g. `invox models`), and loading it into
// services (endpoints, defaults, prices, limits); a bad file exits 2.
void add_config_flag(CLI::App& app, std::string& config_file);
void apply_config_flag(const std::string& config_file, ModelServices& services);
// Validates the flags into pipeline and model-layer options; usage errors exit 2.
void apply_model_flags(const ModelFlags& flags, PipelineOptions& pipeline, ModelServices& services);

}  // namespace invox::cli
