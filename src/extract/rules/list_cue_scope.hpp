#pragma once
// Whether a list field's cue labels a list where it is said: not when it is said of another
// field's thing and ends its clause ("CO alarm fitted, tested OK"), and not inside a plan for
// later ("I'll need to come back with a new flue kit"; lexicon `plan_phrases`).
#include "extract/rules/scan.hpp"

namespace invox::rules {

// The cue right after another field's cue ends its clause: it says something of that field's
// thing ("alarm fitted,"), and what follows the comma is another clause.
[[nodiscard]] bool said_of_other_field(const Scan& s, const Mention& m);

// A plan phrase ("need to", "going to") comes before the cue in its clause.
[[nodiscard]] bool in_plan(const Scan& s, const Mention& m);

// The field's description or guidelines tie it to the present visit or day ("Parts fitted
// during this visit", "Work done today"; lexicon `present_scope_words`).
[[nodiscard]] bool present_scoped(const Field& f);

}  // namespace invox::rules
