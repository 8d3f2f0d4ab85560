#pragma once
// Field values, filled fields, issues and decisions (DESIGN.md "Outputs").
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "invox/expected.hpp"
#include "invox/json.hpp"

namespace invox {

// The form's state before this run (`--current FILE`).
struct CurrentValue {
  Json value;  // normalized JSON value or null
  bool locked = false;
  std::string source = "manual";
};
using CurrentValues = std::map<std::string, CurrentValue>;

// Reads `{"field": {"value": ..., "locked": true, "source": "manual"}}` (or `{"field": value}`),
// and also a whole `<stem>.filled.json`, whose `filled` object has that shape, so the outputs of
// one run are the current values of the next (locks included).
[[nodiscard]] Expected<CurrentValues> current_values_from_json(const Json& doc, const std::string& origin);
[[nodiscard]] Json to_json(const CurrentValues& values);

// Where in the transcript a value came from.
struct Evidence {
  std::string snippet;
  std::optional<size_t> char_begin;  // byte offsets into the transcript text
  std::optional<size_t> char_end;
  std::optional<double> start;  // seconds, when the input was audio
  std::optional<double> end;
};

// What one item of a group value rests on (DESIGN.md "Repeating groups"): per sub-field id, the
// confidence and the evidence of each sub-value that is set. Unset sub-values have no entry.
struct ItemDetails {
  std::map<std::string, double> confidence;
  // The extractor's own scores when a calibration turned them into `confidence` (written as
  // `rawConfidence`, like a scalar field's).
  std::map<std::string, double> raw_confidence;
  std::map<std::string, Evidence> evidence;

  // The lowest sub-value confidence, or nullopt for an item with none.
  [[nodiscard]] std::optional<double> lowest_confidence() const;
};

struct FilledField {
  Json value;  // normalized or null
  bool changed = false;
  Json previous_value;  // written only when changed
  std::string source;   // "ai" when this run set it, else the current value's source; "" when empty
  double confidence = 0.0;
  // The extractor's own score when a calibration turned it into `confidence` (written as
  // `rawConfidence`; DESIGN.md "Calibration").
  std::optional<double> raw_confidence;
  std::optional<Evidence> evidence;
  // A field this run did not set (left empty, or kept at its current value), not locked and not
  // required: the probability that what it holds is right, from the calibration's kept maps
  // (written as `keptConfidence`, with the raw score as `rawKeptConfidence`; DESIGN.md
  // "Calibration"). `kept_raw` is computed on every run; `kept_confidence` only with kept maps.
  std::optional<double> kept_confidence;
  std::optional<double> kept_raw;
  bool locked = false;  // carried from a locked current value; written so the output is a valid --current
  bool reviewed = false;  // a person decided this value (`invox review`); written only when true
  // Group fields: one entry per item of `value` (same order); `confidence` above is the lowest of
  // the items'. Written as "items" whenever `value` is a list of objects (or []).
  std::vector<ItemDetails> items;
  // A value this run set: what the extractor knew of how it found it (Candidate::signals), for a
  // calibration's signal model; not written to the outputs.
  std::map<std::string, double> extractor_signals = {};
};

enum class IssueType { Missing, Conflict, LowConf, Invalid, Ambiguous };
enum class IssueAction { Requery, Clarify, ManualReview };

[[nodiscard]] std::string_view to_string(IssueType t);
[[nodiscard]] std::string_view to_string(IssueAction a);

struct Issue {
  std::string field;  // field id, or "" for form-level issues
  IssueType type = IssueType::Invalid;
  std::string detail;
  IssueAction action = IssueAction::ManualReview;
  // Clarify issues: what to ask the speaker; written only when set. The `= {}` lets the many
  // four-member brace initializations stay free of -Wmissing-field-initializers.
  std::string question = {};
};

enum class DecisionKind { ModelA, ModelB, Merge, KeepCurrent };
[[nodiscard]] std::string_view to_string(DecisionKind d);

struct Decision {
  std::string field;
  DecisionKind decision = DecisionKind::KeepCurrent;
  std::string reason;
};

struct StageTiming {
  std::string stage;  // stt, rag, ie, cf, ver, requery
  double ms = 0.0;
  bool ok = true;
  std::optional<int> calls;
  std::string error;  // empty when ok
  std::string warning;  // e.g. retrieval fell back to zero-shot
};

struct Usage {
  int llm_calls = 0;
  long prompt_tokens = 0;
  long completion_tokens = 0;
  double cost_usd = 0.0;

  Usage& operator+=(const Usage& other);
};

[[nodiscard]] Json to_json(const Evidence& e);
[[nodiscard]] Json to_json(const ItemDetails& d);
[[nodiscard]] Expected<ItemDetails> item_details_from_json(const Json& doc);
[[nodiscard]] Json to_json(const FilledField& f);
[[nodiscard]] Json to_json(const Issue& i);
[[nodiscard]] Json to_json(const Decision& d);
[[nodiscard]] Json to_json(const StageTiming& s);
[[nodiscard]] Json to_json(const Usage& u);
[[nodiscard]] Expected<Evidence> evidence_from_json(const Json& doc);
[[nodiscard]] Expected<FilledField> filled_field_from_json(const Json& doc);
[[nodiscard]] Expected<Issue> issue_from_json(const Json& doc);
[[nodiscard]] Expected<Decision> decision_from_json(const Json& doc);
[[nodiscard]] Expected<StageTiming> stage_timing_from_json(const Json& doc);
[[nodiscard]] Expected<Usage> usage_from_json(const Json& doc);

}  // namespace invox
