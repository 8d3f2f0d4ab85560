#pragma once
// "Right. Time? - I've got two forty in the afternoon.": a question that names nothing but a
// type ("Time?", "What time?", "And the date?") asks for the form's only field of that type, and
// its answer opens with the value.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Gives the template's only time field, and its only date field, when still without a
// candidate, the first value of its type in the answer to the first such question.
void read_type_questions(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
