// The offline, deterministic cue-based extractor (`--model rules`). Pipeline per request:
// lexicon from the template (+ cues learned from few-shots) -> tokens -> mentions -> per-field
// candidates by type -> best candidate per field, typed values never shared by two fields.
#include "extract/rules/rules_engine.hpp"
#include "invox/extractor.hpp"

namespace invox {

namespace {
class RulesExtractor final : public Extractor {
 public:
  std::string name() const override { return "rules"; }
  Expected<ExtractionResult> extract(const ExtractionRequest& request) override {
    if (!request.tmpl) return Error::internal("rules extractor: the request has no template");
    if (!request.transcript) return Error::internal("rules extractor: the request has no transcript");
    ExtractionResult result;
    auto all = rules::extract_all(*request.tmpl, request.transcript->text, request.examples, request.context);
    for (const Field* f : request.fields) {
      if (!f) continue;
      auto it = all.find(f->id);
      if (it == all.end()) continue;
      // Evidence carries byte offsets; the orchestrator adds segment times for audio input.
      result.values.emplace(f->id, it->second);
    }
    return result;
  }
};
}  // namespace

std::unique_ptr<Extractor> make_rules_extractor() { return std::make_unique<RulesExtractor>(); }

}  // namespace invox
