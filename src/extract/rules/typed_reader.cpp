#include "extract/rules/typed_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "extract/rules/age_apposition.hpp"
#include "extract/rules/corrections.hpp"
#include "extract/rules/count_readings.hpp"
#include "extract/rules/date_time_pairs.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/listed_counts.hpp"
#include "extract/rules/recorded_values.hpp"
#include "extract/rules/restated_totals.hpp"
#include "extract/rules/temperature_scale.hpp"
#include "extract/rules/upper_bounds.hpp"
#include "extract/rules/weekday_tense.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
constexpr double kDistancePenalty = 0.05;  // per token between the cue and the value
constexpr double kBackwardFactor = 0.85;   // value before a unit word
constexpr double kRecordedStrength = 0.9;  // "..., I'll put that as <cue>" names the box, however weak the cue
constexpr double kZeroFactor = 0.8;        // "nobody came" -> 0
constexpr double kArticleOne = 0.7;        // "one tablet with breakfast": an article as often as a count

bool in_range(const Json& v, const Field& f) { return !v.is_number() || within_range(v, f); }

// "thirty-eight", "one fifty-two": token i continues a number begun before it.
bool inside_number(const Scan& s, size_t i) {
  if (i == 0) return false;
  const Token& p = s.tok(i - 1);
  const Token& t = s.tok(i);
  if (p.filler || (p.after != Break::None && p.after != Break::Join)) return false;
  return (is_number_word(p.norm) || p.has_digit) && (is_number_word(t.norm) || t.has_digit);
}

std::optional<FieldCandidate> parse_checked(const Scan& s, size_t i, size_t end, const Field& f) {
  // "21/06": the 06 is no time or count of its own.
  if ((f.type == FieldType::Number || f.type == FieldType::Time) && inside_number(s, i)) return std::nullopt;
  auto c = s.parse_typed(i, end, f);
  if (!c && f.type == FieldType::Number) c = read_other_scale(s, i, end, f);
  if (!c || !in_range(c->value, f)) return std::nullopt;
  if (f.type == FieldType::Number && not_a_count(s, *c, f)) return std::nullopt;
  return c;
}

// "1985" after "March 3rd, 1984, sorry," corrects only the year of a date.
std::optional<FieldCandidate> year_only(const Scan& s, size_t i, const FieldCandidate& current) {
  const Token& t = s.tok(i);
  if (!current.value.is_string() || t.raw.size() != 4) return std::nullopt;
  if (!std::all_of(t.raw.begin(), t.raw.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  std::string v = current.value.get<std::string>();
  if (v.size() != 10 || v[4] != '-') return std::nullopt;
  FieldCandidate c = current;
  c.value = t.raw + v.substr(4);
  c.first = i;
  c.last = i + 1;
  return c;
}

// The fields (template order) whose cue mention covers exactly this span, same type.
std::vector<size_t> shared_group(const Scan& s, const Mention& m) {
  std::vector<size_t> group;
  FieldType type = s.lex.fields[m.field].field->type;
  for (const auto& o : s.mentions_at(m.first)) {
    if (o.is_value || o.last != m.last) continue;
    if (s.lex.fields[o.field].field->type != type) continue;
    if (std::find(group.begin(), group.end(), o.field) == group.end()) group.push_back(o.field);
  }
  std::sort(group.begin(), group.end());
  return group;
}

bool is_pair_separator(const Scan& s, size_t prev_last, size_t i) {
  if (prev_last > 0 && s.tok(prev_last - 1).slash_after) return true;
  return words().pair_separators.contains(s.tok(i).norm);
}

// "Pain, zero to ten?": a number inside another cue of the same field (the scale "zero to
// ten") is part of the question, not its answer.
bool inside_own_cue(const Scan& s, size_t i, size_t field) {
  constexpr size_t kCueSpan = 6;
  for (const auto& o : s.mentions_in(i > kCueSpan ? i - kCueSpan : 0, i + 1))
    if (o.field == field && !o.is_value && o.first <= i && i < o.last) return true;
  return false;
}

// A measurement ("no temperature" on a dry load) has no zero reading by absence; counts and
// amounts do ("no refills", "no deposit", "no concrete today" in cubic metres).
bool zero_by_absence(const Field& f) {
  const lexicon::UnitEntry* unit = words().unit_for_symbol(f.unit);
  return !unit || unit->dimension == "currency" || unit->dimension == "duration" || unit->dimension == "volume";
}

// The number after `c` in an "X over Y" chain ("132 over 84", "55/60"), read as `f`; nullopt
// when no separator follows before `end`.
std::optional<FieldCandidate> next_of_pair(const Scan& s, const FieldCandidate& c, size_t end, size_t field,
                                           const Field& f) {
  size_t j = s.skip_fillers(c.last);
  if (j >= end || !is_pair_separator(s, c.last, j)) return std::nullopt;
  size_t next = s.tok(c.last - 1).slash_after ? j : s.skip_fillers(j + 1);
  size_t next_end = std::max(end, s.region_end(next, field, false, 6));
  if (next < s.size() && s.tok(next).slash_after) next_end = next + 1;
  return s.parse_typed(next, next_end, f);
}

// The number fields that share a cue with `field` ("blood pressure" for systolic and
// diastolic), in template order; empty unless there are two or more.
std::vector<size_t> cue_partners(const Scan& s, size_t field) {
  std::vector<size_t> group;
  const auto& mine = s.lex.fields[field].cues;
  auto same_cue = [&](const Cue& c) {
    return !c.weak && c.kind == CueKind::Lead && std::any_of(mine.begin(), mine.end(), [&](const Cue& o) {
      return !o.weak && o.phrase.stems == c.phrase.stems;
    });
  };
  for (size_t g = 0; g < s.lex.fields.size(); ++g) {
    const auto& fl = s.lex.fields[g];
    if (fl.field->type != FieldType::Number) continue;
    if (g == field || std::any_of(fl.cues.begin(), fl.cues.end(), same_cue)) group.push_back(g);
  }
  if (group.size() < 2) group.clear();
  return group;
}

// "One fifty-two over ninety ... the second reading is one forty-four over eighty-eight": a
// pair said without its cue fills the fields that share a cue, in template order, when every
// number of the chain is in its field's range. Weak (a cued pair wins), the last pair said
// wins among these.
std::vector<FieldCandidate> unlabelled_pairs(const Scan& s, size_t field) {
  constexpr double kUnlabelledPair = 0.5;
  constexpr size_t kNumberSpan = 8;
  std::vector<FieldCandidate> out;
  auto group = cue_partners(s, field);
  if (group.empty()) return out;
  size_t rank = static_cast<size_t>(std::find(group.begin(), group.end(), field) - group.begin());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    size_t end = s.tok(i).slash_after ? i + 1 : std::min(s.size(), i + kNumberSpan);
    std::optional<FieldCandidate> c = s.parse_typed(i, end, *s.lex.fields[group[0]].field);
    if (!c) continue;
    std::vector<FieldCandidate> chain;
    while (c && in_range(c->value, *s.lex.fields[group[chain.size()]].field)) {
      chain.push_back(*c);
      if (chain.size() == group.size()) break;
      const Field& next_field = *s.lex.fields[group[chain.size()]].field;
      c = next_of_pair(s, *c, std::min(s.size(), c->last + 2), group[chain.size()], next_field);
    }
    if (chain.empty()) continue;
    i = chain.back().last - 1;
    if (chain.size() < group.size()) continue;
    FieldCandidate v = chain[rank];  // its own tokens: the other numbers belong to the partners
    v.cue_first = chain.front().first;
    v.score = kUnlabelledPair;
    out.push_back(v);
  }
  return out;
}

// A unit word of the field follows value `c`'s own tokens, before `end`, with no unit of the
// field inside `c`.
bool unit_said_later(const Scan& s, const FieldCandidate& c, size_t end, size_t field) {
  auto is_unit = [&](const Mention& o) { return o.field == field && !o.is_value && o.cue->kind == CueKind::Unit; };
  for (const auto& o : s.mentions_in(c.first, c.last))
    if (is_unit(o)) return false;
  // "three quarters of a tonne": the unit after "of a" measures the number before it.
  auto measures_c = [&](const Mention& o) {
    size_t k = c.last;
    if (k < o.first && s.tok(k).norm == "of") ++k;
    if (k < o.first && (s.tok(k).norm == "a" || s.tok(k).norm == "an")) ++k;
    return k == o.first && k > c.last + 1;
  };
  for (const auto& o : s.mentions_in(c.last, end))
    if (is_unit(o)) return !measures_c(o);
  return false;
}

// "landing door lock on floor three" for "Floors served": a word of the field's cues said in
// the singular where the cue has it plural names one of the things, and a number right after it
// is that thing's number ("floor three", "Year 3"), not how many there are.
bool numbers_one_thing(const Scan& s, size_t field, const FieldCandidate& c) {
  if (c.first == 0) return false;
  auto p = s.prev_content(c.first);
  if (!p || *p + 1 != c.first) return false;
  const Token& said = s.tok(*p);
  if (said.after != Break::None || said.colon_after || said.norm.ends_with('s') || is_stopword(said.norm)) return false;
  for (const auto& cue : s.lex.fields[field].cues)
    for (const auto& w : util::split(util::to_lower_ascii(cue.phrase.text), ' '))
      if (w.size() > said.norm.size() && w.ends_with('s') && stems_match(stem(w), said.stem)) return true;
  return false;
}

std::optional<FieldCandidate> read_forward(const Scan& s, const Mention& m, size_t field) {
  const FieldLexicon& fl = s.lex.fields[field];
  const Field& f = *fl.field;
  size_t start = m.cue->kind == CueKind::Inclusive ? m.first : m.last;
  size_t end = s.region_end(start, field, false, s.params.typed_lookahead + 4);
  size_t lookahead = m.cue->weak ? 2 : s.params.typed_lookahead;
  auto group = shared_group(s, m);
  size_t rank = static_cast<size_t>(std::find(group.begin(), group.end(), field) - group.begin());
  size_t seen = 0;
  for (size_t i = start; i < end && seen < lookahead; ++i) {
    if (s.tok(i).filler) continue;
    ++seen;
    if (i >= m.last && inside_own_cue(s, i, field)) continue;
    // "55/60": read the numbers on each side of the slash separately, but a score or share on a
    // field in percent ("Score 17/20") is one value.
    size_t stop = f.type == FieldType::Number && !is_percent_unit(f.unit) && s.tok(i).slash_after ? i + 1 : end;
    auto c = f.type == FieldType::Number && rank > 0 ? s.parse_typed(i, stop, f) : parse_checked(s, i, stop, f);
    if (!c) continue;
    // "poured the level two slab, forty-two cubic metres": the number said with the field's
    // unit, further on, is the value; the bare one is a name or a count of something else.
    if (f.type == FieldType::Number && rank == 0 && unit_said_later(s, *c, end, field)) {
      i = c->last - 1;
      continue;
    }
    // "I've got one extra case" ("got" of the cue "got here"): one number word followed by a
    // content word counts a thing; it is no clock time.
    if (f.type == FieldType::Time && c->last == c->first + 1 && !s.stands_alone(c->last)) continue;
    // "X over Y": the k-th field of the group takes the k-th number of the chain.
    for (size_t k = 0; k < rank && c; ++k)
      c = next_of_pair(s, *c, end, field, f);
    if (!c || !in_range(c->value, f)) return std::nullopt;
    if (counts_things(f) && numbers_one_thing(s, field, *c))
      return std::nullopt;
    c->score = m.strength * (1.0 - kDistancePenalty * static_cast<double>(seen - 1));
    c->cue_first = m.first;
    return c;
  }
  return std::nullopt;
}

// The first token after a short question (a few words ending in '?') that opens an answer,
// when the same speaker goes on; nullopt otherwise.
std::optional<size_t> past_clarifying_question(const Scan& s, size_t start) {
  constexpr size_t kShortQuestion = 3;
  size_t words = 0;
  for (size_t i = start; i < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (t.speaker) return std::nullopt;
    if (t.filler) continue;
    if (++words > kShortQuestion) return std::nullopt;
    if (t.after != Break::Sentence) continue;
    if (!t.question) return std::nullopt;
    size_t next = i + 1;
    if (next >= s.size() || s.tok(next).speaker) return std::nullopt;
    return s.skip_fillers(next);
  }
  return std::nullopt;
}

// "When was your last drill? - January fourteenth.": a cue in a question is answered by the
// first value of its type at the start of the next turn.
std::optional<FieldCandidate> read_answer(const Scan& s, const Mention& m, size_t field) {
  constexpr double kAnswerFactor = 0.9;
  const Field& f = *s.lex.fields[field].field;
  auto a = s.answer_after(m.first);
  if (!a) return std::nullopt;
  size_t start = s.skip_answer_opener(*a);
  // "Pain, zero to ten? - The leg? About a three.": a short question back ("The leg?") checks
  // what is asked; the answer follows it in the same turn.
  if (auto after = past_clarifying_question(s, start)) start = *after;
  size_t end = s.region_end(start, field, false, s.params.typed_lookahead + 4);
  size_t seen = 0;
  for (size_t i = start; i < end && seen < s.params.typed_lookahead; ++i) {
    if (s.tok(i).filler) continue;
    ++seen;
    auto c = parse_checked(s, i, end, f);
    if (!c) continue;
    c->score = m.strength * kAnswerFactor * (1.0 - kDistancePenalty * static_cast<double>(seen - 1));
    c->cue_first = m.first;
    return c;
  }
  return std::nullopt;
}

// "four hundred watt panels": a unit word between a number and a plural cue makes the number a
// measure of each thing counted, not their count. Money is the thing's own amount ("a thirty
// pound deposit"), and so is a measure before a singular noun ("a five litre tank").
bool measures_each(const Scan& s, const Mention& m) {
  if (m.first == 0 || m.cue->kind == CueKind::Unit) return false;
  const std::string& noun = s.tok(m.last - 1).norm;
  if (noun.size() < 3 || noun.back() != 's' || noun[noun.size() - 2] == 's') return false;
  return is_measure_word(s.tok(m.first - 1).norm);
}

std::optional<FieldCandidate> read_backward(const Scan& s, const Mention& m, size_t field) {
  constexpr size_t kUnitTail = 3;  // "four inches" of "five foot four inches"
  const Field& f = *s.lex.fields[field].field;
  if (f.unit.empty() && measures_each(s, m)) return std::nullopt;
  // The longest number that ends right before the cue, within the same clause.
  size_t lo = m.first;
  for (size_t n = 0; n < 7 && lo > 0; ++n) {
    size_t p = lo - 1;
    const Token& t = s.tok(p);
    if (t.after == Break::Sentence || t.after == Break::Comma) {
      if (p + 1 != m.first) break;
      // "Technical a four. Communication, I'd say three": a sentence ends between the number and
      // a cue word; only a unit may follow its number across a full stop ("38. Degrees").
      if (t.after == Break::Sentence && m.cue->kind != CueKind::Unit) break;
    }
    if (s.anchor_at(p, field, true)) break;
    lo = p;
  }
  for (size_t i = lo; i < m.first; ++i) {
    // "three hundred square feet" for a field in m²: the unit is read with the number, so the
    // value is converted to the field's unit.
    std::optional<FieldCandidate> c;
    if (m.cue->kind == CueKind::Unit) {
      // Up to the end of the clause: "five foot four" goes on past its unit word.
      size_t end = m.last;
      while (end < s.size() && end < m.last + kUnitTail && s.tok(end - 1).after == Break::None) ++end;
      for (; end >= m.last; --end) {
        auto longer = parse_checked(s, i, end, f);
        if (longer && longer->last >= m.last && (!c || longer->last > c->last)) c = longer;
      }
    }
    if (!c) c = parse_checked(s, i, m.first, f);
    if (!c || (c->last < m.last && s.skip_fillers(c->last) != m.first)) continue;
    c->score = m.strength * kBackwardFactor;
    c->cue_first = c->first;
    c->last = std::max(c->last, m.last);  // evidence includes the unit / cue
    return c;
  }
  return std::nullopt;
}

// "I count twelve cases crushed.": a cue that ends its clause after the thing counted; one
// noun may sit between the number and the cue. Only for word cues, not units.
std::optional<FieldCandidate> read_backward_over_noun(const Scan& s, const Mention& m, size_t field) {
  constexpr size_t kNumberSpan = 5;
  constexpr double kGapFactor = 0.9;
  if (m.cue->kind == CueKind::Unit || m.first < 2) return std::nullopt;
  size_t noun = m.first - 1;
  const Token& t = s.tok(noun);
  // "340 hoggets counted": an enum option naming what is counted ("hoggets" -> sheep) is the noun.
  const Mention* other = s.anchor_at(noun, field, true);
  const bool counted_kind = other && other->is_value && s.lex.fields[other->field].field->type == FieldType::Enum;
  if (t.filler || t.has_digit || is_stopword(t.norm) || is_number_word(t.norm) || t.after != Break::None ||
      s.tok(noun - 1).after != Break::None || (other && !counted_kind))
    return std::nullopt;
  const Field& f = *s.lex.fields[field].field;
  if (f.unit.empty() && measures_each(s, m)) return std::nullopt;
  for (size_t i = noun > kNumberSpan ? noun - kNumberSpan : 0; i < noun; ++i) {
    bool crosses = false;
    for (size_t k = i; k + 1 < noun; ++k)
      crosses = crosses || s.tok(k).after != Break::None;
    if (crosses) continue;
    auto c = parse_checked(s, i, noun, f);
    if (!c || c->last != noun) continue;
    c->score = m.strength * kBackwardFactor * kGapFactor;
    c->cue_first = c->first;
    c->last = m.last;
    return c;
  }
  return std::nullopt;
}

// Token where a zero quantifier ("nobody", "no one") that ends at token `last` starts.
std::optional<size_t> zero_quantifier_ending_at(const Scan& s, size_t last) {
  for (const auto& phrase : words().zero_quantifiers) {
    if (phrase.size() > last + 1) continue;
    size_t first = last + 1 - phrase.size();
    bool match = true;
    // "no, one 2.5 milligram tablet" is a correction, not "no one". "Nobody's lame": the last
    // word may carry a contracted "is".
    for (size_t k = 0; k < phrase.size() && match; ++k) {
      const std::string& w = s.tok(first + k).norm;
      const bool last_word = k + 1 == phrase.size();
      match = (w == phrase[k] || (last_word && w == phrase[k] + "'s")) &&
              (last_word || s.tok(first + k).after == Break::None);
    }
    if (match) return first;
  }
  return std::nullopt;
}

// "nobody came", "no one home": a count of zero.
std::optional<FieldCandidate> read_zero_count(const Scan& s, const Mention& m) {
  auto p = s.prev_content(m.first);
  for (int n = 0; n < 3 && p; ++n) {
    const Token& t = s.tok(*p);
    if (t.after == Break::Sentence || t.after == Break::Comma) {
      if (n > 0) break;
    }
    if (auto first = zero_quantifier_ending_at(s, *p)) {
      FieldCandidate c;
      c.value = 0;
      c.first = *first;
      c.last = m.last;
      c.cue_first = *first;
      c.score = m.strength * kZeroFactor;
      return c;
    }
    // "no more refills" is zero refills; "no chest pain" negates the chest pain, not the count.
    if (!words().zero_count_bridges.contains(t.norm) && !is_auxiliary_word(t.norm)) break;
    p = s.prev_content(*p);
  }
  return std::nullopt;
}

}  // namespace

std::vector<FieldCandidate> read_typed_field(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  std::vector<std::pair<Json, size_t>> taken_back;  // a corrected value, and where its correction ends
  const Field& f = *s.lex.fields[field].field;
  for (const auto& m : s.mentions) {
    if (m.field != field || m.is_value) continue;
    std::optional<FieldCandidate> c;
    if (m.cue->kind == CueKind::Unit) {
      c = read_backward(s, m, field);
    } else {
      // "all eight extinguishers; one on the second floor ...": a cue that ends its clause is
      // counted by the number right before it, not by one in the next clause.
      bool cue_ends_clause = s.tok(m.last - 1).after != Break::None;
      // "Eight years total, six of them ...", "I count twenty-two pallets. ... short two":
      // a number right before its noun counts it; what follows the noun is about something else.
      // Only in punctuated text, where a missing comma means something ("temperature 37.8
      // heart rate 104" in speech-to-text output has none anywhere).
      bool number_before = s.tt.cased && m.first > 0 && s.tok(m.first - 1).after == Break::None;
      // "Ten to eleven, I'll put that down as kiln on": the speaker names the box the value goes in.
      if (auto phrase = recording_phrase_before(s, m)) {
        Mention at = m;
        at.first = *phrase;
        c = read_backward(s, at, field);
        if (c) c->score = std::max(m.strength, kRecordedStrength) * kBackwardFactor;
      }
      if (!c && f.type == FieldType::Number && cue_ends_clause) c = read_backward(s, m, field);
      if (!c && f.type == FieldType::Number && cue_ends_clause) c = read_backward_over_noun(s, m, field);
      if (!c && f.type == FieldType::Number && number_before) {
        c = read_backward(s, m, field);
        bool whole = c && c->value.is_number() && std::floor(c->value.get<double>()) == c->value.get<double>();
        if (c && (!whole || follows_other_cue(s, c->first, field))) c.reset();
      }
      // "One small cavity distal of the upper left five": a count said before its noun with a
      // word between (an adjective) counts it, in punctuated text as above; "three more nights"
      // counts others.
      if (!c && counts_things(f) && number_before && !words().added_count_words.contains(s.tok(m.first - 1).norm)) {
        c = read_backward_over_noun(s, m, field);
        if (c && follows_other_cue(s, c->first, field)) c.reset();
      }
      // "No refills on this one": a count negated right before its cue is zero, whatever
      // number word follows.
      bool zero_ok = f.type == FieldType::Number && zero_by_absence(f);
      if (!c && zero_ok) c = read_zero_count(s, m);
      if (!c && f.type == FieldType::Number) c = read_numbered_list(s, m, field);
      if (!c) c = read_forward(s, m, field);
      if (!c) c = read_answer(s, m, field);
      if (!c && f.type == FieldType::Number) c = read_listed_count(s, m, field);
      // "Tuesday, 2:30 appointment": a clock time said right before its cue word.
      if (!c && f.type == FieldType::Time && number_before) c = read_backward(s, m, field);
      if (!c && f.type == FieldType::Number) {
        // "so we're short two pallets": a number right after another field's cue is its value
        // (only right after it: "carrier is wendover transport three pallets" counts pallets).
        c = read_backward(s, m, field);
        if (c && follows_other_cue(s, c->first, field, 1)) c.reset();
      }
      if (!c && zero_ok) c = read_zero_count(s, m);
    }
    if (!c) continue;
    FieldCandidate current = *c;
    ValueReader reader = [&](size_t i, size_t end) -> std::optional<FieldCandidate> {
      auto v = parse_checked(s, i, end, f);
      if (!v && f.type == FieldType::Date) v = year_only(s, i, current);
      return v;
    };
    FieldCandidate fixed = apply_corrections(s, field, current, reader);
    if (f.type == FieldType::Number && !fixed.corrected)
      if (auto total = restated_total(s, field, fixed, reader)) {
        total->cue_first = fixed.cue_first;
        fixed = *total;
      }
    if (s.lex.fields[field].upper_bound) fixed = range_top(s, fixed, reader);
    if (f.type == FieldType::Number && !fixed.corrected)
      if (auto sum = sum_of_parts(s, field, fixed)) fixed = *sum;
    // "Year nine. No, sorry, he's year eight, it's the other lad who's year nine": a value taken
    // back is not read again from a later mention.
    if (fixed.corrected && fixed.value != current.value) taken_back.emplace_back(current.value, fixed.last);
    fixed.score = c->score;
    if (f.type == FieldType::Number && article_one(s, fixed)) fixed.score *= kArticleOne;
    if (f.type == FieldType::Date) place_weekday_in_past(s, fixed);
    if (f.type == FieldType::Date && s.lex.fields[field].dated_today) place_weekday_today(s, fixed);
    // "one fifty-two" for a salary whose guidelines say amounts in thousands.
    if (s.lex.fields[field].in_thousands && fixed.value.is_number() && fixed.value.get<double>() < 1000.0) {
      Json scaled = fixed.value.get<double>() * 1000.0;
      if (in_range(scaled, f)) fixed.value = scaled;
    }
    out.push_back(fixed);
  }
  std::erase_if(out, [&](const FieldCandidate& c) {
    return std::any_of(taken_back.begin(), taken_back.end(),
                       [&](const auto& tb) { return c.first >= tb.second && c.value == tb.first; });
  });
  if (f.type == FieldType::Number) {
    for (auto& c : group_counts(s, field))
      out.push_back(std::move(c));
    for (auto& c : unlabelled_pairs(s, field))
      out.push_back(std::move(c));
    for (auto& c : age_apposition_candidates(s, field))
      out.push_back(std::move(c));
    for (auto& c : ceiling_candidates(s, field))
      out.push_back(std::move(c));
  }
  if (f.type == FieldType::Time)
    for (auto& c : time_after_partner_date(s, field))
      out.push_back(std::move(c));
  // Value phrases mapped by guidelines ("'noon sharp' -> 12:00", "'nothing stolen' -> 0"), unless
  // one is the end of a value read whole ("full" of "three quarters full").
  for (auto& c : value_phrase_candidates(s, field)) {
    const bool inside = std::any_of(out.begin(), out.end(), [&](const FieldCandidate& o) {
      return o.first < c.first && c.last <= o.last;
    });
    if (!inside && !negated_phrase(s, c)) out.push_back(std::move(c));
  }
  return out;
}

}  // namespace invox::rules
