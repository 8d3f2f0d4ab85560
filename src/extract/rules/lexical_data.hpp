#pragma once
// Domain-neutral English word lists the rules engine relies on (fillers, negations,
// correction markers, linking words, unit names). Kept in one place so tuning never
// scatters literals through the matching code.
#include <string_view>
#include <vector>

namespace invox::rules {

// Hesitation words and multi-word fillers that carry no content ("uh", "let me see").
[[nodiscard]] const std::vector<std::vector<std::string_view>>& filler_phrases();
// Words that flip the polarity of a nearby cue ("no", "not", "never", "won't", "non").
[[nodiscard]] bool is_negation_word(std::string_view norm);
// Quantifier negations that mean "zero of them" for counts ("nobody", "no one", "none").
[[nodiscard]] bool is_zero_quantifier(std::string_view norm);
// Auxiliaries and determiners a negation may reach across ("won't *be* reachable").
[[nodiscard]] bool is_auxiliary_word(std::string_view norm);
// Explicit affirmations after a boolean cue ("yes", "required", "done").
[[nodiscard]] bool is_affirmation_word(std::string_view norm);
// Function words: cue phrases made only of these are weak, values never start with them.
[[nodiscard]] bool is_stopword(std::string_view norm);
// Words that may sit between a cue and its value ("is", "was", "of", "about", "should read").
[[nodiscard]] bool is_linking_word(std::string_view norm);
// Self-correction markers, longest first ("no sorry", "scratch that", "make that", "i mean").
[[nodiscard]] const std::vector<std::vector<std::string_view>>& correction_markers();
// Markers after which the following value is the rejected one ("112, not 110").
[[nodiscard]] const std::vector<std::vector<std::string_view>>& rejection_markers();
// Words separating list items ("and", "also", "plus").
[[nodiscard]] bool is_list_separator(std::string_view norm);
// Spoken words for a unit symbol as written in templates ("kg" -> kilos, kilograms, kg).
[[nodiscard]] std::vector<std::string_view> unit_words(std::string_view unit);
// Words that name or describe a person, so a text field holds a person's name.
[[nodiscard]] bool is_person_word(std::string_view norm);
// Small synonym table of everyday verbs/nouns used in dictation ("hurt" ~ "injured").
[[nodiscard]] std::vector<std::string_view> synonyms_of(std::string_view stem);

}  // namespace invox::rules
