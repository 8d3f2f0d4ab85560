#pragma once
// Clause boundaries in speech written without punctuation (a recognizer's output: "i got here at
// noon traffic was kind today any falls nope"): the words that open a clause or answer a turn
// mark where one ends, so values stop at the next clause and questions find their answers.
#include "extract/rules/transcript_tokens.hpp"

namespace invox::rules {

// In a transcript with no sentence or clause punctuation over enough words to need it, sets Break::Sentence before clause openers and around response words, and marks the end of a
// clause a question opener starts as a question (and TokenizedText::breaks_inferred). Punctuated
// text is left as it is.
void infer_spoken_breaks(TokenizedText& t);

}  // namespace invox::rules
