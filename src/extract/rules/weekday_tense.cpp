#include "extract/rules/weekday_tense.hpp"

#include <date/date.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "extract/rules/lexical_data.hpp"
#include "invox/normalize.hpp"

namespace invox::rules {

namespace {
// The value is a weekday name alone (function words such as "on" or "since" aside).
bool bare_weekday(const Scan& s, const FieldCandidate& c) {
  const auto& w = words();
  size_t weekdays = 0;
  for (size_t i = c.first; i < c.last; ++i) {
    const std::string& n = s.tok(i).norm;
    if (s.tok(i).filler) continue;
    if (w.weekday_names.index_of(n)) {
      ++weekdays;
    } else if (!is_stopword(n) && !w.past_tense_markers.contains(n)) {
      return false;
    }
  }
  return weekdays == 1;
}

std::optional<date::sys_days> iso_day(const std::string& text) {
  int y = 0;
  unsigned m = 0, d = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%d-%u-%u", &y, &m, &d) != 3) return std::nullopt;
  date::year_month_day ymd{date::year{y}, date::month{m}, date::day{d}};
  if (!ymd.ok()) return std::nullopt;
  return date::sys_days{ymd};
}

}  // namespace

void place_weekday_in_past(const Scan& s, FieldCandidate& c, bool past_event) {
  if (!c.value.is_string() || !bare_weekday(s, c)) return;
  auto value = iso_day(c.value.get<std::string>());
  auto ref_text = resolve_reference_date(s.ctx);
  if (!value || !ref_text) return;
  auto ref = iso_day(*ref_text);
  if (!ref || *value <= *ref) return;
  // The tense of the clause: in a transcript without punctuation a "sentence" can run for
  // minutes, and a "was" said about something else long before must not move the day.
  constexpr size_t kClauseWords = 8;
  const size_t opening = std::min(c.cue_first, c.first);
  const size_t from = std::max(sentence_start(s, opening), opening > kClauseWords ? opening - kClauseWords : 0);
  bool past = false;
  for (size_t i = from; i < c.last && !past; ++i) past = words().past_tense_markers.contains(s.tok(i).norm);
  if (past || past_event) c.value = date::format("%F", *value - date::days{7});
}

void place_weekday_today(const Scan& s, FieldCandidate& c) {
  constexpr int kWeek = 7;
  if (!c.value.is_string() || !bare_weekday(s, c)) return;
  auto value = iso_day(c.value.get<std::string>());
  auto ref_text = resolve_reference_date(s.ctx);
  auto ref = ref_text ? iso_day(*ref_text) : std::nullopt;
  if (value && ref && *value == *ref + date::days{kWeek}) c.value = *ref_text;
}

}  // namespace invox::rules
