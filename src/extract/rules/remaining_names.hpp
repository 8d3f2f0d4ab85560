#pragma once
// Names by elimination: a person field no reader filled takes the one full name said that no
// field holds ("Put it under my name, Darnell Whitaker.", "I showed it myself, Rohan Bhatt.").
// The field is the only person field left empty, or the form's first person field (its
// subject) when several are. Cased transcripts only: in lowercase speech-to-text output
// nothing marks a name.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Adds the guess, at a low score, to the field it belongs to; nothing when more or fewer than
// one unheld full name is said, or when the template has a repeating group (its records name
// people too). Person fields here hold a person's name: not an organisation's or an animal's.
void assign_remaining_person_name(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

// A list of people no reader filled ("Tenants: Full names, one per item") takes every full name
// said that no field holds ("can I have both your full names? - Elowen Marchbank. - And I'm
// Dariusz Wrobel."), by the same tests; the form's first such list only, the same cases excepted.
void assign_remaining_people(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
