#pragma once
// "So how many of you would be living here? - Just us two.": a question asked with "how many"
// (lexicon count_questions) about what a number field's label or description names ("People who
// would live in the property") is answered by the first number of the answer.
#include <optional>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The answer to a count question about `field`: the question holds, after its opener, a content
// word of the field's label or description that no other number field's has. nullopt when none.
[[nodiscard]] std::optional<FieldCandidate> read_count_question(const Scan& s, size_t field);

}  // namespace invox::rules
