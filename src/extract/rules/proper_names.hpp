#pragma once
// Proper names in cased transcripts: a capitalized run is one name even when another field's
// word sits inside it ("Silverline Coach Tours", "Fairweather and Sons Hauling"); an
// organisation's name said without a label ("here for the inspection of Kestrel and Finch
// Architects") fills a field that holds a company; a named place of a kind the field's
// guidelines list ("This is the Hollins Creek weigh station") fills a location field.
// Lowercase (speech-to-text) transcripts carry no capitals: there only an organisation's name
// said after "from", "for", "with" or "at" and ending with a business's word is read.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// What the field is about: its id and label words and the head of its description ("Motor
// carrier the driver operates for" is about a carrier, not a driver), as the cue lexicon
// classifies fields.
[[nodiscard]] std::vector<std::string> field_head_words(const Field& f);

// The field's label, description or guidelines ask for a first and last name.
[[nodiscard]] bool asks_full_name(const Field& f);

// A proper-name field that holds a person's name: a person word, a title, a full name asked
// for, "... by". "Medication name" and "Supplier name" hold the name of a thing.
[[nodiscard]] bool names_person(const FieldLexicon& fl);

// Where the capitalized name starting at token `first` ends, at `end` or later: capitalized
// words and connectors between them ("and", "of") in one clause. `end` when the tokens
// [first, end) are not all capitalized or the transcript is lowercase.
[[nodiscard]] size_t proper_name_end(const Scan& s, size_t first, size_t end);

// Where a name that is not a person's ("harbor lights tavern", "maple ridge warehouse"),
// starting at token `first` in a lowercase transcript, ends, at `end` or later: up to four
// content words, not across a function word, a number, a date or another field's cue (another
// field's option word may be part of it). `end` in cased transcripts.
[[nodiscard]] size_t spoken_name_end(const Scan& s, size_t field, size_t first, size_t end);

// A person field of a member of an organisation's staff: its description says the person and an
// organisation or staff word ("Agency staff member who did the viewing", "Lift company
// technician", "IT staff member who checked the equipment in").
[[nodiscard]] bool names_organisation_staff(const FieldLexicon& fl);

// The person's name ending at token `name_last` is set off by the organisation they are with:
// ", with Bayview Rentals", " from Apex Vertical", ", Summit Aerial." (cased transcripts only).
[[nodiscard]] bool followed_by_organisation(const Scan& s, size_t name_last);

// A self-introduction ("it's", "this is", "I'm", lexicon self_introductions) ends right before
// token `first`.
[[nodiscard]] bool introduced(const Scan& s, size_t first);

// The field holds the name of an organisation (its label or description says company,
// carrier, supplier, business, ...), not a person's.
[[nodiscard]] bool names_organisation(const FieldLexicon& fl);

// Whether the name [first, last) is only a sentence's first word running on into lowercase
// words ("Since five this morning", "Half a tablet"): capitalized because it opens the
// sentence, not a name.
[[nodiscard]] bool sentence_opener_only(const Scan& s, size_t first, size_t last);

// Organisation fields no cue filled take, in template order, the organisation names said
// (capitalized runs ending in a business word: "Bluepeak Logistics") that no other field holds.
void assign_organisation_names(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

// A place field's value named by a kind its description or guidelines list ("Name of the
// weigh station, port of entry ..."): a capitalized run followed by that kind ("the Maple Gap
// weigh station").
[[nodiscard]] std::vector<FieldCandidate> read_named_kind(const Scan& s, size_t field);
// "found her on Orewa Beach": a capitalized place name that ends with its kind (one the field's
// description or guidelines name, or a street word), after a preposition of place; for a place
// field nothing else filled.
[[nodiscard]] std::vector<FieldCandidate> read_place_named_with_kind(const Scan& s, size_t field);

// A street address said aloud for the template's one address field: a house number, a
// street name ending in a street word, and a unit before or after it ("48 Sorrel Lane,
// apartment 3B", "Flat 4, 22 Wexcombe Road"). Each replaces the cue values it overlaps (a cue
// value stops at the comma or the digits) and is added when no cue led to it.
void add_street_addresses(const Scan& s, size_t field, std::vector<FieldCandidate>& cands);

}  // namespace invox::rules
