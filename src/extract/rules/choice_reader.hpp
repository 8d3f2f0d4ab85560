#pragma once
// Enum and boolean values. Enums come from option/synonym phrases anywhere in the transcript
// (stronger next to the field's own cue, skipped when negated: "not room air"); an option
// word that is also another field's cue ("pain") needs the field's own cue nearby. Booleans
// come from the field's cue and the polarity around it ("non-smoker", "won't be reachable",
// "lockout not required", "PPE was worn") or from guideline phrases ("First aid only").
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

[[nodiscard]] std::vector<FieldCandidate> read_enum_field(const Scan& s, size_t field);
[[nodiscard]] std::vector<FieldCandidate> read_boolean_field(const Scan& s, size_t field);

}  // namespace invox::rules
