#pragma once
// Number fields that hold the top of what is said ("Max rent", "Highest monthly rent", "With a
// range, the higher figure"): of a range said for them the higher end counts ("between forty
// and fifty" is 50, "twelve, maybe fifteen" is 15), and a number said as a ceiling
// ("twenty-seven hundred, absolute max", "we could stretch to fifteen hundred") is their value
// wherever it is said.
#include <vector>

#include "extract/rules/corrections.hpp"
#include "extract/rules/scan.hpp"

namespace invox::rules {

// `value`, or the higher end of the range it opens ("forty to fifty", "two or three"), read with
// `read` right after it in its sentence.
[[nodiscard]] FieldCandidate range_top(const Scan& s, const FieldCandidate& value, const ValueReader& read);

// Numbers in the field's range said as a ceiling, for a field that holds the top of what is said
// (`FieldLexicon::upper_bound`: its id, label, description or guidelines say "max", "highest", ...) (lexicon ceiling_openers, ceiling_markers).
[[nodiscard]] std::vector<FieldCandidate> ceiling_candidates(const Scan& s, size_t field);

}  // namespace invox::rules
