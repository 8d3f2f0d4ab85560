#pragma once
// What a field's guidelines say it is not ("not the standing pressure", "the time the lift
// stopped is not the arrival"; FieldLexicon::excluded_stems): a number, date or time said in a
// clause with such a word yields to one said without, and is never given to the field
// unlabelled.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// A word of the field's exclusions occurs in the clause of candidate `c` (outside the value).
[[nodiscard]] bool said_with_exclusion(const Scan& s, const FieldCandidate& c, size_t field);

// The field's number, date and time candidates said with an exclusion drop below its other
// candidates (their score scaled down); true when a score changed, so the caller ranks again.
[[nodiscard]] bool yield_excluded(const Scan& s, std::vector<FieldCandidate>& candidates, size_t field);

}  // namespace invox::rules
