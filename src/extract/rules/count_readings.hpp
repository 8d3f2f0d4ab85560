#pragma once
// When a number said near a count field's cue is not that count: a part of a set ("six of
// them"), an amount per person ("two each"), a pronoun ("the kitchen one"), a fraction of
// something else ("half a tablet", "half ten"), the value of another field's cue said just
// before it, or a guideline phrase said negated ("not just me").
#include "extract/rules/scan.hpp"

namespace invox::rules {

// The number read at c (for a number field f) does not count the field's thing.
[[nodiscard]] bool not_a_count(const Scan& s, const FieldCandidate& c, const Field& f);

// "heart rate one hundred and four blood pressure ...": a cue of another field ends within a
// few words before token `first` in its sentence, so a number there is that field's value.
[[nodiscard]] bool follows_other_cue(const Scan& s, size_t first, size_t field);

// A guideline value phrase said right after a negator ("it's not just me").
[[nodiscard]] bool negated_phrase(const Scan& s, const FieldCandidate& c);

}  // namespace invox::rules
