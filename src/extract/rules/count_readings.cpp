#include "extract/rules/count_readings.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/transcript_tokens.hpp"
#include "invox/normalize.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
// The token after `last` in the same clause (fillers skipped), if any.
std::optional<size_t> next_in_clause(const Scan& s, size_t last) {
  if (last == 0 || s.tok(last - 1).after != Break::None) return std::nullopt;
  size_t j = s.skip_fillers(last);
  if (j >= s.size()) return std::nullopt;
  return j;
}

// "the kitchen one", "this one": the number word stands for a thing said before. "just the
// one" stays a count; with a word between ("the hallway one") a determiner makes it a pronoun.
bool pronoun_number(const Scan& s, const FieldCandidate& c) {
  const auto& w = words();
  if (c.last != c.first + 1 || !w.pronoun_numbers.contains(s.tok(c.first).norm)) return false;
  auto p = s.prev_content(c.first);
  for (size_t between = 0; between < 3 && p; ++between) {
    const Token& t = s.tok(*p);
    if (t.after != Break::None) return false;
    if (w.pronoun_number_openers.contains(t.norm)) return true;
    if (w.determiners.contains(t.norm)) return between > 0;
    // Only modifiers sit between: a function word or a number ends the search.
    if (is_stopword(t.norm) || is_number_word(t.norm)) return false;
    p = s.prev_content(*p);
  }
  return false;
}

// "the first two pallets are leaning": a number right after an ordinal picks some of a set.
bool after_ordinal(const Scan& s, size_t first) {
  auto p = s.prev_content(first);
  if (!p || s.tok(*p).after != Break::None) return false;
  const std::string& n = s.tok(*p).norm;
  const auto& w = words();
  auto d = w.digit_ordinals.index_of(n);
  return (d && *d > 0) || w.teen_ordinals.index_of(n) || w.tens_ordinals.index_of(n);
}

bool is_half(const FieldCandidate& c) { return c.value.is_number() && c.value.get<double>() == 0.5; }

// "It's half ten": the number after a bare "half" is a clock hour.
bool after_bare_half(const Scan& s, size_t first, const Field& f) {
  auto p = s.prev_content(first);
  if (!p || s.tok(*p).after != Break::None) return false;
  auto half = s.parse_typed(*p, *p + 1, f);
  return half && is_half(*half);
}
// "Eight years total, six of them ...": a part is a subset only of a number said just before
// it; "Spokes replaced, three of them" counts the spokes.
bool whole_said_before(const Scan& s, size_t first) {
  constexpr size_t kReach = 8;
  auto p = s.prev_content(first);
  for (size_t n = 0; n < kReach && p; ++n) {
    if (is_number_word(s.tok(*p).norm) || s.tok(*p).has_digit) return true;
    p = s.prev_content(*p);
  }
  return false;
}

// "two extinguishers were missing their tags", "three lights dead": a number whose noun
// is then said to be missing or not working counts the ones in that state, not all that were
// checked. A field that counts such a state ("Extinguishers missing tags", "Failed units")
// keeps it.
bool counts_defective_subset(const Scan& s, const FieldCandidate& c, const Field& f) {
  constexpr size_t kReach = 4;      // "extinguishers were missing"
  constexpr size_t kNounWords = 2;  // "fire doors"
  const auto& w = words();
  size_t content = 0;
  for (size_t i = c.last, n = 0; i < s.size() && n < kReach; ++i) {
    if (i > 0 && s.tok(i - 1).after != Break::None && s.tok(i - 1).after != Break::Join) return false;
    const Token& t = s.tok(i);
    if (t.filler) continue;
    ++n;
    if (w.defect_states.contains(t.norm)) {
      bool field_counts_state = says_any_word({f.id, f.label, f.description}, w.defect_states) ||
                                says_any_word({f.id, f.label, f.description}, w.negative_states);
      for (const auto& a : f.aliases) field_counts_state = field_counts_state || says_any_word({a}, w.defect_states);
      return !field_counts_state;
    }
    // Only the counted noun (a word or two) and verbs such as "were" sit between.
    bool verb = is_auxiliary_word(t.norm) && !w.determiners.contains(t.norm);
    if (!verb && (is_stopword(t.norm) || ++content > kNounWords)) return false;
    if (says_number(t)) return false;
  }
  return false;
}

// The field's id, label or description names people ("Number of people affected").
bool counts_people(const Field& f) {
  for (const std::string* text : {&f.id, &f.label, &f.description}) {
    std::string spaced = *text;
    std::replace(spaced.begin(), spaced.end(), '_', ' ');
    for (const auto& t : tokenize(spaced).tokens)
      if (words().people_count_words.contains(t.norm)) return true;
  }
  return false;
}

// The field's unit, label or an alias has the word: "sixty-five per head" for "Budget per head"
// (the field is itself an amount per thing), "six hours" for "Hours worked".
bool field_says_word(const Field& f, const std::string& word) {
  std::vector<std::string> texts{f.unit, f.label};
  texts.insert(texts.end(), f.aliases.begin(), f.aliases.end());
  for (const auto& t : texts)
    for (const auto& w : util::split(util::to_lower_ascii(t), ' '))
      if (w == word) return true;
  return false;
}
// "one parcel about twelve pounds": a number said with a unit of measure (the unit read with it,
// or the word right after it) is a measurement, no count of a field that measures nothing.
// Money still counts ("a twenty-five dollar charge"; "pounds" may be money), and so does the
// field's own word ("six hours" for "Hours worked").
bool measured(const Scan& s, const FieldCandidate& c, const Field& f) {
  if (!counts_things(f) || c.last == 0) return false;
  size_t u = c.last - 1;
  if (says_number(s.tok(u))) {
    u = s.skip_fillers(c.last);
    if (u >= s.size() || s.tok(c.last - 1).after != Break::None) return false;
  }
  const std::string& word = s.tok(u).norm;
  return is_measure_word(word) && !is_money_word(word) && !field_says_word(f, word);
}
// The value of a number said as one token ("four", "11", "twenty"), or nullopt.
std::optional<int> one_token_number(const Token& t) {
  if (util::all_digits(t.raw) && !t.raw.empty() && t.raw.size() <= 2) return std::stoi(t.raw);
  if (auto d = words().digit_words.index_of(t.norm)) return static_cast<int>(*d);
  if (auto teen = words().teen_words.index_of(t.norm)) return static_cast<int>(*teen) + 10;
  if (auto tens = words().tens_words.index_of(t.norm)) return static_cast<int>(*tens + 2) * 10;
  return std::nullopt;
}

// An hour of the clock face said as one token ("four", "11").
bool dial_hour(const Token& t) {
  constexpr int kDialHours = 12;
  const auto h = one_token_number(t);
  return h && *h >= 1 && *h <= kDialHours;
}

// The minutes of a clock reading said as one token, past or to an hour ("ten", "20"): only
// five, ten, twenty and twenty-five, so "nine to five" stays a span.
bool clock_minutes(const Token& t) {
  constexpr std::array<int, 4> kClockMinutes = {5, 10, 20, 25};
  const auto m = one_token_number(t);
  return m && std::find(kClockMinutes.begin(), kClockMinutes.end(), *m) != kClockMinutes.end();
}

// "It stopped around ten to four", "twenty past two": minutes said against an hour (lexicon
// clock_relations) are a time of day, so neither the minutes nor the hour is a
// count; "ten to twelve people" counts the people said after the hour.
bool in_clock_reading(const Scan& s, const FieldCandidate& c) {
  auto reading_at = [&](size_t minutes) {
    const size_t rel = minutes + 1, hour = minutes + 2;
    if (hour >= s.size() || s.tok(minutes).after != Break::None || s.tok(rel).after != Break::None) return false;
    if (!words().clock_relations.contains(s.tok(rel).norm)) return false;
    if (!clock_minutes(s.tok(minutes)) || !dial_hour(s.tok(hour))) return false;
    const size_t after = hour + 1;
    return s.tok(hour).after != Break::None || after >= s.size() || is_stopword(s.tok(after).norm) ||
           words().clock_suffixes.contains(s.tok(after).norm);
  };
  // The number may start with a word of its own ("around ten").
  if (c.last > c.first && reading_at(c.last - 1)) return true;
  return c.first >= 2 && reading_at(c.first - 2);
}
}  // namespace

bool counts_things(const Field& f) {
  return f.type == FieldType::Number && words().unit_for_symbol(f.unit) == nullptr;
}

bool within_range(const Json& v, const Field& f) {
  if (!v.is_number()) return false;
  double d = v.get<double>();
  return (!f.min || d >= *f.min) && (!f.max || d <= *f.max);
}

bool not_a_count(const Scan& s, const FieldCandidate& c, const Field& f) {
  const auto& w = words();
  if (pronoun_number(s, c) || after_bare_half(s, c.first, f) || after_ordinal(s, c.first) ||
      counts_defective_subset(s, c, f))
    return true;
  if (measured(s, c, f) || in_clock_reading(s, c)) return true;
  auto next = next_in_clause(s, c.last);
  if (!next) return false;
  const std::string& n = s.tok(*next).norm;
  if (w.distributive_words.contains(n) && !field_says_word(f, n)) return true;
  // "on site eleven a.m.": a time of day, not a count.
  if (w.clock_suffixes.contains(n) && *next == s.skip_fillers(c.last)) return true;
  if (marker_length(s, *next, w.partitive_heads) > 0 && whole_said_before(s, c.first)) return true;
  // A single "half" before a determiner or a number: "half a tablet", "half ten".
  bool bare_half = is_half(c) && c.last - c.first <= 2;
  return bare_half && (w.determiners.contains(n) || is_number_word(n));
}

bool follows_other_cue(const Scan& s, size_t first, size_t field, size_t reach) {
  auto p = s.prev_content(first);
  for (size_t n = 0; n < reach && p; ++n) {
    if (s.tok(*p).after == Break::Sentence) break;
    // "six hundred and thirty kilos, six floors": a unit word is said after its own number.
    for (const auto& m : s.mentions_in(*p, *p + 1))
      if (!m.is_value && m.field != field && m.cue->kind != CueKind::Unit) return true;
    p = s.prev_content(*p);
  }
  return false;
}

bool negated_phrase(const Scan& s, const FieldCandidate& c) {
  auto p = s.prev_content(c.first);
  return p && s.tok(*p).after == Break::None && words().is_negator(s.tok(*p).norm);
}

// "it's the whole team, six of us": the size of a group the speaker is in, unlabelled. Read
// only for the one number field of the template that counts people, so two such fields never
// compete for it.
std::vector<FieldCandidate> group_counts(const Scan& s, size_t field) {
  constexpr double kGroupCount = 0.75;  // a cued count close to it still wins
  constexpr size_t kNumberReach = 4;
  std::vector<FieldCandidate> out;
  const Field& f = *s.lex.fields[field].field;
  if (!counts_people(f)) return out;
  for (size_t g = 0; g < s.lex.fields.size(); ++g) {
    const Field& other = *s.lex.fields[g].field;
    if (g != field && other.type == FieldType::Number && counts_people(other)) return out;
  }
  for (size_t i = 1; i < s.size(); ++i) {
    size_t tail = marker_length(s, i, words().group_count_tails);
    if (tail == 0 || s.tok(i - 1).after != Break::None) continue;
    // The longest number that ends right before the tail.
    for (size_t b = i - std::min(i, kNumberReach); b < i; ++b) {
      auto c = s.parse_typed(b, i, f);
      if (!c || c->last != i || !within_range(c->value, f)) continue;
      c->score = kGroupCount;
      c->cue_first = c->first;
      c->last = i + tail;
      out.push_back(*c);
      break;
    }
  }
  return out;
}

// "one" is an article as often as a count ("one tablet with breakfast" next to "sixty tablets"):
// a count said as the single word "one" yields to any other count close in score.
bool article_one(const Scan& s, const FieldCandidate& c) {
  // The evidence of a value read before its unit runs on to the unit: compare the value.
  return c.value.is_number() && c.value.get<double>() == 1.0 && words().pronoun_numbers.contains(s.tok(c.first).norm);
}

}  // namespace invox::rules
