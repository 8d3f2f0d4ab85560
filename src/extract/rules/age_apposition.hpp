#pragma once
// Ages said without the field's cue: "This is Walter Brennagh, seventy-eight.", "Declan Mooney,
// 24.", "she's thirty-one, restrained driver". Only for a number field whose label or aliases
// name an age (lexicon group `age_words`); weak, so a cued age ("aged 78", "age: 78") wins.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

[[nodiscard]] std::vector<FieldCandidate> age_apposition_candidates(const Scan& s, size_t field);

}  // namespace invox::rules
