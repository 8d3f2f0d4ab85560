#pragma once
// "Witnesses: Fionn, Ava, Cathal and Ms Tierney.": a count said by listing what is counted. The
// number of items is the count when a count field's cue is followed by a colon and a list of
// short items with no number in it.
#include <optional>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The count of the items listed after the count cue `m` of `field`, or nullopt when what follows
// the cue is no such list (no colon, a number or a negation in it, fewer than two items, an item
// too long to be a name or a thing, or another field's cue inside it).
[[nodiscard]] std::optional<FieldCandidate> read_listed_count(const Scan& s, const Mention& m, size_t field);

}  // namespace invox::rules
