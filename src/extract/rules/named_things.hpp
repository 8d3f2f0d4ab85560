#pragma once
// Names of things said in passing in cased transcripts, for text fields no cue filled: a
// product's make and model ("it's a Kelvara Combi 28") and a business presented by its owner
// ("This is my café, Little Fern", "This is The Copper Tandoor").
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The field's label or id says it holds a model (lexicon `model_words`).
[[nodiscard]] bool names_model(const FieldLexicon& fl);

// A model field's value: the first capitalized run of one to four words followed by a number
// in the same clause, that holds no field's cue and is no date ("the old Ardent Regular 15").
[[nodiscard]] std::vector<FieldCandidate> read_product_model(const Scan& s, size_t field);

// The field's label or id says it holds a medicine's name (lexicon `medicine_words`).
[[nodiscard]] bool names_medicine(const FieldLexicon& fl);

// A medicine field's value: the first word said right before a dose, a number and a unit of
// mass or volume in the same clause ("Dr. Yoon prescribed metformin, five hundred milligrams",
// "amlodipine 5 mg"), that is no function word, number or other field's cue.
[[nodiscard]] std::vector<FieldCandidate> read_dosed_medicine(const Scan& s, size_t field);

// A business-name field's value presented with "this is": after a determiner ("This is The
// Copper Tandoor") or a possessive and a noun set off by a comma ("This is my truck, Birria
// Bros."). Not when the noun is a person word ("my colleague, Ann Lee").
[[nodiscard]] std::vector<FieldCandidate> read_presented_business(const Scan& s, size_t field);

// A building field's value named in a dictated note's header: a first sentence of
// comma-separated fragments ("Fire alarm log, Friday the eighth, Banksia Ridge Primary.") of
// which one is wholly capitalized words, three or more or ending in a building word, that no
// field's best candidate overlaps.
[[nodiscard]] std::vector<FieldCandidate> read_header_building(const Scan& s, size_t field,
                                                               const std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
