#include "extract/rules/weekday_tense.hpp"

#include <algorithm>

#include "extract/rules/lexical_data.hpp"
#include "normalize/reference_date.hpp"

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

size_t sentence_start(const Scan& s, size_t i) {
  while (i > 0 && s.tok(i - 1).after != Break::Sentence) --i;
  return i;
}
}  // namespace

void place_weekday_in_past(const Scan& s, FieldCandidate& c) {
  if (!c.value.is_string() || !bare_weekday(s, c)) return;
  auto value = normalize::parse_iso_date(c.value.get<std::string>());
  auto ref = normalize::reference_day(s.ctx);
  if (!value || !ref || date::sys_days{*value} <= date::sys_days{*ref}) return;
  size_t from = sentence_start(s, std::min(c.cue_first, c.first));
  bool past = false;
  for (size_t i = from; i < c.last && !past; ++i) past = words().past_tense_markers.contains(s.tok(i).norm);
  if (past) c.value = normalize::format_date(date::sys_days{*value} - date::days{7});
}

}  // namespace invox::rules
