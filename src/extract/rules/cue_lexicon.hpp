#pragma once
// The per-template cue lexicon: for every field, the phrases that announce it (label, id
// words, aliases, unique label/alias sub-phrases, guideline examples, units) and the phrases
// that *are* a value of it (enum options, option aliases, guideline synonym maps).
#include <string>
#include <string_view>
#include <vector>

#include "core/lexicon_data.hpp"
#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox::rules {

// A phrase as a sequence of word stems, with alternatives for acronyms ("ABS" ~ "a b s").
struct Phrase {
  std::vector<std::string> stems;
  std::string text;  // as written in the template, for evidence and debugging
  bool case_sensitive = false;  // short all-caps synonyms ("PM", "F") match only as written
  std::string exact;            // the written form to compare when case_sensitive
};

enum class CueKind {
  Lead,       // value follows the cue ("temperature 38")
  Inclusive,  // the value may be part of the cue ("picked up today")
  Unit,       // value precedes the cue ("78 kilos")
};

struct Cue {
  Phrase phrase;
  double strength = 1.0;
  CueKind kind = CueKind::Lead;
  bool weak = false;  // function-word-only cue ("to", "from"): value must follow at once
  bool learned = false;
  bool derived = false;  // trimmed alias: kept only when no other field uses the words
  std::string dropped = {};  // the trailing function word trimmed off ("from" of "scorecard from")
  // An acronym said letter by letter that the field's codes may start with: "R A four four seven"
  // is the code "RA447192" when the guidelines say the code holds letters.
  bool opens_code = false;
};

struct ValuePhrase {
  Phrase phrase;
  Json value;  // the option / mapped value; null = placeholder ("no known faults")
  double strength = 1.0;
};

struct FieldLexicon {
  const Field* field = nullptr;
  std::vector<Cue> cues;
  std::vector<ValuePhrase> values;
  bool person_name = false;   // text that holds a person's name
  bool agent = false;         // names whoever did something: "Approved by", "inspected_by"
  bool doctor_role = false;   // the person holds a doctor's role: "Seen by: dentist or hygienist"
  // Said by the description or guidelines (lexicon reference_day_phrases, readback_phrases): a
  // date field a record made as it happens is dated on; a list field a read-back list fills.
  bool dated_today = false;
  bool takes_readback = false;
  bool code_like = false;     // identifier: letters and digits
  bool wants_numerals = false;
  const lexicon::Honorific* title = nullptr;  // the guidelines write names with it ("Dr. Name")
  bool place_like = false;    // a location: "where ...", "address", "location"
  bool building_name = false;  // a place that is a building's or venue's name: "Building", "premises"
  bool street_name = false;    // a place that is a street's name: "Street", "Road"
  std::string code_prefix;    // "BK-"
  bool make_and_model = false;  // a code field for a product's make and model ("Solvaro H5")
  bool code_hyphen = false;   // guideline examples write spelled codes "FL-07"
  unsigned code_letters = 0;  // bit n: a guideline example of the code starts with n letters ("K-22": 1)
  bool letters_in_code = false;  // the guidelines say or show that the code holds letters
  bool in_thousands = false;  // guideline examples say amounts in thousands ("'one twenty-five' -> 125000")
  bool upper_bound = false;   // a number that holds the top of what is said ("Max rent", "the higher figure")
  bool full_name = false;     // the guidelines ask for a first and last name
  bool animal_name = false;   // the label, description or aliases say it names an animal ("The animal's name")
  bool records_problem = false;  // a yes/no field whose id or label names a problem ("Frame damage")
  std::vector<std::string> label_stems;  // the label's content words, stemmed ("Parent contacted at": parent, contact)
  // Content words, stemmed, of what the guidelines say the field is not ("not the standing
  // pressure": stand), less the field's own words and the template title's.
  std::vector<std::string> excluded_stems;
};

struct Lexicon {
  std::vector<FieldLexicon> fields;  // template order
};

// The bit of FieldLexicon::code_letters a written code sets: 1 << n for a code with a digit
// that starts with n (1 to 4) capitals ("K-22", "RT-9"); 0 for anything else.
[[nodiscard]] unsigned code_shape_bit(std::string_view written);

// Turns text into a phrase with the transcript tokenizer's word forms.
[[nodiscard]] Phrase make_phrase(const std::string& text);

// Builds the lexicon for every field of `tmpl` (the other fields bound each value, also when
// only one field is requested). Sub-phrase cues are kept only when unique in the template.
[[nodiscard]] Lexicon build_lexicon(const Template& tmpl);
// One of fields a and b is a date and the other a time: no value fits both, so they may share
// a cue ("landed" of "Arrival date" and "Landing time").
[[nodiscard]] bool date_and_time(const Lexicon& lex, size_t a, size_t b);

}  // namespace invox::rules
