// STUB (issue 4 replaces this file).
#include "invox/orchestrator.hpp"

namespace invox {

Orchestrator::Orchestrator(PipelineOptions options, PipelineServices services)
    : options_(std::move(options)), services_(std::move(services)) {}

FillOutcome Orchestrator::process(const FillRequest& request) const {
  FillOutcome out;
  out.form.template_id = request.tmpl ? request.tmpl->id : "";
  out.form.strategy = std::string(to_string(options_.strategy));
  out.report.status = FormStatus::Failed;
  out.report.error = "the pipeline is not implemented yet";
  return out;
}

Expected<PipelineServices> build_pipeline_services(PipelineOptions& options, const ModelServices& model_services,
                                                   const std::optional<HistoryOptions>&) {
  if (options.models.empty()) options.models.push_back(ModelSpec{"rules", "rules", ""});
  PipelineServices s;
  auto a = make_extractor(options.models[0], model_services);
  if (!a) return a.error();
  s.model_a = *a;
  return s;
}

}  // namespace invox
