#include "extract/rules/age_apposition.hpp"

#include "extract/rules/count_readings.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {
namespace {

constexpr double kApposedAge = 0.45;  // below a cued reading, above nothing

bool names_an_age(const Scan& s, size_t field) {
  for (const auto& c : s.lex.fields[field].cues)
    for (const auto& st : c.phrase.stems)
      if (!c.weak && words().age_words.contains(st)) return true;
  return false;
}

// "Walter Brennagh, 78": a capitalized word that is no calendar word, then a comma.
bool after_a_name(const Scan& s, size_t i) {
  auto p = s.prev_content(i);
  if (!p || !s.tt.cased || s.tok(*p).after != Break::Comma) return false;
  const Token& t = s.tok(*p);
  if (!t.capitalized || t.has_digit || t.speaker) return false;
  if (words().month_names.index_of(t.norm) || words().weekday_names.index_of(t.norm)) return false;
  // A full name, not a sentence's first word ("Yes, 24"): another capitalized word before it.
  auto q = s.prev_content(*p);
  return q && s.tok(*q).after == Break::None && s.tok(*q).capitalized;
}

// "she's thirty-one", "he is 66", "aged 24".
bool after_a_subject(const Scan& s, size_t i) {
  auto p = s.prev_content(i);
  if (!p || s.tok(*p).after != Break::None) return false;
  if (words().age_openers.contains(s.tok(*p).norm)) return true;
  if (!is_auxiliary_word(s.tok(*p).norm)) return false;
  auto q = s.prev_content(*p);
  return q && s.tok(*q).after == Break::None && words().age_subjects.contains(s.tok(*q).norm);
}

// What follows the number ends its clause: a break, "years old", or a new clause's pronoun.
bool clause_ends_after(const Scan& s, const FieldCandidate& c) {
  if (c.last == 0 || c.last > s.size()) return false;
  if (s.tok(c.last - 1).after != Break::None || c.last == s.size()) return true;
  const std::string& next = s.tok(s.skip_fillers(c.last)).norm;
  return words().subject_pronouns.contains(next) || words().age_tails.contains(next);
}

}  // namespace

std::vector<FieldCandidate> age_apposition_candidates(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  const Field& f = *s.lex.fields[field].field;
  if (f.type != FieldType::Number || !names_an_age(s, field)) return out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    if (!after_a_name(s, i) && !after_a_subject(s, i)) continue;
    auto c = s.parse_typed(i, std::min(s.size(), i + 4), f);
    if (!c || !c->value.is_number() || !within_range(c->value, f) || !clause_ends_after(s, *c)) continue;
    c->cue_first = c->first;
    c->score = kApposedAge;
    out.push_back(*c);
    i = c->last - 1;
  }
  return out;
}

}  // namespace invox::rules
