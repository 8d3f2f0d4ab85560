#pragma once
// "Our lot was nine, plus six of theirs and two sparkies. So seventeen.": a count said as the
// sum of parts and then restated as a total (lexicon total_markers: "so", "total", "in total",
// "altogether", ...). The total replaces the part read for the field.
#include <optional>

#include "extract/rules/corrections.hpp"

namespace invox::rules {

// The total restated after `value` (read for `field`): a clause in the same turn, within a few
// sentences and before another field's cue, that opens with a total marker followed at once by
// a larger number of the field's type. nullopt when there is none.
[[nodiscard]] std::optional<FieldCandidate> restated_total(const Scan& s, size_t field, const FieldCandidate& value,
                                                           const ValueReader& read);

}  // namespace invox::rules
