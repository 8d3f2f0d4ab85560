#pragma once
// Lists announced by their length: "Two things: a cracked mirror and a torn seat cushion.",
// "Two new bits of damage: kerbed alloy front left, and a dent in the driver's door." The count
// says where the list is and checks where it ends.
#include <optional>
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// A count (two to nine), at most two words more, a noun of lexicon list_announcements and, past
// a colon (or straight on in unpunctuated speech), exactly that many items: the list of the
// textarea field the words after "of" name ("bits of damage" for "Damage description"), or else
// of the template's only textarea field no cue filled.
void read_announced_lists(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

// The template's only textarea field without candidates, or nullopt: where a list that no label
// names goes.
[[nodiscard]] std::optional<size_t> only_empty_list_field(const Scan& s,
                                                         const std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
