#include "extract/rules/event_dates.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/weekday_tense.hpp"
#include "extract/rules/word_forms.hpp"

namespace invox::rules {

namespace {


// A word of `set` is a word of the field's id or label.
bool names_words(const Field& f, const lexicon::WordSet& set) { return says_any_word({f.id, f.label}, set); }

// The date was said as an ordinal alone ("the second", "twenty-ninth"): no month, weekday or
// relative-day word says it is a date.
bool ordinal_only(const Scan& s, const FieldCandidate& c) {
  const auto& w = words();
  bool ordinal = false;
  for (size_t i = c.first; i < c.last && i < s.size(); ++i) {
    const std::string& n = s.tok(i).norm;
    // "on the second floor": the preposition read with the date is no part of it.
    if (s.tok(i).filler || w.determiners.contains(n) || (!ordinal && is_stopword(n))) continue;
    bool spoken = w.digit_ordinals.index_of(n) || w.teen_ordinals.index_of(n) || w.tens_ordinals.index_of(n) ||
                  w.tens_words.index_of(n);
    bool written = !n.empty() && std::isdigit(static_cast<unsigned char>(n[0])) && n.size() <= 4 &&
                   std::isalpha(static_cast<unsigned char>(n.back()));
    if (!spoken && !written) return false;
    ordinal = true;
  }
  return ordinal;
}

// The date was said with its month ("Saturday the seventh of March"): the day itself, not a
// plan counted from today.
bool names_month(const Scan& s, const FieldCandidate& c) {
  for (size_t i = c.first; i < c.last && i < s.size(); ++i)
    if (words().month_names.index_of(s.tok(i).norm)) return true;
  return false;
}

// "we spoke last week", "the April one": a week or a month said without a day in it names no
// day of an event.
bool names_no_day(const Scan& s, const FieldCandidate& c) {
  const auto& w = words();
  bool period = false;
  for (size_t i = c.first; i < c.last && i < s.size(); ++i) {
    const std::string& n = s.tok(i).norm;
    if (says_number(s.tok(i)) || w.weekday_names.index_of(n) || w.digit_ordinals.index_of(n) ||
        w.teen_ordinals.index_of(n) || w.tens_ordinals.index_of(n))
      return false;
    period = period || n == "week" || w.month_names.index_of(n).has_value();
  }
  return period;
}

// The date lies after the reference day ("come back in two weeks", "on Saturday").
bool lies_ahead(const FieldCandidate& c, const std::string& today) {
  return !today.empty() && c.value.is_string() && c.value.get<std::string>() > today;
}

// "since yesterday", "until Friday": a date right after a span word (lexicon span_edge_words),
// or one that starts with it (CF reads "since" as part of a date).
bool bounds_span(const Scan& s, const FieldCandidate& c) {
  if (c.first < s.size() && words().span_edge_words.contains(s.tok(c.first).norm)) return true;
  auto p = s.prev_content(c.first);
  return p && words().span_edge_words.contains(s.tok(*p).norm);
}

// The start of token i's sentence, or of the question that sentence answers (past a speaker
// label): "When did that start? - Tuesday afternoon".
size_t answered_from(const Scan& s, size_t i) {
  size_t from = sentence_start(s, i);
  if (auto q = s.prev_content(from); q && s.tok(*q).question) from = sentence_start(s, *q);
  return from;
}

const Field& date_probe() {
  static const Field f = [] {
    Field d;
    d.id = "date";
    d.type = FieldType::Date;
    return d;
  }();
  return f;
}

// A content word of the field's own cues is said in tokens [first, last).
bool own_word_in(const Scan& s, size_t field, size_t first, size_t last) {
  for (size_t i = first; i < last; ++i) {
    const Token& t = s.tok(i);
    if (t.filler || is_stopword(t.norm) || t.has_digit) continue;
    for (const auto& cue : s.lex.fields[field].cues) {
      if (cue.weak || cue.kind == CueKind::Unit) continue;
      for (const auto& st : cue.phrase.stems)
        if (!is_stopword(st) && stems_match(st, t.stem)) return true;
    }
  }
  return false;
}
// The date field whose description or guidelines say that a record made as it happens is on
// the reference date ("A test logged as it happens is on the reference date").
std::optional<size_t> dated_today_field(const Lexicon& lex) {
  for (size_t f = 0; f < lex.fields.size(); ++f)
    if (lex.fields[f].dated_today) return f;
  return std::nullopt;
}
}  // namespace

std::string reference_day(const Scan& s) {
  auto today = parse_value_prefix("today", date_probe(), s.ctx);
  return today && today->value.is_string() ? today->value.get<std::string>() : std::string();
}

bool later_day_near(const Scan& s, size_t first, size_t last) {
  if (first >= s.size()) return false;
  const std::string today = reference_day(s);
  // In a form about something that happened (a loss date), a weekday said alone is a past one.
  bool past_form = false;
  for (const auto& fl : s.lex.fields)
    past_form = past_form || (fl.field->type == FieldType::Date && names_words(*fl.field, words().past_event_words));
  size_t end = sentence_end(s, last > 0 ? last - 1 : 0);
  for (size_t i = sentence_start(s, first); i < end; ++i) {
    if (i >= first && i < last) continue;
    auto d = s.parse_typed(i, std::min(end, i + 8), date_probe());
    if (!d || (d->first < last && first < d->last)) continue;
    d->cue_first = answered_from(s, d->first);  // the tense is read there
    place_weekday_in_past(s, *d, past_form);  // "When did that start? - Tuesday, around two"
    // "Safety check, Thu, 07:45" said on a Thursday is no plan for next Thursday.
    place_weekday_today(s, *d);
    if (lies_ahead(*d, today)) return true;
    i = d->last - 1;
  }
  return false;
}

bool earlier_day_said(const Scan& s) {
  const std::string today = reference_day(s);
  if (today.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    const std::string& w = s.tok(i).norm;
    // Only where a day can start: a weekday, a month, "yesterday", "last (night)".
    if (!words().weekday_names.index_of(w) && !words().month_names.index_of(w) && !words().day_deictics.contains(w) &&
        w != "last")
      continue;
    auto d = s.parse_typed(i, std::min(s.size(), i + 8), date_probe());
    if (!d || !d->value.is_string()) continue;
    place_weekday_in_past(s, *d);
    if (d->value.get<std::string>() < today) return true;
  }
  return false;
}

void date_event(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  constexpr double kUnlabeledDate = 0.5;
  constexpr double kImpliedToday = 0.4;
  constexpr double kAheadDay = 0.45;
  const std::string today = reference_day(s);
  const Lexicon& lex = s.lex;
  auto others_filled = [&](size_t f) {
    for (size_t g = 0; g < lex.fields.size(); ++g)
      if (g != f && lex.fields[g].field->type == FieldType::Date && ranked[g].empty()) return false;
    return true;
  };
  if (s.size() == 0) return;  // nothing was said: nothing happened
  // A form whose guidelines date a record made as it happens: that field is today when nothing
  // else is said for it ("I flew in yesterday" on a report taken as it happens: a day said in
  // passing is the event's, not the record's), and the form's first other date field takes the
  // first day said, but never today by default.
  const auto today_field = dated_today_field(lex);
  // With such a field, the other is an event before the record, not a day ahead.
  auto passed_over = [&](size_t g) {
    const Field& d = *lex.fields[g].field;
    return d.type != FieldType::Date || today_field == g || (today_field && names_words(d, words().future_date_words));
  };
  size_t f = 0;
  while (f < lex.fields.size() && passed_over(f)) ++f;
  auto date_today = [&](size_t g) {
    if (!ranked[g].empty()) return;
    FieldCandidate c;
    c.value = "today";
    c.score = kImpliedToday;
    c.implied = true;
    ranked[g].push_back(c);
  };
  if (today_field) date_today(*today_field);
  if (f == lex.fields.size()) return;
  const Field& field = *lex.fields[f].field;
  if (!ranked[f].empty() || names_words(field, words().past_date_words)) return;
  const bool ahead = names_words(field, words().future_date_words);
  std::optional<FieldCandidate> ahead_day;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    auto c = s.parse_typed(i, std::min(s.size(), i + 8), field);
    if (!c) continue;
    c->cue_first = c->first;
    place_weekday_in_past(s, *c, names_words(field, words().past_event_words));
    // "the second floor" is no date: an unlabelled bare ordinal stands alone.
    bool taken = ordinal_only(s, *c) && !s.stands_alone(c->last);
    // "come back in two weeks", "hasn't eaten since yesterday": a plan or a span's edge.
    // ... unless the field is the start of that span ("Problem started": "limping since Monday").
    bool starts = names_words(field, words().period_start_words);
    taken = taken || names_no_day(s, *c) || (bounds_span(s, *c) && !starts);
    for (size_t g = 0; g < lex.fields.size(); ++g)
      if (g != f && !ranked[g].empty() && is_typed(lex.fields[g].field->type) && overlaps(ranked[g][0], *c))
        taken = true;
    // "starts tomorrow, October first": the same day said again belongs to the field that has it.
    for (size_t g = 0; g < lex.fields.size(); ++g)
      if (g != f && !ranked[g].empty() && lex.fields[g].field->type == FieldType::Date &&
          ranked[g][0].value == c->value)
        taken = true;
    const bool plan = !ahead && lies_ahead(*c, today);
    if (!taken && !plan) {
      c->score = kUnlabeledDate;
      c->cue_first = c->first;
      // "this morning. No, wait, yesterday afternoon": the day said in passing may be corrected.
      ValueReader reader = [&](size_t k, size_t end) {
        auto r = s.parse_typed(k, end, field);
        if (r) r->score = kUnlabeledDate;
        return r;
      };
      ranked[f].push_back(apply_corrections(s, f, *c, reader));
      return;
    }
    if (!taken && !ahead_day && names_month(s, *c)) ahead_day = *c;
    i = c->last - 1;
  }
  // "When is it? - Saturday the seventh of March": with nothing said of today or before, a day
  // said with its month is the event's own (a booking), unless another date field still
  // waits for a later day.
  if (ahead_day && others_filled(f)) {
    ahead_day->score = kAheadDay;
    ranked[f].push_back(*ahead_day);
    return;
  }
  if (!today_field) date_today(f);
}

void future_dates(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  constexpr double kFutureDate = 0.45;
  constexpr size_t kWordsBefore = 15, kWordsAfter = 8;  // tokens around the date searched for its field's words
  const Lexicon& lex = s.lex;
  const std::string today = reference_day(s);
  if (today.empty()) return;
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    const Field& field = *lex.fields[f].field;
    if (field.type != FieldType::Date || !ranked[f].empty() || !names_words(field, words().future_date_words)) continue;
    for (size_t i = 0; i < s.size(); ++i) {
      if (s.tok(i).filler) continue;
      auto c = s.parse_typed(i, std::min(s.size(), i + 8), field);
      if (!c) continue;
      i = c->last - 1;
      if (!lies_ahead(*c, today) || (ordinal_only(s, *c) && !s.stands_alone(c->last))) continue;
      bool taken = false;
      for (size_t g = 0; g < lex.fields.size(); ++g)
        if (g != f && !ranked[g].empty() && is_typed(lex.fields[g].field->type) && overlaps(ranked[g][0], *c))
          taken = true;
      if (taken) continue;
      // The sentence, or the question it answers, must say what the date is for, close to it.
      size_t from = answered_from(s, c->first);
      from = std::max(from, c->first > kWordsBefore ? c->first - kWordsBefore : 0);
      size_t to = std::min(sentence_end(s, c->first), c->last + kWordsAfter);
      if (!own_word_in(s, f, from, c->first) && !own_word_in(s, f, c->last, to)) continue;
      c->score = kFutureDate;
      c->cue_first = c->first;
      ranked[f].push_back(*c);
    }
    std::reverse(ranked[f].begin(), ranked[f].end());  // the last said first: it may correct
  }
}

}  // namespace invox::rules
