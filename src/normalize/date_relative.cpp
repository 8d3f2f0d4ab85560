// Relative dates against the reference day: today/yesterday/tomorrow, "N units ago",
// "in N units", "N units from today", "last/next/this <weekday>", a bare weekday.
#include <fmt/format.h>

#include "normalize/date_phrase.hpp"
#include "normalize/lexicon.hpp"

namespace invox::normalize {

namespace {

using date::year_month_day;


bool part_of_day(const Tokens& t, size_t i) {
  return word_is(t, i, "morning") || word_is(t, i, "afternoon") || word_is(t, i, "evening") ||
         word_is(t, i, "night") || word_is(t, i, "noon");
}

enum class Unit { Day, Week, Fortnight, Month, Year };

std::optional<Unit> unit_at(const Tokens& t, size_t i) {
  if (i >= t.size() || t[i].kind != TokenKind::Word) return std::nullopt;
  std::string_view w = t[i].text;
  if (w.ends_with("'s")) w.remove_suffix(2);  // "in a month's time"
  if (w == "day" || w == "days") return Unit::Day;
  if (w == "week" || w == "weeks") return Unit::Week;
  if (w == "fortnight" || w == "fortnights") return Unit::Fortnight;
  if (w == "month" || w == "months") return Unit::Month;
  if (w == "year" || w == "years") return Unit::Year;
  return std::nullopt;
}

// A count before a unit: "a", "one", "a couple of", "two", "30".
std::optional<long> count_at(const Tokens& t, size_t i, size_t& last, const DateContext& ctx) {
  if (word_is(t, i, "a") || word_is(t, i, "an")) {
    if (word_is(t, i + 1, "couple") && word_is(t, i + 2, "of")) return last = i + 3, 2;
    return last = i + 1, 1;
  }
  if (word_is(t, i, "couple") && word_is(t, i + 1, "of")) return last = i + 2, 2;
  NumberOptions o = ctx.numbers;
  o.group_pairs = o.digit_runs = o.fractions = o.ordinals = o.signs = false;
  auto m = parse_number_at(t, i, o);
  if (!m || !m->is_integer() || m->value < 0 || m->value > 100000) return std::nullopt;
  last = m->last;
  return static_cast<long>(m->value);
}

year_month_day shift(const year_month_day& ref, Unit unit, long n) {
  switch (unit) {
    case Unit::Day: return date::sys_days{ref} + date::days{n};
    case Unit::Week: return date::sys_days{ref} + date::days{7 * n};
    case Unit::Fortnight: return date::sys_days{ref} + date::days{14 * n};
    case Unit::Month:
    case Unit::Year: {
      const auto ym = date::year_month{ref.year(), ref.month()} + date::months{unit == Unit::Year ? 12 * n : n};
      const year_month_day out{ym.year(), ym.month(), ref.day()};
      // Jan 31 + 1 month: the last day of February, not an invalid date.
      return out.ok() ? out : year_month_day{date::year_month_day_last{ym.year(), date::month_day_last{ym.month()}}};
    }
  }
  return ref;
}

DateHit hit_at(size_t first, size_t last, const year_month_day& d) {
  DateHit h;
  h.date = d;
  h.first = first;
  h.last = last;
  h.relative = true;
  return h;
}

// Days from the reference to the weekday: strictly after (+1..+7) or strictly before (-1..-7).
long weekday_offset(const year_month_day& ref, unsigned iso, bool forward) {
  const unsigned cur = date::weekday{date::sys_days{ref}}.iso_encoding();
  if (forward) {
    long d = (static_cast<long>(iso) - static_cast<long>(cur) + 7) % 7;
    return d == 0 ? 7 : d;
  }
  long d = (static_cast<long>(cur) - static_cast<long>(iso) + 7) % 7;
  return -(d == 0 ? 7 : d);
}

std::optional<unsigned> weekday_at(const Tokens& t, size_t i) {
  if (i >= t.size() || t[i].kind != TokenKind::Word) return std::nullopt;
  return weekday_word(t[i].text);
}

}  // namespace

std::optional<DateHit> parse_relative_date_at(const Tokens& t, size_t i, const DateContext& ctx) {
  if (i >= t.size() || t[i].kind == TokenKind::Punct) return std::nullopt;
  const auto& ref = ctx.reference;
  const auto day_shift = [&](size_t last, long n) { return hit_at(i, last, date::sys_days{ref} + date::days{n}); };
  const std::string& w = t[i].text;

  if (w == "today" || w == "tonight") return day_shift(i + 1, 0);
  if (w == "this" && part_of_day(t, i + 1)) return day_shift(i + 2, 0);
  if (w == "yesterday" || w == "tomorrow") {
    const long n = w == "yesterday" ? -1 : 1;
    return day_shift(part_of_day(t, i + 1) ? i + 2 : i + 1, n);
  }
  if (w == "last" && word_is(t, i + 1, "night")) return day_shift(i + 2, -1);
  {
    size_t k = word_is(t, i, "the") ? i + 1 : i;
    if (word_is(t, k, "day") && (word_is(t, k + 1, "before") || word_is(t, k + 1, "after"))) {
      if (word_is(t, k + 1, "before") && word_is(t, k + 2, "yesterday")) return day_shift(k + 3, -2);
      if (word_is(t, k + 1, "after") && word_is(t, k + 2, "tomorrow")) return day_shift(k + 3, 2);
    }
  }
  // "in two weeks", "in a month's time", "within 30 days"
  if (w == "in" || w == "within") {
    size_t last = 0;
    if (auto n = count_at(t, i + 1, last, ctx)) {
      if (auto u = unit_at(t, last)) {
        size_t end = last + 1;
        if (word_is(t, end, "time")) ++end;
        return hit_at(i, end, shift(ref, *u, *n));
      }
    }
    if (word_is(t, i + 1, "a") && word_is(t, i + 2, "fortnight")) return hit_at(i, i + 3, shift(ref, Unit::Fortnight, 1));
  }
  // "next/last/this <weekday|week|month|year>"
  if (w == "next" || w == "coming" || w == "last" || w == "past" || w == "previous" || w == "this") {
    size_t k = i + 1;
    if (w == "this" && word_is(t, k, "coming")) ++k;
    const bool forward = w == "next" || w == "coming" || (w == "this" && k == i + 2);
    if (auto wd = weekday_at(t, k)) {
      if (w == "this" && k == i + 1) {
        const unsigned cur = date::weekday{date::sys_days{ref}}.iso_encoding();
        return day_shift(k + 1, (static_cast<long>(*wd) - static_cast<long>(cur) + 7) % 7);
      }
      return day_shift(k + 1, weekday_offset(ref, *wd, forward));
    }
    if (w != "this" && w != "coming") {
      if (auto u = unit_at(t, k); u && (t[k].text == "week" || t[k].text == "month" || t[k].text == "year"))
      {
        DateHit hit = hit_at(i, k + 1, shift(ref, *u, forward ? 1 : -1));
        hit.vague = t[k].text != "week";
        return hit;
      }
    }
  }
  // "<weekday> next week" / "<weekday> last week" / bare "<weekday>" (next occurrence)
  if (auto wd = weekday_at(t, i)) {
    if ((word_is(t, i + 1, "next") || word_is(t, i + 1, "last")) && word_is(t, i + 2, "week")) {
      const bool next = word_is(t, i + 1, "next");
      const unsigned cur = date::weekday{date::sys_days{ref}}.iso_encoding();
      const long monday_this_week = 1 - static_cast<long>(cur);
      return day_shift(i + 3, monday_this_week + (next ? 7 : -7) + static_cast<long>(*wd) - 1);
    }
    return day_shift(i + 1, weekday_offset(ref, *wd, !ctx.past_only));
  }
  // "a week today" (British: seven days from today)
  if ((w == "a" || w == "one") && unit_at(t, i + 1) == Unit::Week && (word_is(t, i + 2, "today") || word_is(t, i + 2, "tomorrow")))
    return day_shift(i + 3, word_is(t, i + 2, "today") ? 7 : 8);
  // "two days ago", "three weeks from today", "ten days later"
  size_t last = 0;
  if (auto n = count_at(t, i, last, ctx)) {
    if (auto u = unit_at(t, last)) {
      const size_t k = last + 1;
      if (word_is(t, k, "ago") || word_is(t, k, "back") || word_is(t, k, "earlier"))
        return hit_at(i, k + 1, shift(ref, *u, -*n));
      if ((word_is(t, k, "from") || word_is(t, k, "after")) &&
          (word_is(t, k + 1, "today") || word_is(t, k + 1, "now")))
        return hit_at(i, k + 2, shift(ref, *u, *n));
      if ((word_is(t, k, "from") || word_is(t, k, "after")) && word_is(t, k + 1, "tomorrow"))
        return hit_at(i, k + 2, date::sys_days{shift(ref, *u, *n)} + date::days{1});
      if (word_is(t, k, "before") && word_is(t, k + 1, "today")) return hit_at(i, k + 2, shift(ref, *u, -*n));
      if (word_is(t, k, "later") || word_is(t, k, "hence")) return hit_at(i, k + 1, shift(ref, *u, *n));
    }
  }
  return std::nullopt;
}

}  // namespace invox::normalize
