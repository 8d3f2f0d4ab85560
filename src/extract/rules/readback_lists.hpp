#pragma once
// Read-back summaries: a person writing the form down often reads the list back as they write
// it ("Okay, so I'll put down ear ache, fever and a rash", "So I'm logging: ..."). Such a list
// is the value of the list field whose description or guidelines say a read-back wins, or, when
// no cue named any list, of the template's only list field.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The lists read back after a record phrase (lexicon `record_phrases`) for list field `field`;
// empty when the field takes no read-backs.
[[nodiscard]] std::vector<FieldCandidate> read_readback_lists(const Scan& s, size_t field, bool cue_found);

}  // namespace invox::rules
