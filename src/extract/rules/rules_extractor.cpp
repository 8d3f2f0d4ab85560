// The offline, deterministic cue-based extractor (`--model rules`). Pipeline per request:
// lexicon from the template (+ cues learned from few-shots) -> tokens -> mentions -> per-field
// candidates by type -> best candidate per field, typed values never shared by two fields.
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "extract/rules/group_candidate.hpp"
#include "extract/rules/rules_engine.hpp"
#include "invox/extractor.hpp"
#include "invox/template.hpp"

namespace invox {

namespace {
// A silence this long between a recognizer's segments ends a sentence (the recognizers split
// segments at half-second pauses).
constexpr double kPauseBreakSeconds = 0.5;

// A template's lexicon, built once and shared by every input of a run (building it is a
// large part of a short transcript's work). The entry keeps the template's JSON so that
// another template at a reused address is never given a stale lexicon.
class LexiconCache {
 public:
  std::shared_ptr<const rules::Lexicon> get(const Template& tmpl) {
    Json doc = to_json(tmpl);
    std::lock_guard lock(mutex_);
    for (const auto& e : entries_) {
      if (e.tmpl == &tmpl && e.doc == doc) return e.lexicon;
    }
    if (entries_.size() >= kMaxEntries) entries_.erase(entries_.begin());
    auto lexicon = std::make_shared<const rules::Lexicon>(rules::build_lexicon(tmpl));
    entries_.push_back({&tmpl, std::move(doc), lexicon});
    return lexicon;
  }

 private:
  static constexpr size_t kMaxEntries = 64;  // eval runs a handful of templates
  struct Entry {
    const Template* tmpl;
    Json doc;
    std::shared_ptr<const rules::Lexicon> lexicon;
  };
  std::mutex mutex_;
  std::vector<Entry> entries_;
};

class RulesExtractor final : public Extractor {
 public:
  std::string name() const override { return "rules"; }
  // The engine reads the whole template from the transcript alone: a re-query is the same run.
  bool reads_hints() const override { return false; }
  Expected<ExtractionResult> extract(const ExtractionRequest& request) override {
    if (!request.tmpl) return Error::internal("rules extractor: the request has no template");
    if (!request.transcript) return Error::internal("rules extractor: the request has no transcript");
    ExtractionResult result;
    rules::EngineParams params;
    params.imply_event_date = request.old_transcript.empty() && (!request.current || request.current->empty());
    params.names_by_elimination = params.imply_event_date;
    params.pause_breaks = rules::pause_breaks(*request.transcript, kPauseBreakSeconds);
    const auto lexicon = lexicons_.get(*request.tmpl);
    auto all = rules::extract_all(*lexicon, request.transcript->text, request.examples, request.context, params);
    // Spans the form's scalar fields hold: no record of a list is read there.
    std::vector<std::pair<size_t, size_t>> claimed;
    for (const auto& [id, c] : all)
      if (c.evidence && c.evidence->char_begin && c.evidence->char_end)
        claimed.emplace_back(*c.evidence->char_begin, *c.evidence->char_end);
    for (const Field* f : request.fields) {
      if (!f) continue;
      if (f->is_group()) {
        const CurrentValue* current = nullptr;
        if (request.current)
          if (auto cur = request.current->find(f->id); cur != request.current->end()) current = &cur->second;
        auto group = rules::group_candidate(*f, request.transcript->text, request.context, current, claimed);
        if (group) result.values.emplace(f->id, std::move(*group));
        continue;
      }
      auto it = all.find(f->id);
      if (it == all.end()) continue;
      // Evidence carries byte offsets; the orchestrator adds segment times for audio input.
      result.values.emplace(f->id, it->second);
    }
    return result;
  }

 private:
  LexiconCache lexicons_;
};
}  // namespace

std::unique_ptr<Extractor> make_rules_extractor() { return std::make_unique<RulesExtractor>(); }

}  // namespace invox
