#pragma once
// When a number said near a count field's cue is not that count: a time of day ("eleven
// a.m."), a part of a set ("six of them", "the first two"), an amount per person ("two each"), a pronoun ("the kitchen
// one"), a fraction of something else ("half a tablet", "half ten"), the value of another field's cue said just before
// it, or a guideline phrase said negated ("not just me"). Also counts said without a cue ("six of us") and the
// article-like "one".
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// A number within the field's min and max (false for a non-number).
[[nodiscard]] bool within_range(const Json& v, const Field& f);

// A number field that measures nothing: no unit, or a unit that is no unit of measure
// ("people", "items"). Its value counts things.
[[nodiscard]] bool counts_things(const Field& f);

// The number read at c (for a number field f) does not count the field's thing.
[[nodiscard]] bool not_a_count(const Scan& s, const FieldCandidate& c, const Field& f);

// "heart rate one hundred and four blood pressure ...": a cue of another field ends within a
// few words (`reach`) before token `first` in its sentence, so a number there is that field's
// value.
[[nodiscard]] bool follows_other_cue(const Scan& s, size_t first, size_t field, size_t reach = 4);

// A guideline value phrase said right after a negator ("it's not just me").
[[nodiscard]] bool negated_phrase(const Scan& s, const FieldCandidate& c);

// "it's the whole team, six of us": group sizes said without a cue, for `field` when it is
// the template's one number field that counts people (lexicon people_count_words).
[[nodiscard]] std::vector<FieldCandidate> group_counts(const Scan& s, size_t field);

// The count read at c is the single word "one", which is an article as often as a count.
[[nodiscard]] bool article_one(const Scan& s, const FieldCandidate& c);

}  // namespace invox::rules
