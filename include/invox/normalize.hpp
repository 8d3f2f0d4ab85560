#pragma once
// Consistency Formatting (CF): deterministic normalization of values by field type
// (DESIGN.md "Field types and their normalized form"), and the comparison functions that
// evaluation scoring uses, so scoring and normalization cannot drift apart.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "invox/expected.hpp"
#include "invox/json.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox {

struct NormalizeContext {
  std::string locale = "en-US";     // decides 03/04 order and decimal separators
  std::string timezone = "UTC";     // IANA name, for "today" and relative dates
  std::string reference_date;       // YYYY-MM-DD; empty = today in `timezone`
  // The clock used when reference_date is empty (tests pin it; nullopt = system clock).
  // reference_date may also be an instant ("2026-03-14T23:30:00Z"): its local date in
  // `timezone` is the reference date.
  std::optional<std::chrono::system_clock::time_point> now;
};

// Checks the request context flags (--reference-date, --timezone, --locale) up front, so a typo
// is a usage error instead of a silently wrong date in every output: reference_date empty or a
// real calendar date YYYY-MM-DD; timezone an IANA name known to the system tz database; locale a
// BCP 47 style tag such as en-US, de-DE or en.
[[nodiscard]] Status validate_context(const NormalizeContext& context);

struct NormalizeResult {
  Json value;                  // normalized value, or null
  std::optional<Issue> issue;  // Invalid or Ambiguous, with a human-readable detail
};

// The calendar date "today" means for `ctx` as "YYYY-MM-DD": the reference date (or the local
// date of a reference instant), else the current date in the context's time zone. A run resolves
// it once, so every input of the run, its prompts and its outputs agree on one date (prompts
// state it: "today" would tell a model nothing).
[[nodiscard]] Expected<std::string> resolve_reference_date(const NormalizeContext& ctx);

// Normalizes whatever an extractor produced (string, number, bool, array, null) for `field`.
[[nodiscard]] NormalizeResult normalize_value_for_field(const Json& value, const Field& field,
                                                        const NormalizeContext& ctx);

// A group value normalized item by item (DESIGN.md "Repeating groups"): `result` is what
// normalize_value_for_field gives, and `source_item[i]` is the index of the input item that
// `result.value[i]` came from, so per-item details (confidence, evidence) follow their item when
// empty items are dropped. A sub-value CF rejects is null in its item; the first such problem is
// `result.issue`, its `field` the sub-value's path ("vehicles[1].colour").
struct GroupNormalizeResult {
  NormalizeResult result;
  std::vector<size_t> source_item;
};
[[nodiscard]] GroupNormalizeResult normalize_group_value(const Json& value, const Field& group,
                                                         const NormalizeContext& ctx);

// A typed value found at the beginning of a piece of text (used by the rules engine to read
// the value that follows a cue). `consumed` is how many bytes of the text the value spans.
struct PrefixParse {
  Json value;
  size_t consumed = 0;
  std::optional<Issue> issue;
};
// Parses the longest value of `field`'s type starting at the beginning of `text`
// (leading whitespace allowed), or nullopt when none starts there.
[[nodiscard]] std::optional<PrefixParse> parse_value_prefix(std::string_view text, const Field& field,
                                                            const NormalizeContext& ctx);

// parse_value_prefix at many places of one text: the text is tokenized once and what depends
// only on the field and the context (a date field's reference day and tense) is made once, so a
// search that parses at every word of a long transcript costs about one tokenization, not one
// per word. `text`, `field` and `ctx` must outlive the parser.
class PrefixParser {
 public:
  PrefixParser(std::string_view text, const Field& field, const NormalizeContext& ctx);
  ~PrefixParser();
  PrefixParser(const PrefixParser&) = delete;
  PrefixParser& operator=(const PrefixParser&) = delete;
  // The same as parse_value_prefix(text.substr(begin, end - begin), field, ctx).
  [[nodiscard]] std::optional<PrefixParse> at(size_t begin, size_t end) const;

 private:
  struct Prepared;
  std::unique_ptr<Prepared> p_;
};

// An identifier spelled letter by letter and digit by digit at the beginning of `text` ("h o
// seven seven" -> "HO77", "bravo kilo four" -> "BK4", "double two" -> "22"), for the rules
// engine to read codes with CF's one reader. `consumed` is how many bytes of the text it spans.
struct SpokenIdPrefix {
  std::string value;  // capitals and digits in the order said
  int letters = 0;
  int digits = 0;
  size_t consumed = 0;
};
[[nodiscard]] std::optional<SpokenIdPrefix> parse_spoken_id_prefix(std::string_view text);

// A template's unit `symbol` is a percentage ("%", "percent").
[[nodiscard]] bool is_percent_unit(std::string_view symbol);
// `word` alone is a unit of measure other than money ("watt", "kilos", "litre"), as said after a
// number.
[[nodiscard]] bool is_measure_word(std::string_view word);
// `word` alone is a unit, money included ("kilos", "dollars"); a weak unit word ("m", "in") is
// none.
[[nodiscard]] bool is_unit_word(std::string_view word);
// `word` alone names money, weakly included ("dollars", "quid", "pounds", which is also a weight).
[[nodiscard]] bool is_money_word(std::string_view word);

// DESIGN.md "Scoring a field": text case/punctuation/whitespace-insensitive, textarea as a set
// of items under the same folding, numbers numerically, everything else exactly. Both null = equal.
[[nodiscard]] bool values_match(const Json& expected, const Json& predicted, const Field& field);

// DESIGN.md "Scoring a field" outcome of one field.
enum class MatchOutcome { Correct, Hallucination, Omission, Wrong };
[[nodiscard]] std::string_view to_string(MatchOutcome outcome);
[[nodiscard]] MatchOutcome classify_match(const Json& expected, const Json& predicted, const Field& field);

}  // namespace invox
