#pragma once
// The English the offline engine knows (number words, month names, negators, fillers, unit
// words, ...), read from the reviewed data file src/core/lexicon.json that the build compiles in.
// It lives in core because both the rules extractor (extract/rules) and normalization
// (normalize) read it and neither may include the other. docs/RULES.md describes every group.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "invox/expected.hpp"

namespace invox::lexicon {

// Hashes std::string and std::string_view alike, so a set of strings is searched with a view
// (no string is built for each word looked up).
struct StringHash {
  using is_transparent = void;
  [[nodiscard]] size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

// Words, or phrases written as words joined by single spaces, with membership tests.
class WordSet {
 public:
  WordSet() = default;
  explicit WordSet(std::vector<std::string> items);
  [[nodiscard]] bool contains(std::string_view word) const { return set_.find(word) != set_.end(); }
  [[nodiscard]] const std::vector<std::string>& items() const { return items_; }

 private:
  std::vector<std::string> items_;  // file order
  std::unordered_set<std::string, StringHash, std::equal_to<>> set_;  // every lookup of the engine goes here
};

// A phrase as its words ("no", "sorry").
using Phrase = std::vector<std::string>;

// Entry i holds the spellings of value i ("september", "sep", "sept").
class OrderedWords {
 public:
  OrderedWords() = default;
  explicit OrderedWords(std::vector<std::vector<std::string>> entries);
  // The entry that spells `word`, or nullopt.
  [[nodiscard]] std::optional<size_t> index_of(std::string_view word) const;
  // The first (full) spelling of entry i.
  [[nodiscard]] const std::string& name(size_t i) const { return entries_.at(i).front(); }
  [[nodiscard]] size_t size() const { return entries_.size(); }

 private:
  std::vector<std::vector<std::string>> entries_;
  std::unordered_map<std::string, size_t, StringHash, std::equal_to<>> index_;  // spelling -> first entry
};

using WordValues = std::map<std::string, double, std::less<>>;

struct UnitEntry {
  std::string id;         // canonical symbol as templates write it: "kg", "°C", "USD"
  std::string dimension;  // "mass", "length", "temperature", ... (see kUnitDimensions)
  double factor = 1.0;    // value in the dimension's base unit = value * factor + offset
  double offset = 0.0;
  std::vector<std::string> words;  // said after a number ("kilos", "degrees celsius")
  std::vector<std::string> weak;   // count only for a field of the same dimension ("c", "m")
  std::string then;                // the smaller unit said next without its word ("five foot ten": "in")
  std::vector<std::string> minor;  // a currency's hundredth ("cents", "pence")
  // A unit named for its dimension ("currency") is any unit of it.
  [[nodiscard]] bool any_of_dimension() const { return id == dimension; }
};

struct Honorific {
  std::string written;              // "Dr."
  std::vector<std::string> spoken;  // "doctor", "dr"
};

// Dimensions a unit may have, in the order of normalize::Dimension (units.cpp checks the count).
inline constexpr std::string_view kUnitDimensions[] = {"mass",   "length", "area",   "temperature", "percent", "pressure",
                                                       "duration", "rate", "volume", "power",       "energy",  "currency"};

// Every group of src/core/lexicon.json, typed. Field names are the group names.
struct LexiconData {
  // Numbers, calendar, spelling.
  OrderedWords digit_words, teen_words, tens_words, digit_ordinals, teen_ordinals, tens_ordinals;
  WordValues scale_words, scale_ordinals, repeat_words;
  WordValues frequency_words;  // "once a day": a number of times before a rate
  WordValues level_words;      // "battery full": a percentage on a % field
  WordSet rate_openers;
  WordSet rate_articles, rate_periods;  // "five-twenty a week": a rate, not a clock time
  WordSet spoken_zero;
  OrderedWords month_names, weekday_names, spelling_alphabet;
  WordSet spoken_dashes;
  std::vector<Phrase> hyphen_format_phrases;
  WordSet past_date_words, future_date_words, past_event_words, hedges, abbreviations, numeral_abbreviations;
  std::vector<Honorific> honorifics;
  // Polarity and answers.
  WordSet negators, negator_suffixes, negator_prefixes, negative_states;
  std::vector<Phrase> zero_quantifiers;
  WordSet problem_words, fine_states;  // a yes/no field of a problem; words of good order
  WordSet upper_bound_words, range_connectors, range_openers, singular_articles, record_imperatives;
  std::vector<Phrase> ceiling_openers, ceiling_markers;  // "stretch to" 1500; 2700 "absolute max"
  // Counts: what may sit inside "no more refills", what makes a number not the count.
  WordSet zero_count_bridges, added_count_words, distributive_words, pronoun_numbers, pronoun_number_openers;
  std::vector<Phrase> partitive_heads;  // "six of them": a part of a set, not the count
  WordSet defect_states;                // "two were missing tags": a count of the failed ones
  std::vector<Phrase> group_count_tails;  // "six of us": the size of a group of people
  WordSet people_count_words;  // a number field that counts people
  WordSet past_tense_markers;  // "since Friday": a weekday said alone lies in the past
  WordSet plan_markers;        // "let's bring him on-site": an option in a plan is not a fact
  WordSet negation_bridges, yes_words, no_words, affirmations, uncertain_words;
  WordSet day_deictics;        // "yesterday": a word that names a day by itself
  WordSet relative_day_words;  // "yesterday", "next": a value signal of dates said relative to today
  WordSet question_tags;  // "No battery, right?": a statement asked back for confirmation
  std::vector<Phrase> uncertain_phrases;
  WordSet hypothetical_markers, guideline_conditions;
  std::vector<Phrase> offer_markers;  // "if you like": a statement that awaits an answer
  // Conversation: clock times without am/pm, unlabeled times, turn openers, "that's me".
  WordSet morning_words, afternoon_words, clock_openers, greetings, self_reference_words,
      third_party_references;
  // Clock times: words that make a number a time of day ("eleven a.m.", "ten past nine"); words
  // of a time field's label that say it starts or ends a period ("Start time", "Finish time").
  WordSet clock_suffixes, clock_relations, period_start_words, period_end_words, present_deictics;
  WordSet arranged_time_verbs;  // "I said eleven": a time agreed before, which "ten past" is past
  WordSet place_or_company_openers;   // "in Long Acre", "with Bayview Rentals": no person's name
  WordSet list_announcements;         // "two things: ...": a counted list follows
  WordSet time_span_joiners;          // "ten till eleven thirty": two clock times as a span's start and end
  WordSet span_edge_words;            // "since yesterday": a date that bounds a span is not the event's day
  std::vector<Phrase> military_time_phrases;  // "hundred hours": "fourteen hundred hours" is a clock time
  std::vector<Phrase> question_openers;  // "what is", "how many": a question begins
  // Clause boundaries in speech without punctuation (extract/rules/spoken_breaks).
  WordSet spoken_clause_openers, clause_joiners, turn_responses, question_auxiliaries, question_subjects,
      open_question_words;
  std::vector<Phrase> total_markers;  // "so seventeen", "total fifty": the sum of the parts said
  WordSet full_name_phrases, rank_titles;
  // Proper names of organisations and named places ('Bluepeak Logistics', 'Kestrel and Finch').
  WordSet organisation_words, organisation_heads, name_connectors, affiliation_words, affiliation_openers;
  // Whose a name is: staff fields, names marked without capitals, names of no person, questions
  // and cues that point at someone else.
  WordSet staff_words, name_markers, holiday_heads, possession_verbs, side_prepositions;
  // "Twenty past nine, I'll put that as received": a value written under the cue said after it.
  WordSet recording_verbs, recording_links;
  WordSet organisation_openers;  // "from the lakeview chess club": before a lowercase organisation name
  WordSet street_words, dwelling_unit_words;  // street addresses said aloud
  WordSet job_title_words;
  WordSet age_words, age_openers, age_subjects, age_tails;  // ages said without their cue
  WordSet first_reading_words;  // "temperature at the start": a later reading does not revise it
  WordSet date_type_words, time_type_words;  // "Induction date" / "Induction time": one event
  WordSet model_words;     // a field that holds a product's model ("a Kelvara Combi 28")
  WordSet medicine_words;  // a field that holds a medicine's name ("metformin, five hundred milligrams")
  WordSet name_particles;  // "Marieke de Waal": lowercase words inside a person's name
  std::vector<Phrase> clock_now_phrases, count_questions;
  std::vector<Phrase> correction_markers, retraction_markers, rejection_markers, revision_markers, contrast_markers,
      change_openers;
  std::vector<Phrase> tail_markers;  // "three two one at the end": a correction of a code's last characters
  std::vector<Phrase> guideline_empty_markers;
  std::vector<Phrase> whole_number_phrases;  // "rounded to a whole cm": no decimals
  WordSet decimal_words;                     // "one decimal": that many
  // Structure of dictated text.
  std::vector<Phrase> fillers;
  WordSet stopwords, linking_words, determiners, clause_openers, subject_pronouns, auxiliary_verbs, dangling_words,
      verb_particles, place_heads, support_verbs, doctor_roles, copulas;
  WordSet courtesy_words;  // "please": never part of a value
  std::vector<Phrase> list_joiners;
  WordSet list_restarts, list_enders, restrictive_adverbs;
  WordSet list_comment_openers;
  std::vector<Phrase> list_additions;  // "he also takes": a later sentence adds to a list
  std::vector<Phrase> list_idioms;   // "on and off": a joiner inside an idiom joins no items
  WordSet aside_openers;             // "the trap, it was cracked, and the seal": a comment, not an item
  WordSet first_person_subjects;     // "..., and we set out the drains": the speaker's action joins the list
  WordSet done_forms;                // "did", "done": "I did ..." tells a list of what was done
  std::vector<Phrase> plan_phrases;  // "need to", "going to": a list cue after them lists nothing done
  WordSet present_scope_words;       // "Parts fitted during this visit": items of another day are not values
  // Read-back summaries: "so I'll put down X, Y and Z" fills the list field whose guidelines say
  // a read-back wins; "Guest complaint log." names the document, not a value.
  std::vector<Phrase> record_phrases, readback_phrases;
  std::vector<Phrase> acknowledgements;  // "Itching, noted.": a restatement acknowledged
  std::vector<Phrase> place_welcomes;    // "Welcome to Kauri Point": a place named
  std::vector<Phrase> reference_day_phrases;  // "... is on the reference date": the event's date field
  WordSet document_words;
  std::vector<Phrase> list_alternatives;
  // Repeating groups: words that open the next record, verbs that withdraw a named record.
  WordSet item_openers, item_removers, collective_words;
  std::vector<Phrase> opener_idioms;  // "next door": an opener word that opens nothing
  WordSet colour_field_words, colour_words, colour_shades;
  std::vector<Phrase> self_introductions;
  WordSet answering_tails;  // "Rhys speaking"
  std::vector<Phrase> second_person_questions;  // "You're Harold Besserman?": asks the listener
  WordSet place_prepositions, not_place_words, pair_separators;
  std::vector<Phrase> locative_prepositions;  // "the one by the kitchen exit": where a thing is
  WordSet item_place_prepositions;            // "a cut under her chin": the cue is the first item
  WordSet place_name_prepositions;            // "on Orewa Beach": before a place named with its kind
  // What a field's own words say about it.
  WordSet naming_words, topic_words, person_words, animal_words, identifier_words, place_words, building_words,
      street_field_words, generic_cue_words, derivational_suffixes;
  std::vector<std::vector<std::string>> synonyms;
  std::vector<std::vector<std::string>> kinds;  // first word names the kind; the rest are members ("cattle", "steers")
  std::vector<std::vector<std::string>> verb_forms;  // irregular forms of one verb ("ring", "rang", "rung")
  std::vector<std::vector<std::string>> unmarked_contractions;  // "i'm" first, then "im"
  // Placeholders.
  WordSet empty_values, nothing_values, nothing_openers, nothing_filler_words;
  std::vector<UnitEntry> units;

  // A negating word: a negator or a word with a negating suffix ("won't").
  [[nodiscard]] bool is_negator(std::string_view word) const;
  // A negation made by a word's ending ("didn't", "won't"; negator_suffixes).
  [[nodiscard]] bool has_negator_suffix(std::string_view word) const;
  // A number word of any kind (digit, teen, tens, scale, spoken zero, repeat word).
  [[nodiscard]] bool is_number_word(std::string_view word) const;
  // The unit entry a template's unit symbol names ("kg", "°C", "breaths/min", "kilos"), compared
  // case-insensitively with spaces ignored, or nullptr.
  [[nodiscard]] const UnitEntry* unit_for_symbol(std::string_view symbol) const;
};

// Parses lexicon JSON text; the error names the group and what is wrong with it. Every group the
// code reads must be present, and no group the code does not read may be.
[[nodiscard]] Expected<LexiconData> parse_lexicon_data(std::string_view json_text);

// The text of src/core/lexicon.json as compiled into this build.
[[nodiscard]] std::string_view builtin_lexicon_json();

// The built-in lexicon, parsed once on first use (thread-safe). A malformed built-in file is a
// build defect that the test suite catches; it aborts the run with the parse error.
[[nodiscard]] const LexiconData& lexicon_data();

}  // namespace invox::lexicon
