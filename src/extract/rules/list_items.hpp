#pragma once
// What is and is not a list item, by the grammar of the item alone: a comment on the item
// before ("it was cracked"), a measurement that belongs to a number field ("forty-two cubic
// metres"), a time of day ("this morning"), the person doing the action ("Mr Hale gave him an
// ice pack"), and where an item said without punctuation runs into "nothing else" or "no
// <the list's own word>".
#include "extract/rules/scan.hpp"

namespace invox::rules {

// The item [b, e) opens with a pronoun and a verb: a comment on the item before ("the trap, it
// was cracked, and the seal"; lexicon `aside_openers`), not an item.
[[nodiscard]] bool is_aside_item(const Scan& s, size_t b, size_t e);

// The item [b, e) is a number and a unit another field measures ("forty-two cubic metres"):
// that field's value said in passing, not an item.
[[nodiscard]] bool is_measurement_item(const Scan& s, size_t b, size_t e);

// The item [b, e) only says when ("this morning", "yesterday"): not an item.
[[nodiscard]] bool is_time_item(const Scan& s, size_t b, size_t e);

// The item [b, e) is dated by a month or weekday after a preposition ("her booster in March",
// "the filter on Monday"): for a list of what was done at this visit, another day's item.
[[nodiscard]] bool is_dated_item(const Scan& s, size_t b, size_t e);

// In cased text, the item [b, e) opens with a titled name ("Mr Hale gave him an ice pack"):
// the first token after the name, or b.
[[nodiscard]] size_t past_item_subject(const Scan& s, size_t b, size_t e);

// Where the item [b, e) ends because it runs into a statement that the list has nothing more
// ("the thermocouple nothing else needed", "an injection no vaccines today"): a zero
// quantifier right after a content word. `e` when it does not.
[[nodiscard]] size_t nothing_more_at(const Scan& s, size_t b, size_t e);

// The joiner at token i lies inside an idiom ("bleeding on and off", "pacing back and forth";
// lexicon `list_idioms`), not between two items.
[[nodiscard]] bool inside_list_idiom(const Scan& s, size_t i);

// The item starting at token b opens with a negator ("no soap or towels"): an alternative
// inside it belongs to the negation, not a new item.
[[nodiscard]] bool negated_item(const Scan& s, size_t b, size_t e);

}  // namespace invox::rules
