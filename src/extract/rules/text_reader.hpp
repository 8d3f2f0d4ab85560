#pragma once
// Free-text values: identifiers, person names (a capitalized run in cased transcripts, two
// words in lowercase ones), short phrases up to the next clause end or field cue, and
// multi-value lists split at commas and "and"/"also"/"plus".
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

[[nodiscard]] std::vector<FieldCandidate> read_text_field(const Scan& s, size_t field);
[[nodiscard]] std::vector<FieldCandidate> read_list_field(const Scan& s, size_t field);
// A place said as "at/in <place>" when no cue names the location field; times and dates
// ("at half past two", "in two weeks") are not places.
[[nodiscard]] std::vector<FieldCandidate> read_place_phrase(const Scan& s, size_t field);
// The form's subject when no cue names it: a self-introduction ("this is Maria Lopez",
// "it's Sam Patel") or "<form> for <Name>" in the opening words.
[[nodiscard]] std::vector<FieldCandidate> read_subject_name(const Scan& s, size_t field);

// "I'm Dana Whitfield, with Bayview Rentals": for a field of an organisation's staff ("Agency
// staff member who did the viewing") that nothing filled, the first self-introduced name set off
// by the organisation the speaker is with (cased transcripts).
[[nodiscard]] std::vector<FieldCandidate> read_affiliated_name(const Scan& s, size_t field);
// The phrase the text opens with, up to its first clause end (a person's name for a name
// field): how a record of a list is named ("Stretch wrap, code ...", "Kofi Antwi, HPV, ...").
[[nodiscard]] std::vector<FieldCandidate> read_lead_phrase(const Scan& s, size_t field);

}  // namespace invox::rules
