#pragma once
// The rules engine's view of the built-in lexicon (src/core/lexicon.json, src/core/lexicon_data):
// the groups it reads, combined the way the readers need them. No word lists live here.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/lexicon_data.hpp"

namespace invox::rules {

// The whole lexicon, for groups read directly (determiners, pair_separators, ...).
[[nodiscard]] inline const lexicon::LexiconData& words() { return lexicon::lexicon_data(); }

// Hesitation words and multi-word fillers that carry no content ("uh", "let me see").
[[nodiscard]] inline const std::vector<lexicon::Phrase>& filler_phrases() { return words().fillers; }
// Words that flip the polarity of a nearby cue: negators, "n't" forms, negative states
// ("former", "broken") and zero quantifiers ("zero").
[[nodiscard]] bool is_negation_word(std::string_view norm);
// One-word quantifier negations that mean "zero of them" for counts ("nobody", "none").
[[nodiscard]] bool is_zero_quantifier(std::string_view norm);
// Auxiliaries and determiners a negation may reach across ("won't *be* available").
[[nodiscard]] inline bool is_auxiliary_word(std::string_view norm) { return words().negation_bridges.contains(norm); }
// Explicit affirmations after a boolean cue ("yes", "required").
[[nodiscard]] bool is_affirmation_word(std::string_view norm);
// Function words: cue phrases made only of these are weak, values never start with them.
[[nodiscard]] inline bool is_stopword(std::string_view norm) { return words().stopwords.contains(norm); }
// The question word that asks for a person: "who", "who's".
[[nodiscard]] inline bool is_who_word(std::string_view norm) { return norm == "who" || norm == "who's"; }
// Words that may sit between a cue and its value ("is", "was", "of", "about", "should read").
[[nodiscard]] inline bool is_linking_word(std::string_view norm) { return words().linking_words.contains(norm); }
// Self-correction markers, longest first ("no sorry", "scratch that", "make that", "i mean").
[[nodiscard]] inline const std::vector<lexicon::Phrase>& correction_markers() { return words().correction_markers; }
// Markers after which the following value is the rejected one ("64, not 60").
[[nodiscard]] inline const std::vector<lexicon::Phrase>& rejection_markers() { return words().rejection_markers; }
// Spoken words for the unit a template writes ("kg" -> kilos, kilograms, kg); none for a unit
// the lexicon does not know.
[[nodiscard]] std::vector<std::string> unit_words(std::string_view unit);
// The words of the other units a value of `unit` may be said in and converted from ("pounds" and
// "tonnes" for kg, "square feet" for m²): the strong words of every unit of the same dimension.
// Currencies are never converted, so they have none.
[[nodiscard]] std::vector<std::string> convertible_unit_words(std::string_view unit);
// Words that name or describe a person, so a text field holds a person's name.
[[nodiscard]] inline bool is_person_word(std::string_view norm) { return words().person_words.contains(norm); }
// The same for a stem ("nurs" of "receiving nurse"), as cue phrases hold them.
[[nodiscard]] bool is_person_word_stem(std::string_view stem_text);
// Some word of `texts` (split at every character that is no letter or digit, lower-cased) is in
// `set`: "Temperature at the start" says "start", "inverter_model" says "model".
[[nodiscard]] bool says_any_word(std::initializer_list<std::string_view> texts, const lexicon::WordSet& set);
// Some phrase of `phrases` is said in `text`, word for word as the transcript tokenizer reads it
// ("... is on the reference date" says "reference date").
[[nodiscard]] bool says_any_phrase(std::string_view text, const std::vector<lexicon::Phrase>& phrases);
// The synonym group (as stems) that `stem` belongs to, or empty.
[[nodiscard]] const std::vector<std::string>& synonyms_of(std::string_view stem);
// A spoken number word ("seven", "twenty", "hundred", "oh", "double").
[[nodiscard]] inline bool is_number_word(std::string_view norm) { return words().is_number_word(norm); }

}  // namespace invox::rules
