#pragma once
// Whose name is it, by title: a speaker who introduces themself as a doctor ("Hey Tobias, I'm
// Dr. Nnamdi Okafor") is the person of the template's one field for a doctor's role ("Seen by:
// dentist or hygienist", "Attending physician"), not the form's subject.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The full name after "I'm Dr.", "this is doctor", ... when `field` is the template's only
// person field whose label, aliases or description name a doctor's role (lexicon
// `doctor_roles`).
[[nodiscard]] std::vector<FieldCandidate> read_doctor_introductions(const Scan& s, size_t field);

// The self-introduction at token i gives a doctor's name, and the template has a field for that
// doctor other than `field`: the name is not `field`'s.
[[nodiscard]] bool introduces_doctor_of_other_field(const Scan& s, size_t i, size_t field);

}  // namespace invox::rules
