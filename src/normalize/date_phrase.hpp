#pragma once
// Date phrases in dictation, absolute ("March 3rd, 1992", "the third of March nineteen ninety
// two", "03/04/1992", "Monday the 16th") and relative ("yesterday", "two weeks from today",
// "in thirty days", "last Friday", "on Saturday"), resolved against a reference date.
#include <date/date.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "invox/expected.hpp"
#include "invox/normalize.hpp"
#include "normalize/spoken_number.hpp"
#include "normalize/tokenize.hpp"

namespace invox::normalize {

// Order of day and month in numeric dates such as 03/04/1992.
enum class DateOrder { Undecided, MDY, DMY, YMD };
// en-US (and PH, FM, MH, PW) -> MDY; CN, JP, KR, TW, HU, LT, MN -> YMD; any other region -> DMY;
// a bare language tag decides DMY except "en" (used on both sides of the Atlantic): Undecided.
[[nodiscard]] DateOrder date_order_for_locale(std::string_view locale);

struct DateContext {
  date::year_month_day reference;  // "today" in the request's time zone
  DateOrder order = DateOrder::Undecided;
  bool past_only = false;  // birth dates: no future readings (two-digit years, bare weekdays)
  // A date said without its year: true = the next one (follow-ups, due dates), false = the
  // most recent one (losses, incidents, last drills), nullopt = the nearest.
  std::optional<bool> ahead;
  // "Jan 2026", "june twenty twenty-seven": a month and a full year with no day are a date only
  // when the field's guidelines say which day (true: the month's last, false: its first).
  std::optional<bool> month_only_last_day;
  // "twenty nineteen" alone is 1 January of that year, when the field's guidelines say so.
  bool year_only_first_day = false;
  NumberOptions numbers;
};
// Reference day from the context; past_only from the field's id/label ("birth", "dob", "born").
[[nodiscard]] Expected<DateContext> make_date_context(const Field* field, const NormalizeContext& ctx);

struct DateHit {
  std::optional<date::year_month_day> date;  // nullopt when `problem` says why there is none
  size_t first = 0;                          // token range [first, last)
  size_t last = 0;
  bool relative = false;
  std::optional<IssueType> problem;  // Invalid (no such date) or Ambiguous (03/04 with no locale)
  std::string detail;
  // "last month", "next year": a month or a year away from today, not a day. The day is a guess
  // (today's day of the month), so a reader looking for a date in speech skips it.
  bool vague = false;
};

// Two-digit year window: a year in (ref-90, ref+10], i.e. at most ten years ahead; with
// past_only the most recent year ending in those digits that is not after the reference year.
[[nodiscard]] int resolve_two_digit_year(int yy, const DateContext& ctx);

[[nodiscard]] std::optional<DateHit> parse_absolute_date_at(const Tokens& tokens, size_t i, const DateContext& ctx);
[[nodiscard]] std::optional<DateHit> parse_relative_date_at(const Tokens& tokens, size_t i, const DateContext& ctx);
// The longer of the absolute and relative readings at token i (absolute wins ties).
[[nodiscard]] std::optional<DateHit> parse_date_at(const Tokens& tokens, size_t i, const DateContext& ctx);

struct DatePhrase {
  std::string value;  // "YYYY-MM-DD", or empty when the phrase has a problem
  size_t begin = 0;   // byte span in the text
  size_t end = 0;
  bool relative = false;
  std::optional<IssueType> problem;
  std::string detail;
};
// Every date phrase in `text`, left to right, non-overlapping.
[[nodiscard]] std::vector<DatePhrase> find_date_phrases(std::string_view text, const DateContext& ctx);

}  // namespace invox::normalize
