#pragma once
// Information extraction (IE): a model fills candidate values for some fields of a form.
// `rules` (offline) and every LLM provider implement this interface.
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/json.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"
#include "invox/values.hpp"

namespace invox {

// A past filled example of the same template (RAG few-shot).
struct FewShot {
  std::string transcript;  // truncated to 1200 characters by retrieval
  Json expected;           // object: field id -> normalized value (current template's fields only)
  Json evidence;           // optional object: field id -> spoken snippet
};

// Every billed model request of one input, however its result travels: a refused, filtered or
// unparsable answer was billed too, and re-asks are requests of their own. Chat clients add to
// it; the offline `rules` engine sends no requests and adds nothing. Shared by the extractors and
// the judge of one input, from several threads.
class UsageMeter {
 public:
  void add(const Usage& usage) {
    std::lock_guard lock(mutex_);
    total_ += usage;
  }
  [[nodiscard]] Usage total() const {
    std::lock_guard lock(mutex_);
    return total_;
  }

 private:
  mutable std::mutex mutex_;
  Usage total_;
};

struct ExtractionRequest {
  const Template* tmpl = nullptr;
  std::vector<const Field*> fields;  // the fields to fill (all for S1/S3, one for S2/S4)
  const Transcript* transcript = nullptr;  // the new transcript: the only source of values
  std::string old_transcript;              // context only
  const CurrentValues* current = nullptr;  // may be null
  std::vector<FewShot> examples;
  NormalizeContext context;
  std::map<std::string, std::string> hints;  // field id -> verifier hint (clarification re-query)
  std::shared_ptr<UsageMeter> meter;         // null = not metered (results still carry usage)
  std::string reference_date;                // YYYY-MM-DD the run resolved (prompts state it)
};

struct Candidate {
  // Raw value as the model produced it (CF normalizes later). For a group field: the complete
  // list after the new transcript, a JSON array of objects keyed by sub-field id (current items
  // kept unless removed or changed), or [] when the speaker says there are none.
  Json value;
  double confidence = 0.5;
  std::optional<Evidence> evidence;
  // Group fields: per item of `value` (same order), the sub-values' confidence and evidence. May
  // be empty or shorter; missing entries get `confidence` and no evidence.
  std::vector<ItemDetails> items;
  // What the model itself knows of how it found the value, by the names of
  // extractor_signal_names() (invox/value_signals.hpp), each in [0, 1]; unset ones count 0. A
  // calibration's signal model weighs them with the value's other signals. `= {}` keeps the
  // four-member brace initializations free of -Wmissing-field-initializers.
  std::map<std::string, double> signals = {};
};

struct ExtractionResult {
  // Fields the transcript mentions; absent or null means "not mentioned: keep current".
  std::map<std::string, Candidate> values;
  std::vector<Issue> issues;  // e.g. a field whose answer failed validation twice
  Usage usage;
};

class Extractor {
 public:
  virtual ~Extractor() = default;
  // "rules", "openai:gpt-4o", ... as the user named it.
  [[nodiscard]] virtual std::string name() const = 0;
  [[nodiscard]] virtual Expected<ExtractionResult> extract(const ExtractionRequest& request) = 0;
  // Whether the verifier's hints (a clarification re-query) can change the answer. A
  // deterministic engine that ignores them would give the same values again: the orchestrator
  // then skips the re-query instead of running the extraction twice.
  [[nodiscard]] virtual bool reads_hints() const { return true; }
};

// The offline, deterministic cue-based engine.
[[nodiscard]] std::unique_ptr<Extractor> make_rules_extractor();

}  // namespace invox
