#include "extract/rules/list_items.hpp"

#include <algorithm>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"

namespace invox::rules {

namespace {
// Token k lies inside a unit cue ("kilos") of any field.
size_t unit_mention_end(const Scan& s, size_t k) {
  for (const auto& m : s.mentions_at(k))
    if (!m.is_value && m.cue && m.cue->kind == CueKind::Unit) return m.last;
  return k;
}

// The words [k, e) all describe what a number field of the template measures: its unit,
// label, description or guidelines ("cubic metres" for "Cubic metres placed today").
bool number_field_words(const Scan& s, size_t k, size_t e) {
  for (const auto& fl : s.lex.fields) {
    if (fl.field->type != FieldType::Number) continue;
    std::string about = fl.field->label + " " + fl.field->description + " " + fl.field->guidelines;
    for (const auto& w : unit_words(fl.field->unit))
      about += " " + w;
    const auto toks = tokenize(about).tokens;
    bool all = true;
    for (size_t i = k; i < e && all; ++i) {
      if (s.tok(i).filler) continue;
      all = std::any_of(toks.begin(), toks.end(), [&](const Token& t) { return t.stem == s.tok(i).stem; });
    }
    if (all) return true;
  }
  return false;
}
}  // namespace

bool is_aside_item(const Scan& s, size_t b, size_t e) {
  b = s.skip_fillers(b);
  if (b >= e || !words().aside_openers.contains(s.tok(b).norm)) return false;
  if (s.tok(b).norm.find('\'') != std::string::npos) return true;  // "it's", "that's"
  size_t v = s.skip_fillers(b + 1);
  if (v >= e || s.tok(b).after != Break::None) return false;
  const std::string& w = s.tok(v).norm;
  return words().auxiliary_verbs.contains(w) || (is_auxiliary_word(w) && !words().determiners.contains(w));
}

bool is_measurement_item(const Scan& s, size_t b, size_t e) {
  b = s.skip_fillers(b);
  Field number;
  number.type = FieldType::Number;
  auto n = s.parse_typed(b, e, number);
  if (!n || n->first != b) return false;
  // The number parser may take the unit words itself: look for the unit from its first word on.
  size_t k = b + 1;
  bool unit = false;
  while (k < e) {
    if (s.tok(k).filler) {
      ++k;
      continue;
    }
    if (size_t u = unit_mention_end(s, k); u > k) {
      unit = true;
      k = u;
    } else if (k < n->last) {
      ++k;
    } else {
      // "thirty cubic metres": at most two words that a number field's own text uses.
      constexpr size_t kUnitWords = 2;
      return e - k <= kUnitWords && number_field_words(s, k, e);
    }
  }
  return unit;
}

bool is_time_item(const Scan& s, size_t b, size_t e) {
  b = s.skip_fillers(b);
  if (b >= e) return false;
  for (FieldType type : {FieldType::Time, FieldType::Date}) {
    Field f;
    f.type = type;
    if (auto c = s.parse_typed(b, e, f); c && c->first == b && c->last >= e) return true;
  }
  // "this morning", "the evening": a day part and function words only.
  bool day_part = false;
  for (size_t k = b; k < e; ++k) {
    const std::string& w = s.tok(k).norm;
    if (s.tok(k).filler || is_stopword(w) || words().determiners.contains(w)) continue;
    if (!words().morning_words.contains(w) && !words().afternoon_words.contains(w)) return false;
    day_part = true;
  }
  return day_part;
}

bool is_dated_item(const Scan& s, size_t b, size_t e) {
  for (size_t k = b + 1; k < e; ++k) {
    const std::string& w = s.tok(k).norm;
    if (!words().month_names.index_of(w) && !words().weekday_names.index_of(w)) continue;
    auto p = s.prev_content(k);
    if (p && *p >= b && (is_stopword(s.tok(*p).norm) || words().past_tense_markers.contains(s.tok(*p).norm)))
      return true;
  }
  return false;
}

size_t past_item_subject(const Scan& s, size_t b, size_t e) {
  constexpr size_t kNameWords = 3;
  if (!s.tt.cased || b >= e || !is_rank_word(s.tok(b).norm)) return b;
  size_t k = b + 1;
  while (k < e && k <= b + kNameWords && s.tok(k).capitalized && !s.tok(k).filler && s.tok(k - 1).after == Break::None)
    ++k;
  // "Mr Hale" and a verb after it; "Dr Moss" alone is the item.
  if (k == b + 1 || k >= e || s.tok(k - 1).after != Break::None) return b;
  return k;
}

size_t nothing_more_at(const Scan& s, size_t b, size_t e) {
  for (size_t k = b + 1; k < e; ++k) {
    const Token& t = s.tok(k);
    if (t.filler || !is_zero_quantifier(t.norm) || is_number_word(t.norm)) continue;
    auto p = s.prev_content(k);
    // "with no leaks", "of none": the quantifier belongs to the item.
    if (!p || *p < b || s.tok(*p).after != Break::None) continue;
    const std::string& before = s.tok(*p).norm;
    if (is_stopword(before) || is_linking_word(before) || is_number_word(before) || is_negation_word(before)) continue;
    return k;
  }
  return e;
}

bool inside_list_idiom(const Scan& s, size_t i) {
  for (const auto& idiom : words().list_idioms)
    for (size_t o = 1; o + 1 < idiom.size(); ++o) {
      if (i < o || i - o + idiom.size() > s.size()) continue;
      size_t k = 0;
      while (k < idiom.size() && s.tok(i - o + k).norm == idiom[k])
        ++k;
      if (k == idiom.size()) return true;
    }
  return false;
}

bool negated_item(const Scan& s, size_t b, size_t e) {
  b = s.skip_fillers(b);
  // ", and no soap or towels": past the joiner that opens the item.
  while (b < e && (marker_length(s, b, words().list_joiners) > 0 || is_linking_word(s.tok(b).norm)))
    b = s.skip_fillers(b + std::max<size_t>(1, marker_length(s, b, words().list_joiners)));
  return b < e && words().negators.contains(s.tok(b).norm);
}

}  // namespace invox::rules
