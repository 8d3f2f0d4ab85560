#include "cli/flags_model.hpp"

#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "util/strings.hpp"
#include "util/worker_pool.hpp"

namespace invox::cli {

namespace {

ModelSpec parse_or_fail(const std::string& text, const char* flag) {
  auto spec = parse_model_spec(util::trim(text));
  if (!spec) fail(Error::config(std::string(flag) + ": " + spec.error().message));
  return *spec;
}

// --calibration FILE | none, else INVOX_CALIBRATION; a bad file exits 2.
void apply_calibration_flag(const std::string& flag, PipelineOptions& pipeline) {
  std::string name = flag;
  if (name.empty()) {
    const char* env = std::getenv("INVOX_CALIBRATION");
    if (env) name = env;
  }
  if (name.empty()) return;
  if (name == "none") {
    pipeline.calibration = nullptr;
    pipeline.builtin_calibration = false;
    return;
  }
  auto c = load_calibration(name);
  if (!c) fail(c.error());
  pipeline.calibration = std::make_shared<const Calibration>(std::move(*c));
}

}  // namespace

void add_model_flags(CLI::App& app, ModelFlags& f) {
  app.add_option("--strategy", f.strategy, "Extraction strategy")
      ->check(CLI::IsMember({"S1", "S2", "S3", "S4"}, CLI::ignore_case))
      ->capture_default_str();
  app.add_option("--model", f.model,
                 "Model: rules, openai:MODEL, gemini:MODEL, ollama:MODEL, openai-compatible:NAME@URL "
                 "(default: rules when no API key is set)");
  const auto& defaults = ModelConfig::built_in();
  app.add_option("--models", f.models, "Two models for S3/S4, comma-separated: A,B (default: " + defaults.pair_a.str() +
                                           "," + defaults.pair_b.str() + ", or the config file's)");
  app.add_option("--judge", f.judge, "Judge for S3/S4: a model, or 'rules' for the offline deterministic judge "
                                     "(default: " + defaults.judge.str() + ", or the config file's)");
  add_config_flag(app, f.config_file);
  app.add_option("--max-inflight", f.max_inflight, "Most model requests in flight at once, across the run")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  app.add_option("--rpm", f.requests_per_minute, "Requests per minute per provider (0 = no limit)")
      ->check(CLI::NonNegativeNumber);
  app.add_flag_callback("--cache", [&f] { f.cache = true; },
                        "Cache model answers on disk (default: on for eval, off for fill)");
  app.add_flag_callback("--no-cache", [&f] { f.cache = false; }, "Do not use the response cache");
  app.add_option("--cache-file", f.cache_file, "Response cache file (SQLite; default: " +
                                                   default_response_cache_path() + ")");
  app.add_flag("--dry-run", f.dry_run, "Print the exact model requests (keys redacted) instead of sending them");
  app.add_option("--prices", f.prices_file, "JSON price overrides, USD per 1M tokens (see docs/MODELS.md)");
  app.add_option("--seed", f.seed, "Sampling seed sent to the models")->capture_default_str();
  app.add_option("--calibration", f.calibration,
                 "Calibration file from 'invox calibrate' (default: INVOX_CALIBRATION, else the built-in one for "
                 "rules); 'none' reports raw scores");
  app.add_option("--review-threshold", f.review_threshold,
                 "Accept a value without review when its confidence is at least P (with a calibration: the "
                 "probability that it is correct); default: the calibration's own threshold (the built-in one's for "
                 "rules), else " + fmt::format("{:.2f}", kDefaultReviewThreshold))
      ->check(CLI::Range(0.0, 1.0));
  app.add_flag("--insecure-tls", f.insecure_tls, "Do not verify TLS certificates (dangerous; for test servers only)");
}

void add_config_flag(CLI::App& app, std::string& config_file) {
  app.add_option("--config", config_file, "Model configuration file, TOML (default: INVOX_CONFIG, else " +
                                              ModelConfig::default_path() + "; see docs/MODELS.md)");
}

void apply_config_flag(const std::string& config_file, ModelServices& services) {
  auto config = ModelConfig::load(config_file);
  if (!config) fail(config.error());
  // Keys from the environment, endpoints from the file unless the environment overrides them.
  services.providers = config->providers();
  services.config = std::make_shared<const ModelConfig>(std::move(*config));
}

void apply_model_flags(const ModelFlags& f, PipelineOptions& pipeline, ModelServices& services) {
  apply_config_flag(f.config_file, services);
  auto strategy = parse_strategy(f.strategy);
  if (!strategy) fail_usage("--strategy '" + f.strategy + "' is not one of S1, S2, S3, S4");
  pipeline.strategy = *strategy;
  if (!f.model.empty() && !f.models.empty()) fail_usage("use --model for S1/S2 or --models A,B for S3/S4, not both");
  if (!f.model.empty()) pipeline.models = {parse_or_fail(f.model, "--model")};
  if (!f.models.empty()) {
    const auto parts = util::split(f.models, ',');
    if (parts.size() != 2) fail_usage("--models takes exactly two models: A,B (e.g. openai:gpt-6.1-sol,gemini:gemini-3.8-flash)");
    pipeline.models = {parse_or_fail(parts[0], "--models"), parse_or_fail(parts[1], "--models")};
    if (!needs_two_models(pipeline.strategy)) fail_usage("--models is for S3/S4; use --model for " + f.strategy);
  }
  if (!f.judge.empty()) {
    if (!needs_two_models(pipeline.strategy)) fail_usage("--judge is for S3/S4");
    pipeline.judge = parse_or_fail(f.judge, "--judge");
  }
  apply_calibration_flag(f.calibration, pipeline);
  if (f.review_threshold) pipeline.review_threshold = *f.review_threshold;
  services.max_inflight = f.max_inflight;
  util::size_fanout_for_inflight(f.max_inflight);  // per-field fan-out threads, shared by all inputs
  services.requests_per_minute = f.requests_per_minute;
  services.dry_run = f.dry_run;
  services.verify_models = !f.dry_run;  // a dry run sends nothing, not even the model check
  services.prices_file = f.prices_file;
  services.seed = f.seed;
  if (f.cache.value_or(f.cache_default)) {
    services.cache_path = f.cache_file.empty() ? default_response_cache_path() : f.cache_file;
  }
  if (f.insecure_tls) {
    services.http_options.insecure_tls = true;
    std::fputs("invox: WARNING: --insecure-tls: TLS certificates are NOT verified. Anyone on the network path can "
               "read your transcripts and API keys. Use only against a test server you control.\n", stderr);
  }
}

}  // namespace invox::cli
