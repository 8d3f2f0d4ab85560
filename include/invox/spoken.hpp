#pragma once
// Sentences a person (or a voice) can read out to the speaker: a value stated ("Temperature is
// thirty-eight point five degrees Celsius."), the question of a `clarify` issue (a required value
// was not said, or what was said has more than one reading), and a request to confirm a
// doubtful value.
#include <string>
#include <vector>

#include "invox/json.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox::spoken {

// What is known about an unclear value beyond the issue itself.
struct Ambiguity {
  std::vector<Json> readings;  // normalized values the words could mean (two or more to be used)
  std::string heard;           // what was said, when known ("Monday the 14th")
};

// "What is the date of birth?", "Was the date of birth the third of April or the fourth of
// March?", "Sex: female, male or other?". Built from the field's label, type and options, and
// the readings when the value was ambiguous.
[[nodiscard]] std::string clarify_question(const Field& field, const Issue& issue, const Ambiguity& ambiguity = {});

// "Temperature is thirty-eight point five degrees Celsius.", "Allergies are penicillin and
// latex.", "Reported by Wei Zhang.", "Smoker: no.": spoken English rather than a form's
// "Label: value", so the sentence also reads as one phrase to a recognizer.
[[nodiscard]] std::string value_statement(const Field& field, const Json& value);

// "Is the temperature thirty-eight point five degrees Celsius?" for a value a person should
// confirm (low confidence, a conflict).
[[nodiscard]] std::string confirm_question(const Field& field, const Json& value);

}  // namespace invox::spoken
