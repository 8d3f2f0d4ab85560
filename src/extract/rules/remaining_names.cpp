#include "extract/rules/remaining_names.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "core/english_words.hpp"
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

bool names_people(const FieldLexicon& fl, FieldType type) {
  return fl.field && fl.field->type == type && names_person(fl) && !names_organisation(fl) && !fl.animal_name;
}

bool person_field(const FieldLexicon& fl) { return names_people(fl, FieldType::Text); }

// The full name starting at token i: two or more capitalized words that are no place's or
// business's ("Whitcombe Road", "Swiftline Couriers") or a holiday ("Boxing Day").
std::optional<FieldCandidate> full_name_at(const Scan& s, size_t field, size_t i) {
  auto c = read_person_at(s, field, i, s.region_end(i, field, false, s.params.name_max_tokens + 1));
  if (!c || c->first < i || !c->value.is_string()) return std::nullopt;
  size_t words_said = 0;  // "Delacroix-Amin" is one
  for (size_t k = c->first; k < c->last; ++k) {
    const Token& t = s.tok(k);
    // "Doc Varga": a title and a surname are no full name.
    if ((k == c->first || s.tok(k - 1).after != Break::Join) && !is_rank_word(t.norm)) ++words_said;
    // "Next PM", "Code P B": letters and acronyms are no one's name.
    if (s.tt.cased && (!t.capitalized || all_capitals(t))) return std::nullopt;
    if (t.speaker || t.norm.size() < 2) return std::nullopt;
    if (words().organisation_heads.contains(t.norm) || words().street_words.contains(t.norm) ||
        (k + 1 == c->last && words().holiday_heads.contains(t.norm)))
      return std::nullopt;
  }
  if (words_said < kFullNameWords) return std::nullopt;
  // "Put it under my name, Darnell Whitaker.": set off, as a name given is. "Nadia Brooks from the
  // office rang" runs on into a sentence about its owner.
  if (s.tt.cased && c->last < s.size() && s.tok(c->last - 1).after == Break::None) return std::nullopt;
  // "Nadia Brooks, my manager, sent me": a role said after the name makes it a third party's.
  if (c->last + 1 < s.size() && s.tok(c->last - 1).after == Break::Comma) {
    const size_t k = s.skip_fillers(c->last);
    if (k + 1 < s.size() && words().determiners.contains(s.tok(k).norm) && is_person_word(s.tok(k + 1).norm))
      return std::nullopt;
  }
  // "the ewes in Long Acre", "with Bayview Rentals", "a nurse at the Royal Free": a place's or an
  // organisation's name.
  auto p = s.prev_content(c->first);
  if (p && s.tok(*p).after == Break::None && words().determiners.contains(s.tok(*p).norm)) p = s.prev_content(*p);
  if (p && s.tok(*p).after == Break::None && words().place_or_company_openers.contains(s.tok(*p).norm))
    return std::nullopt;
  return c;
}

// A word of an uncased transcript that may be part of a name: no everyday English word
// (lexicon::everyday_word), no function, number, greeting or filler word.
bool name_like(const Scan& s, size_t i) {
  const Token& t = s.tok(i);
  return !t.filler && !t.has_digit && t.norm.size() >= 2 && t.norm.find('\'') == std::string::npos &&
         !lexicon::everyday_word(t.norm) && !is_stopword(t.norm) && !is_linking_word(t.norm) &&
         !is_number_word(t.norm) && !words().greetings.contains(t.norm) && !words().turn_responses.contains(t.norm);
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
// The full names said that no field holds, each once, in the order said, as read for `field`.
std::vector<FieldCandidate> unheld_full_names(const Scan& s, const std::vector<std::vector<FieldCandidate>>& ranked,
                                             size_t field) {
  std::vector<FieldCandidate> out;
  for (size_t i = 0; i < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (!s.tt.cased) {
      // Without capitals a name is marked by what is said before it ("for a mrs olwen hughes", "a
      // lady named carole beaudry"), or by words no everyday English has ("is this barnaby quist").
      if (t.filler || t.has_digit) continue;
      const bool marked = i > 0 && s.tok(i - 1).after == Break::None &&
                          (is_rank_word(s.tok(i - 1).norm) || words().name_markers.contains(s.tok(i - 1).norm));
      const bool unusual = i + 1 < s.size() && !(i > 0 && name_like(s, i - 1)) && name_like(s, i) &&
                           name_like(s, i + 1) && t.after == Break::None;
      if (!marked && !unusual) continue;
    } else if (!t.capitalized || t.filler || t.has_digit) {
      continue;
    }
    // Inside a capitalized run: "Kowal" of "Jenna Kowal", "Anne" of "Kerry-Anne"; not after a
    // capitalized function word ("And I'm Dariusz Wrobel").
    if (i > 0 && s.tok(i - 1).capitalized && !s.tok(i - 1).filler && !is_stopword(s.tok(i - 1).norm) &&
        (s.tok(i - 1).after == Break::None || s.tok(i - 1).after == Break::Join))
      continue;
    auto c = full_name_at(s, field, i);
    if (c && !s.tt.cased && c->first != i) continue;
    // "Driver: Hiya, it's Kieran Bolt": a speaker another person field names introduces
    // themself.
    if (!c || held(ranked, *c) || (introduced(s, c->first) && turn_names_other_person_field(s, c->first, field)))
      continue;
    const std::string name = util::to_lower_ascii(c->value.get<std::string>());
    if (std::none_of(out.begin(), out.end(), [&](const FieldCandidate& o) {
          return util::to_lower_ascii(o.value.get<std::string>()) == name;
        }))
      out.push_back(*c);
  }
  return out;
}

// Elimination works on a form without a repeating group: a group's records ("people", "doses")
// are named in the same talk.
bool names_left_over(const Scan& s) {
  return std::none_of(s.lex.fields.begin(), s.lex.fields.end(),
                      [](const FieldLexicon& fl) { return fl.field->is_group(); });
}
}  // namespace

void assign_remaining_person_name(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  if (!names_left_over(s)) return;
  // The first person field left empty; with others left too, only when it is the form's first
  // person field, its subject (the likeliest person to be named in full).
  std::optional<size_t> field;
  bool subject_left = false, several_left = false, first = true;
  for (size_t f = 0; f < s.lex.fields.size(); ++f) {
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
  auto names = unheld_full_names(s, ranked, *field);
  if (names.size() != 1) return;  // two names left: either may be the field's
  FieldCandidate found = names[0];
  found.score = kRemainingNameScore;
  found.cue_first = found.first;
  ranked[*field].push_back(found);
}

void assign_remaining_people(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  if (!names_left_over(s)) return;
  for (size_t f = 0; f < s.lex.fields.size(); ++f) {
    if (!names_people(s.lex.fields[f], FieldType::Textarea)) continue;
    // Empty, or holding one name only: the answer to "can I have both your full names?" read from
    // its first turn.
    const bool one_name = !ranked[f].empty() && ranked[f][0].value.is_string() &&
                          ranked[f][0].value.get<std::string>().find(',') == std::string::npos;
    if (!ranked[f].empty() && !one_name) continue;
    auto names = unheld_full_names(s, ranked, f);
    if (names.empty()) return;
    if (one_name) names.insert(names.begin(), ranked[f][0]);
    std::stable_sort(names.begin(), names.end(),
                     [](const FieldCandidate& a, const FieldCandidate& b) { return a.first < b.first; });
    FieldCandidate list = names.front();
    list.value = Json::array();
    for (const auto& n : names) list.value.push_back(n.value);
    list.last = names.back().last;
    list.score = kRemainingNameScore;
    list.cue_first = std::min(list.first, one_name ? ranked[f][0].cue_first : list.first);
    ranked[f].insert(ranked[f].begin(), list);
    return;  // the names are this list's: no second list takes them
  }
}

}  // namespace invox::rules
