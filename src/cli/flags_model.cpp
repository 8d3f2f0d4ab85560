#include "cli/flags_model.hpp"

#include "cli/command.hpp"

namespace invox::cli {

void add_model_flags(CLI::App& app, ModelFlags& f) {
  app.add_option("--strategy", f.strategy, "Extraction strategy")
      ->check(CLI::IsMember({"S1", "S2", "S3", "S4"}, CLI::ignore_case))
      ->capture_default_str();
  app.add_option("--model", f.model,
                 "Model: rules, openai:MODEL, gemini:MODEL, ollama:MODEL, openai-compatible:NAME@URL "
                 "(default: rules when no API key is set)");
}

void apply_model_flags(const ModelFlags& f, PipelineOptions& pipeline, ModelServices&) {
  auto strategy = parse_strategy(f.strategy);
  if (!strategy) fail_usage("--strategy '" + f.strategy + "' is not one of S1, S2, S3, S4");
  pipeline.strategy = *strategy;
  if (!f.model.empty()) {
    auto spec = parse_model_spec(f.model);
    if (!spec) fail(spec.error());
    pipeline.models = {*spec};
  }
}

}  // namespace invox::cli
