#pragma once
// "Witnesses: Fionn, Ava, Cathal and Ms Tierney.": a count said by listing what is counted. The
// number of items is the count when a count field's cue is followed by a colon and a list of
// short items with no number in it; with a number opening each item, the numbers' sum.
#include <optional>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The count of the items listed after the count cue `m` of `field`, or nullopt when what follows
// the cue is no such list (no colon, a number or a negation in it, fewer than two items, an item
// too long to be a name or a thing, or another field's cue inside it).
[[nodiscard]] std::optional<FieldCandidate> read_listed_count(const Scan& s, const Mention& m, size_t field);

// "Minibar: 1 crisps, 2 still water": the sum of the numbers that open two or more items listed
// after the count cue `m` and its colon, each a number and a few words naming what it counts;
// nullopt for any other list.
[[nodiscard]] std::optional<FieldCandidate> read_numbered_list(const Scan& s, const Mention& m, size_t field);

// "there's twelve outside and six inside", "two waters, a chocolate bar and one can": a count
// read for `field` that opens a list of parts, each a number (or "a") and a word or two naming
// what it counts (none the field's own cue, a state "1 expired", a verb of a clause or a subset
// "six of them"), is their sum; nullopt for anything else (another part must say its number,
// and no part is the sum of the others).
[[nodiscard]] std::optional<FieldCandidate> sum_of_parts(const Scan& s, size_t field, const FieldCandidate& value);

}  // namespace invox::rules
