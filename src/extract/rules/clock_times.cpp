#include "extract/rules/clock_times.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <string>

#include "extract/rules/corrections.hpp"
#include "extract/rules/field_exclusions.hpp"
#include "extract/rules/date_time_pairs.hpp"
#include "extract/rules/event_dates.hpp"
#include "extract/rules/lexical_data.hpp"
#include "invox/normalize.hpp"

namespace invox::rules {

namespace {
constexpr size_t kDayPartReach = 60;  // tokens back searched for "morning" / "afternoon"
constexpr int kLastAfternoonHour = 6;  // "at three" in a working day is 15:00
constexpr double kUnlabeledTime = 0.45;

bool day_part_word(const std::string& w, bool* afternoon) {
  if (words().afternoon_words.contains(w)) return *afternoon = true, true;
  if (words().morning_words.contains(w)) return *afternoon = false, true;
  return false;
}

// The day-part word said with the time ("half past two in the afternoon"), if any.
std::optional<bool> said_day_half(const Scan& s, const FieldCandidate& c) {
  constexpr size_t kAfter = 3;
  size_t after = std::min(s.size(), c.last + kAfter);
  for (size_t i = c.first; i < after; ++i) {
    bool afternoon = false;
    if (day_part_word(s.tok(i).norm, &afternoon)) return afternoon;
    if (i >= c.last && s.tok(i).after != Break::None) break;
  }
  return std::nullopt;
}

// "the school bus uses it morning and evening": a day-part word said with one of the other
// half (within two words) names neither.
bool both_halves_near(const Scan& s, size_t i, bool afternoon) {
  constexpr size_t kNear = 2;
  for (size_t k = i > kNear ? i - kNear : 0; k < s.size() && k <= i + kNear; ++k) {
    bool other = false;
    if (k != i && day_part_word(s.tok(k).norm, &other) && other != afternoon) return true;
  }
  return false;
}

// Said in 24-hour form: "oh nine twenty", "09:20", "0930", "05:55".
bool said_24_hour(const Scan& s, const FieldCandidate& c) {
  // The candidate may begin with the word that introduced it ("at 05:55").
  for (size_t i = c.first; i < c.last && i < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (words().spoken_zero.contains(t.norm) || t.norm == "zero") return true;
    if (t.has_digit || is_number_word(t.norm))
      return t.has_digit && t.raw.size() >= 2 && t.raw[0] == '0' && std::isdigit(static_cast<unsigned char>(t.raw[1]));
  }
  return false;
}
}  // namespace

void infer_day_half(const Scan& s, FieldCandidate& c) {
  if (!c.value.is_string() || c.first >= s.size()) return;
  const std::string v = c.value.get<std::string>();
  int hour = 0, minute = 0;
  if (v.size() != 5 || std::sscanf(v.c_str(), "%d:%d", &hour, &minute) != 2) return;
  if (hour >= 12 || said_24_hour(s, c)) return;
  // "twenty to one" reads 00:40; in a working day it is 12:40 unless "in the morning" is said
  // with it ("at night" would be read as pm, so only a morning word keeps it).
  if (hour == 0) {
    auto said = said_day_half(s, c);
    c.half_guessed = !said.has_value();
    if (said != false) c.value = "12" + v.substr(2);
    return;
  }
  bool afternoon = hour <= kLastAfternoonHour;
  if (auto said = said_day_half(s, c)) {
    afternoon = *said;
  } else {
    c.half_guessed = true;
    size_t reach = 0;
    for (size_t i = c.first; i-- > 0 && reach < kDayPartReach; ++reach) {
      bool pm = false;
      if (day_part_word(s.tok(i).norm, &pm) && !both_halves_near(s, i, pm)) {
        afternoon = pm;
        break;
      }
    }
  }
  if (!afternoon) return;
  std::string out = std::to_string(hour + 12) + ":" + (minute < 10 ? "0" : "") + std::to_string(minute);
  c.value = out;
}

std::optional<int> minutes_of(const FieldCandidate& c) {
  int hour = 0, minute = 0;
  if (!c.value.is_string()) return std::nullopt;
  const std::string v = c.value.get<std::string>();
  if (v.size() != 5 || std::sscanf(v.c_str(), "%d:%d", &hour, &minute) != 2) return std::nullopt;
  return hour * 60 + minute;
}

PeriodRole period_role(const Field& f) {
  bool start = false, end = false;
  for (const std::string& text : {f.id, f.label}) {
    std::string word;
    for (char ch : text + " ") {
      if (std::isalnum(static_cast<unsigned char>(ch))) {
        word += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        continue;
      }
      start = start || words().period_start_words.contains(word);
      end = end || words().period_end_words.contains(word);
      word.clear();
    }
  }
  if (start == end) return PeriodRole::None;
  return start ? PeriodRole::Start : PeriodRole::End;
}

namespace {
void set_minutes(FieldCandidate& c, int minutes) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%02d:%02d", minutes / 60 % 24, minutes % 60);
  c.value = std::string(buf);
}
}  // namespace

void order_periods(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  constexpr int kHalfDay = 12 * 60;
  const Lexicon& lex = s.lex;
  for (size_t a = 0; a < lex.fields.size(); ++a) {
    if (lex.fields[a].field->type != FieldType::Time || period_role(*lex.fields[a].field) != PeriodRole::Start)
      continue;
    for (size_t b = 0; b < lex.fields.size(); ++b) {
      if (lex.fields[b].field->type != FieldType::Time || period_role(*lex.fields[b].field) != PeriodRole::End)
        continue;
      if (ranked[a].empty() || ranked[b].empty()) continue;
      FieldCandidate& start = ranked[a][0];
      FieldCandidate& end = ranked[b][0];
      auto from = minutes_of(start), to = minutes_of(end);
      if (!from || !to || *to >= *from) continue;
      // The end's guessed morning is an afternoon, or else the start's guessed afternoon a morning.
      if (end.half_guessed && *to<kHalfDay&& * to + kHalfDay> * from)
        set_minutes(end, *to + kHalfDay);
      else if (start.half_guessed && *from >= kHalfDay && *from - kHalfDay <= *to)
        set_minutes(start, *from - kHalfDay);
    }
  }
}

namespace {
// The time's last word says its half of the day ("in the afternoon", "p.m.").
bool ends_with_day_half(const Scan& s, const FieldCandidate& c) {
  if (c.last <= c.first) return false;
  const std::string& n = s.tok(c.last - 1).norm;
  bool afternoon = false;
  return day_part_word(n, &afternoon) || words().clock_suffixes.contains(n);
}

// "fourteen hundred hours": the time ends with the words that say it the military way.
bool ends_military(const Scan& s, const FieldCandidate& c) {
  for (size_t i = c.first; i < c.last; ++i)
    if (const size_t n = marker_length(s, i, words().military_time_phrases); n > 0 && i + n >= c.last) return true;
  return false;
}

// "ten past nine", "7:50 a.m.", "two o'clock", "two forty in the afternoon": the words say it is a
// time of day, so no word before it needs to ("at", "it's"). A relation ("ten to four") counts
// with whole five minutes only: "nine to five" is a span, not 04:51.
bool marked_time(const Scan& s, const FieldCandidate& c) {
  if (ends_with_day_half(s, c)) return true;
  bool relation = false;
  for (size_t i = c.first; i < c.last; ++i) {
    const Token& t = s.tok(i);
    if (t.raw.find(':') != std::string::npos && t.has_digit) return true;
    if (words().clock_suffixes.contains(t.norm)) return true;
    if (marker_length(s, i, words().military_time_phrases) > 0) return true;
    relation = relation || words().clock_relations.contains(t.norm);
  }
  auto m = minutes_of(c);
  return relation && m && *m % 5 == 0;
}

namespace {
// The hour said right after a verb naming a time agreed before ("I said eleven", "I told your
// office nine"; lexicon arranged_time_verbs), the latest within a few sentences before token i.
std::optional<size_t> agreed_hour_before(const Scan& s, size_t i) {
  constexpr size_t kHourReach = 40;  // tokens back
  constexpr size_t kVerbReach = 3;   // "told your office nine"
  const size_t from = i > kHourReach ? i - kHourReach : 0;
  for (size_t k = i; k-- > from;) {
    const Token& t = s.tok(k);
    if (t.filler || !says_number(t)) continue;
    // One number word alone, not part of a longer number ("nine thirty").
    if (k + 1 < s.size() && t.after == Break::None && says_number(s.tok(k + 1))) continue;
    if (k > 0 && s.tok(k - 1).after == Break::None && says_number(s.tok(k - 1))) continue;
    auto p = s.prev_content(k);
    for (size_t n = 0; n < kVerbReach && p && s.tok(*p).after != Break::Sentence; ++n) {
      if (words().arranged_time_verbs.contains(s.tok(*p).norm)) return k;
      p = s.prev_content(*p);
    }
  }
  return std::nullopt;
}

// "I said eleven and it's ten past now": minutes past (or after) with no hour said after them,
// starting at token i, are past the hour agreed a little before; nullopt without one.
std::optional<FieldCandidate> past_agreed_hour(const Scan& s, size_t i, const Field& time_field) {
  constexpr size_t kMinuteWords = 3;  // "twenty five minutes"
  const Token& first = s.tok(i);
  if (!says_number(first) && !words().clock_relations.contains(first.norm)) return std::nullopt;
  size_t p = i;
  while (p < s.size() && p <= i + kMinuteWords && s.tok(p).norm != "past" && s.tok(p).norm != "after") {
    if (s.tok(p).after != Break::None) return std::nullopt;
    ++p;
  }
  if (p == i || p >= s.size() || p > i + kMinuteWords) return std::nullopt;
  // "ten past nine" has its own hour.
  size_t next = s.skip_fillers(p + 1);
  if (s.tok(p).after == Break::None && next < s.size() && says_number(s.tok(next))) return std::nullopt;
  auto hour = agreed_hour_before(s, i);
  if (!hour) return std::nullopt;
  const std::string text = std::string(s.span_text(i, p + 1)) + " " + std::string(s.span_text(*hour, *hour + 1));
  auto parsed = parse_value_prefix(text, time_field, s.ctx);
  if (!parsed || parsed->value.is_null() || parsed->consumed < text.size()) return std::nullopt;
  FieldCandidate c;
  c.value = parsed->value;
  c.first = i;
  c.last = p + 1;
  c.cue_first = i;
  return c;
}
}  // namespace

bool taken_by_best(const Scan& s, const std::vector<std::vector<FieldCandidate>>& ranked, const FieldCandidate& c) {
  for (size_t g = 0; g < ranked.size(); ++g) {
    const auto& r = ranked[g];
    FieldType type = s.lex.fields[g].field->type;
    bool typed = type == FieldType::Number || type == FieldType::Date || type == FieldType::Time;
    if (!typed || r.empty() || r[0].implied) continue;
    // A corrected value also holds the readings it replaced ("eleven forty, no, eleven
    // forty-five"): from its cue on.
    const size_t from = r[0].corrected ? std::min(r[0].cue_first, r[0].first) : r[0].first;
    if (from < c.last && c.first < r[0].last) return true;
  }
  return false;
}
}  // namespace

namespace {
// A date field other than `time_field`'s partner has as its best value a day other than today,
// said within a few words before the time in the same sentence ("found her yesterday, about
// nine at night"). Today's date says nothing: it is the day of every event of the form.
bool with_other_events_day(const Scan& s, const std::vector<std::vector<FieldCandidate>>& ranked,
                           const FieldCandidate& time, size_t time_field) {
  constexpr size_t kNear = 4;  // words between the day and the time ("Sunday, at about")
  const auto partner = partner_date(s, time_field);
  const std::string today = reference_day(s);
  for (size_t d = 0; d < s.lex.fields.size(); ++d) {
    if (s.lex.fields[d].field->type != FieldType::Date || ranked[d].empty() || partner == d) continue;
    const FieldCandidate& day = ranked[d][0];
    // Only a day said in the transcript (an implied date has no tokens).
    if (day.last <= day.first || day.last > time.first || day.value == today) continue;
    size_t words = 0;
    bool same_sentence = true;
    for (size_t k = day.last; k < time.first; ++k) {
      if (s.tok(k - 1).after == Break::Sentence) same_sentence = false;
      if (!s.tok(k).filler) ++words;
    }
    if (same_sentence && words <= kNear) return true;
  }
  return false;
}

// "what is it, six forty?", "the time now is eleven oh five": a phrase of clock_now_phrases
// ends at content token `last`, across a comma but within its sentence.
bool says_time_now(const Scan& s, size_t last) {
  for (const auto& phrase : words().clock_now_phrases) {
    size_t at = last;
    size_t k = phrase.size();
    while (k > 0 && s.tok(at).norm == phrase[k - 1]) {
      if (--k == 0) return true;
      const auto prev = s.prev_content(at);
      if (!prev || s.tok(*prev).after == Break::Sentence) break;
      at = *prev;
    }
  }
  return false;
}
}  // namespace

namespace {
// The unlabelled clock time starting at token i that time field `field` may take; `*skip_to` is
// set to the last token of a time read but not given (the reader resumes after it).
std::optional<FieldCandidate> unlabeled_time_at(const Scan& s, const std::vector<std::vector<FieldCandidate>>& ranked,
                                                size_t i, size_t field, size_t* skip_to) {
  const Field& time_field = *s.lex.fields[field].field;
  if (s.tok(i).filler) return std::nullopt;
  auto opener = s.prev_content(i);
  // "it's only ten past": a restrictive adverb between the opener and the time.
  if (opener && words().restrictive_adverbs.contains(s.tok(*opener).norm) && s.tok(*opener).after == Break::None)
    opener = s.prev_content(*opener);
  const bool now_said = opener && says_time_now(s, *opener);
  bool introduced = opener && (words().clock_openers.contains(s.tok(*opener).norm) || now_said);
  auto c = introduced ? past_agreed_hour(s, i, time_field) : std::nullopt;
  const bool past_hour = c.has_value();  // ends with "past": no count, whatever follows
  if (!c) c = s.parse_typed(i, std::min(s.size(), i + 8), time_field);
  if (!c || (!introduced && !marked_time(s, *c))) return std::nullopt;
  // "at five pallets" is a count: a clock time ends its clause or meets a function word, unless
  // it ends with its half of the day ("it's three fifteen in the afternoon cleaned by ...") or
  // is said the military way ("today fourteen hundred hours maple gap weigh station"). Speech
  // without punctuation runs straight on from a time its opener and words mark ("so four in all
  // it's ten past eleven overall i'd call it good").
  // After "what time is it now" a number is the time, though unpunctuated speech runs on
  // ("half twelve grand so ...").
  if ((!past_hour && !now_said && !s.stands_alone(c->last) && !ends_with_day_half(s, *c) &&
       !ends_military(s, *c) && !(introduced && s.tt.breaks_inferred && marked_time(s, *c))) ||
      taken_by_best(s, ranked, *c))
    return std::nullopt;
  *skip_to = c->last - 1;
  // "see her again tomorrow at ten": the time of a planned day is not this form's event.
  // "Yesterday, about nine at night": a time said with the day another date field holds
  // is that event's time, not this field's (unless that date is this field's partner).
  if (later_day_near(s, c->first, c->last) || with_other_events_day(s, ranked, *c, field)) return std::nullopt;
  // "partying until three": the end of a span is the time of a field that ends one. "It stopped
  // around ten to four" is not the arrival the guideline says a stop is not.
  if ((introduced && words().span_edge_words.contains(s.tok(*opener).norm) &&
       period_role(time_field) != PeriodRole::End) ||
      said_with_exclusion(s, *c, field))
    return std::nullopt;
  c->score = kUnlabeledTime;
  c->cue_first = introduced ? *opener : c->first;
  return c;
}

// "pulled in here at twenty to eleven", "it's ten to eleven now": a word of lexicon
// present_deictics among the few words before the time in its clause, or right after it, ties the
// time to the place and moment the form is made.
bool said_here_or_now(const Scan& s, const FieldCandidate& c) {
  constexpr size_t kBefore = 4;  // content words back: "we pulled in here at"
  if (c.last < s.size() && words().present_deictics.contains(s.tok(c.last).norm)) return true;
  size_t seen = 0;
  for (auto p = s.prev_content(c.first); p && seen < kBefore; p = s.prev_content(*p), ++seen) {
    if (s.tok(*p).after != Break::None) break;
    if (words().present_deictics.contains(s.tok(*p).norm)) return true;
  }
  return false;
}
}  // namespace

void assign_unlabeled_times(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  const Lexicon& lex = s.lex;
  std::vector<size_t> open;  // time fields with no candidate, or only ones weaker than this guess
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    if (lex.fields[f].field->type != FieldType::Time) continue;
    if (ranked[f].empty() || ranked[f][0].score < kUnlabeledTime) open.push_back(f);
  }
  if (open.empty()) return;
  // More times said than fields wait for: those said here and now go first ("on scene at nine
  // fifty and pulled in here at twenty to eleven" for the arrival at hospital), then the earliest.
  std::vector<FieldCandidate> said;
  for (size_t i = 0; i < s.size(); ++i) {
    size_t skip = i;
    if (auto c = unlabeled_time_at(s, ranked, i, open[0], &skip)) said.push_back(*c);
    i = skip;
  }
  std::vector<size_t> chosen;  // first tokens of the times to give
  if (said.size() > open.size()) {
    for (const auto& c : said)
      if (chosen.size() < open.size() && said_here_or_now(s, c)) chosen.push_back(c.first);
    for (const auto& c : said)
      if (chosen.size() < open.size() && std::find(chosen.begin(), chosen.end(), c.first) == chosen.end())
        chosen.push_back(c.first);
  }
  size_t next = 0;
  for (size_t i = 0; i < s.size() && next < open.size(); ++i) {
    size_t skip = i;
    auto c = unlabeled_time_at(s, ranked, i, open[next], &skip);
    if (c && (chosen.empty() || std::find(chosen.begin(), chosen.end(), c->first) != chosen.end())) {
      ranked[open[next++]].push_back(*c);
      skip = c->last - 1;
    }
    i = skip;
  }
}

}  // namespace invox::rules
