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
      Candidate c = it->second;
      if (c.evidence) attach_timing(*request.transcript, *c.evidence);
      result.values.emplace(f->id, std::move(c));
    }
    return result;
  }

 private:
  // Audio transcripts: the segment whose text contains the evidence gives start/end seconds.
  static void attach_timing(const Transcript& t, Evidence& e) {
    if (t.segments.empty() || !e.char_begin) return;
    size_t pos = 0;
    for (const auto& seg : t.segments) {
      size_t at = t.text.find(seg.text, pos);
      if (at == std::string::npos) continue;
      size_t seg_end = at + seg.text.size();
      if (*e.char_begin >= at && *e.char_begin < seg_end) e.start = seg.start;
      if (e.char_end && *e.char_end > at && *e.char_end <= seg_end) e.end = seg.end;
      pos = seg_end;
    }
  }
};
}  // namespace

std::unique_ptr<Extractor> make_rules_extractor() { return std::make_unique<RulesExtractor>(); }

}  // namespace invox
