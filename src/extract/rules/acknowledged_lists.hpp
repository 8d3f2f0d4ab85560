#pragma once
// "And my feet tingle at night. - Foot tingling, got it.": the person filling the form restates
// what they were told in a few words and acknowledges it (lexicon `acknowledgements`). With no
// label said, such restatements are the items of the form's one list field no reader filled.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Gives the only list field without a candidate the items of every acknowledged restatement:
// a sentence of at most a few words, no number and no other field's cue, that repeats a word of
// the sentence before it and ends with an acknowledgement after a comma.
void read_acknowledged_lists(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
