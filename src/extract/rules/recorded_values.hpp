#pragma once
// Values written under a cue said after them: "Ten to eleven, I'll put that down as kiln on",
// "Eighty-four, mark it down as the reading". The speaker says the value, then says which box it
// goes in (lexicon recording_verbs, recording_links).
#include <optional>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Where the recording phrase that puts the value before it under cue `m` begins ("I'll" of
// "I'll put that as received"), when one joins them: the value ends at the break before it.
[[nodiscard]] std::optional<size_t> recording_phrase_before(const Scan& s, const Mention& m);

}  // namespace invox::rules
