#pragma once
// Enum and boolean values. Enums come from option/synonym phrases anywhere in the transcript
// (stronger next to the field's own cue, skipped when negated: "not rim brakes"); an option
// word that is also another field's cue ("rim") needs the field's own cue nearby. Booleans
// come from the field's cue and the polarity around it ("non-member", "won't be available",
// "helmet not required", "a helmet was worn") or from guideline phrases ("Walk-in only").
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

[[nodiscard]] std::vector<FieldCandidate> read_enum_field(const Scan& s, size_t field);
[[nodiscard]] std::vector<FieldCandidate> read_boolean_field(const Scan& s, size_t field);

}  // namespace invox::rules
