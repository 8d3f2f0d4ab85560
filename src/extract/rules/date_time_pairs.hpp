#pragma once
// A form that asks for an event's date and its time in two fields ("Induction date", "Induction
// time") is usually told both at once under the shared word: "Induction: Wednesday at quarter
// past six", "induction is booked for thursday at twenty past twelve". The time said right after
// the date field's cue is the time field's value.
#include <optional>
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The date field of the same event as time field `field` ("Intake date" for "Intake time").
[[nodiscard]] std::optional<size_t> partner_date(const Scan& s, size_t field);

// Times read for time field `field` after a cue of its partner date field (same label words
// but the type word: lexicon `date_type_words`, `time_type_words`). Score below a cued time.
[[nodiscard]] std::vector<FieldCandidate> time_after_partner_date(const Scan& s, size_t field);

}  // namespace invox::rules
