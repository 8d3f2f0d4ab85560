#include "extract/rules/named_things.hpp"

#include <algorithm>
#include <string>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/proper_names.hpp"
#include "extract/rules/text_values.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
constexpr double kModelScore = 0.5;      // a guess from the shape of the name
constexpr double kPresentedScore = 0.5;  // presented, but not under the field's label
constexpr size_t kRunWords = 4;

bool run_name_word(const Token& t) {
  return t.capitalized && !t.filler && !t.has_digit && !is_stopword(t.norm) && !is_linking_word(t.norm) &&
         !words().greetings.contains(t.norm) && !words().determiners.contains(t.norm) &&
         !words().subject_pronouns.contains(t.norm) && !is_number_word(t.norm);
}

// A free-text field's id and label words, folded (none for another type or a code): what the
// field says it holds.
std::vector<std::string> own_words(const FieldLexicon& fl) {
  if (!fl.field || fl.field->type != FieldType::Text || fl.code_like) return {};
  std::vector<std::string> own = util::split(util::to_lower_ascii(fl.field->id), '_');
  for (const auto& t : tokenize(fl.field->label).tokens) own.push_back(t.norm);
  return own;
}

// Token i opens a capitalized run: the word before it is not part of one.
bool opens_run(const Scan& s, size_t i) {
  auto p = s.prev_content(i);
  return !p || s.tok(*p).after != Break::None || !s.tok(*p).capitalized || s.tok(*p).speaker;
}
}  // namespace

bool names_medicine(const FieldLexicon& fl) {
  for (const auto& w : own_words(fl))
    for (const auto& m : words().medicine_words.items())
      if (stems_match(stem(w), stem(m))) return true;
  return false;
}

namespace {
// A unit a dose is measured in: one of mass or volume ("milligrams", "mg", "ml").
bool dose_unit(const std::string& w) {
  for (const auto& u : words().units)
    if (u.dimension == "mass" || u.dimension == "volume")
      if (std::find(u.words.begin(), u.words.end(), w) != u.words.end()) return true;
  return false;
}
}  // namespace

std::vector<FieldCandidate> read_dosed_medicine(const Scan& s, size_t field) {
  constexpr double kDosedScore = 0.5;  // a guess from the shape of the talk
  constexpr size_t kNumberWords = 6;   // "two hundred and fifty", "two point five"
  if (!names_medicine(s.lex.fields[field])) return {};
  Field by_mass, by_volume;  // a dose's number, read as either field reads it
  by_mass.type = by_volume.type = FieldType::Number;
  by_mass.unit = "mg";
  by_volume.unit = "ml";
  for (size_t i = 1; i < s.size(); ++i) {
    const Token& name = s.tok(i - 1);
    if (!says_number(s.tok(i)) || says_number(name) || name.filler || name.has_digit || is_stopword(name.norm) ||
        is_linking_word(name.norm) || is_number_word(name.norm) || name.after == Break::Sentence ||
        s.anchor_at(i - 1, field, true))
      continue;
    // The dose's number ("two point five", "five hundred") and the unit right after it; the
    // number may be read with its unit.
    auto amount = s.parse_typed(i, std::min(s.size(), i + kNumberWords), by_mass);
    if (!amount) amount = s.parse_typed(i, std::min(s.size(), i + kNumberWords), by_volume);
    if (!amount) continue;
    const size_t last = amount->last;
    const bool unit_read = dose_unit(s.tok(last - 1).norm);
    if (!unit_read && (last >= s.size() || s.tok(last - 1).after != Break::None || !dose_unit(s.tok(last).norm)))
      continue;
    auto c = text_span(s, field, i - 1, i);
    if (!c) continue;
    c->score = kDosedScore;
    c->cue_first = i - 1;
    return {*c};
  }
  return {};
}

bool names_model(const FieldLexicon& fl) {
  for (const auto& w : own_words(fl))
    if (words().model_words.contains(w)) return true;
  return false;
}

std::vector<FieldCandidate> read_product_model(const Scan& s, size_t field) {
  if (!s.tt.cased || !names_model(s.lex.fields[field])) return {};
  Field number;
  number.type = FieldType::Number;
  Field date;
  date.type = FieldType::Date;
  for (size_t i = 0; i < s.size(); ++i) {
    if (!run_name_word(s.tok(i)) || !opens_run(s, i) || s.parse_typed(i, std::min(s.size(), i + 3), date)) continue;
    size_t j = i;
    bool cue = false;
    while (j < s.size() && j < i + kRunWords && run_name_word(s.tok(j)) && (j == i || s.tok(j - 1).after == Break::None)) {
      cue = cue || s.anchor_at(j, field, false) != nullptr;
      ++j;
    }
    if (cue || j >= s.size() || s.tok(j - 1).after != Break::None) continue;
    auto n = s.parse_typed(j, s.region_end(j, field, true, kRunWords, false), number);
    if (!n || n->first != j) continue;
    auto c = text_span(s, field, i, n->last);
    if (!c) continue;
    c->score = kModelScore;
    c->cue_first = i;
    return {*c};
  }
  return {};
}

std::vector<FieldCandidate> read_presented_business(const Scan& s, size_t field) {
  constexpr size_t kNounWords = 2;  // "my truck,", "our new place,"
  if (!s.tt.cased || !names_organisation(s.lex.fields[field])) return {};
  for (size_t i = 0; i < s.size(); ++i) {
    const size_t n = marker_length(s, i, words().self_introductions);
    // "I'm ...", "my name is ...": a person introduces themself.
    if (n == 0 || words().subject_pronouns.contains(s.tok(i).norm) || words().determiners.contains(s.tok(i).norm))
      continue;
    size_t from = s.skip_fillers(i + n);
    if (from >= s.size() || !words().determiners.contains(s.tok(from).norm)) continue;
    size_t start = s.skip_fillers(from + 1);
    if (!s.tok(from).capitalized) {
      // "my truck, Birria Bros.": the name after the noun and its comma.
      size_t k = start;
      while (k < s.size() && k < start + kNounWords && s.tok(k).after == Break::None && !s.tok(k).capitalized)
        ++k;
      if (k >= s.size() || s.tok(k).capitalized || s.tok(k).after != Break::Comma || is_person_word(s.tok(k).norm))
        continue;
      start = s.skip_fillers(k + 1);
    }
    if (start >= s.size() || !run_name_word(s.tok(start))) continue;
    size_t end = proper_name_end(s, start, start + 1);
    if (s.tok(end - 1).after == Break::None) continue;  // the name runs into its sentence
    auto c = text_span(s, field, start, end);
    if (!c) continue;
    c->score = kPresentedScore;
    c->cue_first = i;
    return {*c};
  }
  return {};
}

namespace {
// The fragment [first, last) of a header reads as a building's name.
bool building_fragment(const Scan& s, size_t first, size_t last) {
  constexpr size_t kMinWords = 2, kSureWords = 3, kMaxWords = 6;
  if (last - first < kMinWords || last - first > kMaxWords) return false;
  for (size_t k = first; k < last; ++k) {
    const Token& t = s.tok(k);
    if (t.filler || t.speaker || t.has_digit || !t.capitalized) return false;
    // "Friday the eighth", "March": a date, not a place.
    if (words().weekday_names.index_of(t.norm) || words().month_names.index_of(t.norm)) return false;
    if (k + 1 < last && t.after != Break::None) return false;
  }
  const std::string& head = s.tok(last - 1).norm;
  return last - first >= kSureWords || words().building_words.contains(head) ||
         words().organisation_heads.contains(head) || words().place_words.contains(head);
}
}  // namespace

std::vector<FieldCandidate> read_header_building(const Scan& s, size_t field,
                                                 const std::vector<std::vector<FieldCandidate>>& ranked) {
  constexpr double kHeaderScore = 0.45;  // where a dictated note names its site, but no label
  if (!s.tt.cased || !s.lex.fields[field].building_name) return {};
  size_t end = s.skip_fillers(0);
  while (end < s.size() && s.tok(end).after != Break::Sentence)
    ++end;
  if (end >= s.size()) return {};
  ++end;  // the first sentence ends before `end`
  std::vector<std::pair<size_t, size_t>> fragments;
  for (size_t b = s.skip_fillers(0), k = b; k < end; ++k)
    if (s.tok(k).after == Break::Comma || k + 1 == end) {
      fragments.emplace_back(b, k + 1);
      b = s.skip_fillers(k + 1);
    }
  if (fragments.size() < 2) return {};  // one clause is a sentence, not a header
  for (const auto& [first, last] : fragments) {
    if (!building_fragment(s, first, last)) continue;
    FieldCandidate span;
    span.first = first;
    span.last = last;
    const bool held = std::any_of(ranked.begin(), ranked.end(), [&](const std::vector<FieldCandidate>& r) {
      return !r.empty() && !r[0].implied && overlaps(r[0], span);
    });
    if (held) continue;
    auto c = text_span(s, field, first, last);
    if (!c) continue;
    c->score = kHeaderScore;
    c->cue_first = first;
    return {*c};
  }
  return {};
}

}  // namespace invox::rules
