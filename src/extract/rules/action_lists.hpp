#pragma once
// "I did a glucose log review and insulin injection teaching." for "Care provided: Skilled
// nursing care done during this visit": a list field that names what was done by a past
// participle ("done", "given", "replaced", "fitted") is told by the speaker saying they did it,
// in the past tense after "I" or "we", with no label said.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Gives each list field still without a candidate the items said after "I"/"we" (lexicon
// first_person_subjects) and the past form of a verb of its label, description or aliases that
// no other list field's has; the items of every such clause, in order.
void read_action_lists(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
