#pragma once
// A yes/no field that names an event ("Parent contacted") is true when the form's field for
// that event's time or date ("Parent contact time") holds a value: "I spoke to you at
// twenty-five to eleven" says the contact happened, whatever words it was said with. Likewise a
// yes/no field named by a list field ("New damage" beside "Damage description: New damage found")
// is true when that list has items.
#include <map>
#include <string>

#include "extract/rules/cue_lexicon.hpp"
#include "invox/extractor.hpp"

namespace invox::rules {

// Sets, in `out`, every boolean field without a value whose label words (by stem) all occur in
// the label of a time or date field that has one, or in the label and description of a list
// field that has one, and that label has more words; the value is true, less confident than the
// other field's, with its evidence.
void imply_event_booleans(const Lexicon& lex, std::map<std::string, Candidate>& out);

}  // namespace invox::rules
