#include "extract/rules/remaining_names.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/proper_names.hpp"
#include "extract/rules/speaker_roles.hpp"
#include "extract/rules/text_values.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
// A guess from elimination alone: below the readers that saw a cue, an introduction or a
// question. The calibration learns how often such guesses are right.
constexpr double kRemainingNameScore = 0.4;
constexpr size_t kFullNameWords = 2;

// "PM", "ABS": every letter a capital.
bool all_capitals(const Token& t) {
  return std::all_of(t.raw.begin(), t.raw.end(), [](char c) { return c < 'a' || c > 'z'; });
}

bool person_field(const FieldLexicon& fl) {
  return fl.field && fl.field->type == FieldType::Text && names_person(fl) && !names_organisation(fl) &&
         !fl.animal_name;
}

// The full name starting at token i: two or more capitalized words that are no place's or
// business's ("Whitcombe Road", "Swiftline Couriers").
std::optional<FieldCandidate> full_name_at(const Scan& s, size_t field, size_t i) {
  auto c = read_person_at(s, field, i, s.region_end(i, field, false, s.params.name_max_tokens + 1));
  if (!c || c->first < i || !c->value.is_string()) return std::nullopt;
  size_t words_said = 0;  // "Delacroix-Amin" is one
  for (size_t k = c->first; k < c->last; ++k) {
    const Token& t = s.tok(k);
    // "Doc Varga": a title and a surname are no full name.
    if ((k == c->first || s.tok(k - 1).after != Break::Join) && !is_rank_word(t.norm)) ++words_said;
    // "Next PM", "Code P B": letters and acronyms are no one's name.
    if (!t.capitalized || t.speaker || t.norm.size() < 2 || all_capitals(t)) return std::nullopt;
    if (words().organisation_heads.contains(t.norm) || words().street_words.contains(t.norm)) return std::nullopt;
  }
  if (words_said < kFullNameWords) return std::nullopt;
  // "Put it under my name, Darnell Whitaker.": set off, as a name given is. "Nadia Brooks from the
  // office rang" runs on into a sentence about its owner.
  if (c->last < s.size() && s.tok(c->last - 1).after == Break::None) return std::nullopt;
  // "Nadia Brooks, my manager, sent me": a role said after the name makes it a third party's.
  if (c->last + 1 < s.size() && s.tok(c->last - 1).after == Break::Comma) {
    const size_t k = s.skip_fillers(c->last);
    if (k + 1 < s.size() && words().determiners.contains(s.tok(k).norm) && is_person_word(s.tok(k + 1).norm))
      return std::nullopt;
  }
  // "the ewes in Long Acre", "with Bayview Rentals": a place's or an organisation's name.
  if (auto p = s.prev_content(c->first);
      p && s.tok(*p).after == Break::None && words().place_or_company_openers.contains(s.tok(*p).norm))
    return std::nullopt;
  return c;
}

// A self-introduction ("it's", "this is", "I'm") ends right before token `first`.
bool introduced(const Scan& s, size_t first) {
  constexpr size_t kMarkerWords = 3;
  for (size_t k = first > kMarkerWords ? first - kMarkerWords : 0; k < first; ++k)
    if (marker_length(s, k, words().self_introductions) == first - k) return true;
  return false;
}

bool held(const std::vector<std::vector<FieldCandidate>>& ranked, const FieldCandidate& name) {
  const std::string text = util::to_lower_ascii(name.value.get<std::string>());
  for (const auto& cands : ranked) {
    if (cands.empty()) continue;
    const FieldCandidate& c = cands[0];
    if (!c.implied && overlaps(c, name)) return true;
    if (!c.value.is_string()) continue;
    const std::string other = util::to_lower_ascii(c.value.get<std::string>());
    if (other.find(text) != std::string::npos || text.find(other) != std::string::npos) return true;
  }
  return false;
}
}  // namespace

void assign_remaining_person_name(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  if (!s.tt.cased) return;
  // The first person field left empty; with others left too, only when it is the form's first
  // person field, its subject (the likeliest person to be named in full).
  std::optional<size_t> field;
  bool subject_left = false, several_left = false, first = true;
  for (size_t f = 0; f < s.lex.fields.size(); ++f) {
    // The people of a repeating group's records ("people", "doses") are named in the same talk.
    if (s.lex.fields[f].field->is_group()) return;
    if (!person_field(s.lex.fields[f])) continue;
    const bool subject = std::exchange(first, false);
    if (!ranked[f].empty()) continue;
    subject_left = subject_left || subject;
    if (field) {
      several_left = true;
      continue;
    }
    field = f;
  }
  if (several_left && !subject_left) return;
  if (!field) return;
  std::optional<FieldCandidate> found;
  for (size_t i = 0; i < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (!t.capitalized || t.filler || t.has_digit) continue;
    // Inside a capitalized run: "Kowal" of "Jenna Kowal", "Anne" of "Kerry-Anne".
    if (i > 0 && s.tok(i - 1).capitalized && !s.tok(i - 1).filler &&
        (s.tok(i - 1).after == Break::None || s.tok(i - 1).after == Break::Join))
      continue;
    auto c = full_name_at(s, *field, i);
    // "Driver: Hiya, it's Kieran Bolt": a speaker another person field names introduces
    // themself.
    if (!c || held(ranked, *c) || (introduced(s, c->first) && turn_names_other_person_field(s, c->first, *field)))
      continue;
    if (found &&
        util::to_lower_ascii(found->value.get<std::string>()) == util::to_lower_ascii(c->value.get<std::string>()))
      continue;
    if (found) return;  // two names left: either may be the field's
    found = c;
  }
  if (!found) return;
  found->score = kRemainingNameScore;
  found->cue_first = found->first;
  ranked[*field].push_back(*found);
}

}  // namespace invox::rules
