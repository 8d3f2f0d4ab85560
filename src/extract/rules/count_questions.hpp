#pragma once
// "So how many of you would be living here? - Just us two.": a question asked with "how many"
// (lexicon count_questions) about what a number field's label or description names ("People who
// would live in the property") is answered by the first number of the answer.
#include <functional>
#include <optional>
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Gives each number field still without a candidate the answer to the first count question about
// it: one that holds, after its opener, a content word of the field's label or description that no
// other number field's has, and whose answer opens with a number of the field.
void read_count_questions(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

// The first value of `field`'s type that `fits`, among the first words of the answer to the
// question holding token `question`, scored `score`; nullopt when there is none.
[[nodiscard]] std::optional<FieldCandidate> first_value_in_answer(
    const Scan& s, size_t question, size_t field, double score, const std::function<bool(const FieldCandidate&)>& fits);

}  // namespace invox::rules
