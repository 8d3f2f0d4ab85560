// Absolute dates: numeric (ISO, 03/04/1992, 3.4.92), month-name forms with or without a year,
// and day-of-month forms ("Monday the 16th").
#include <fmt/format.h>

#include <array>
#include <cmath>

#include "core/lexicon_data.hpp"
#include "normalize/date_phrase.hpp"
#include "normalize/lexicon.hpp"
#include "normalize/reference_date.hpp"
#include "normalize/units.hpp"
#include "util/strings.hpp"

namespace invox::normalize {

namespace {

using date::year_month_day;

size_t skip_comma(const Tokens& t, size_t i) { return i < t.size() && t[i].is_punct(",") ? i + 1 : i; }

// "March", "Monday": a calendar name from the lexicon, capitalized for issue messages.
std::string capitalized(const lexicon::OrderedWords& names, size_t i) {
  std::string s = names.name(i);
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}
std::string month_name(unsigned m) { return capitalized(lexicon::lexicon_data().month_names, m - 1); }
std::string weekday_name(unsigned iso) { return capitalized(lexicon::lexicon_data().weekday_names, iso - 1); }

struct DayParse {
  unsigned day = 0;
  size_t last = 0;
  bool ordinal = false;
};


std::optional<DayParse> parse_day(const Tokens& t, size_t i) {
  if (i >= t.size()) return std::nullopt;
  const Token& tok = t[i];
  if (tok.kind == TokenKind::Number) {
    std::string_view s = tok.text;
    bool ordinal = false;
    if (s.size() > 2 && !util::all_digits(s.substr(s.size() - 2))) {
      s.remove_suffix(2);
      ordinal = true;
    }
    if (!util::all_digits(s) || s.size() > 2) return std::nullopt;
    const unsigned d = static_cast<unsigned>(std::stoi(std::string(s)));
    if (d < 1 || d > 31) return std::nullopt;
    return DayParse{d, i + 1, ordinal};
  }
  if (tok.kind != TokenKind::Word) return std::nullopt;
  if (auto tens = tens_word(tok.text); tens && *tens <= 30) {
    const size_t k = skip_number_joiner(t, i + 1);
    if (k < t.size() && t[k].kind == TokenKind::Word) {
      if (auto o = ordinal_word(t[k].text); o && *o < 10 && *tens + *o <= 31)
        return DayParse{static_cast<unsigned>(*tens + *o), k + 1, true};
      if (auto d = digit_word(t[k].text); d && *d > 0 && *tens + *d <= 31)
        return DayParse{static_cast<unsigned>(*tens + *d), k + 1, false};
    }
    return DayParse{static_cast<unsigned>(*tens), i + 1, false};
  }
  if (auto o = ordinal_word(tok.text); o && *o <= 31) return DayParse{static_cast<unsigned>(*o), i + 1, true};
  if (auto d = digit_word(tok.text); d && *d > 0) return DayParse{static_cast<unsigned>(*d), i + 1, false};
  if (auto teen = teen_word(tok.text)) return DayParse{static_cast<unsigned>(*teen), i + 1, false};
  return std::nullopt;
}

// "the third-floor sounder", "the first-time buyer": an ordinal joined by a hyphen to the word
// after it ranks that thing; it is no day of the month.
bool hyphened_to_next(const Tokens& t, size_t k) {
  return k + 1 < t.size() && t[k].is_punct("-") && !t[k].space_before && t[k + 1].kind == TokenKind::Word &&
         !t[k + 1].space_before;
}

struct YearParse {
  int year = 0;
  size_t last = 0;
  bool full = false;  // said in full ("2027", "twenty twenty-seven"), not as two digits
};

std::optional<YearParse> parse_year(const Tokens& t, size_t i, const DateContext& ctx) {
  if (i >= t.size()) return std::nullopt;
  const Token& tok = t[i];
  if (tok.kind == TokenKind::Number) {
    if (tok.text.size() == 3 && tok.text[0] == '\'' && util::all_digits(tok.text.substr(1)))
      return YearParse{resolve_two_digit_year(std::stoi(tok.text.substr(1)), ctx), i + 1};
    if (tok.text.size() == 4 && util::all_digits(tok.text)) {
      const int y = std::stoi(tok.text);
      if (y >= 1000 && y <= 2999) return YearParse{y, i + 1, true};
    }
    return std::nullopt;
  }
  if (tok.kind != TokenKind::Word) return std::nullopt;
  // "two thousand [and] six"
  if (tok.is_word("two") && word_is(t, i + 1, "thousand")) {
    size_t k = i + 2;
    const size_t after_and = word_is(t, k, "and") ? k + 1 : k;
    size_t last = 0;
    if (auto small = parse_small_cardinal(t, after_and, last); small && *small > 0)
      return YearParse{2000 + *small, last, true};
    return YearParse{2000, k, true};
  }
  size_t last = 0;
  if (auto hi = parse_two_digit_group(t, i, last, false)) {
    if (*hi >= 10 && *hi <= 29) {
      size_t last2 = 0;
      // "nineteen ninety two", "twenty twenty six", "nineteen oh five"
      if (auto lo = parse_two_digit_group(t, last, last2, true)) return YearParse{*hi * 100 + *lo, last2, true};
      if (word_is(t, last, "hundred")) {  // "nineteen hundred [and five]"
        size_t k = last + 1;
        const size_t after_and = word_is(t, k, "and") ? k + 1 : k;
        size_t last3 = 0;
        if (auto small = parse_small_cardinal(t, after_and, last3); small && *small > 0)
          return YearParse{*hi * 100 + *small, last3, true};
        return YearParse{*hi * 100, k, true};
      }
    }
    // A spoken two-digit year needs two words ("ninety two", "oh five"): a lone "thirty" after
    // a date is more often a count than a year.
    // One followed by a unit is an amount: "March third, forty-six dollars".
    if ((last >= i + 2 || (*hi % 10 != 0 && *hi > 20)) && !match_unit_at(t, last, nullptr))
      return YearParse{resolve_two_digit_year(*hi, ctx), last};
  }
  if (auto oh = parse_two_digit_group(t, i, last, true); oh && spoken_zero(tok.text))
    return YearParse{resolve_two_digit_year(*oh, ctx), last};
  return std::nullopt;
}

long days_between(const year_month_day& a, const year_month_day& b) {
  return (date::sys_days{a} - date::sys_days{b}).count();
}

// Picks the candidate nearest the reference (later on ties), honouring past_only and a
// stated weekday; `mismatch` reports that no candidate falls on the stated weekday.
std::optional<year_month_day> pick(const std::vector<year_month_day>& cands, std::optional<unsigned> weekday,
                                   const DateContext& ctx, bool& mismatch) {
  mismatch = false;
  std::vector<year_month_day> pool;
  for (const auto& c : cands)
    if (c.ok() && (!ctx.past_only || date::sys_days{c} <= date::sys_days{ctx.reference})) pool.push_back(c);
  // A field's tense: keep the readings on its side of the reference date when there are any.
  if (ctx.ahead && !weekday) {
    std::vector<year_month_day> side;
    for (const auto& c : pool)
      if (*ctx.ahead ? date::sys_days{c} >= date::sys_days{ctx.reference} : date::sys_days{c} <= date::sys_days{ctx.reference})
        side.push_back(c);
    if (!side.empty()) pool = side;
  }
  if (weekday) {
    std::vector<year_month_day> on_day;
    for (const auto& c : pool)
      if (date::weekday{date::sys_days{c}}.iso_encoding() == *weekday) on_day.push_back(c);
    if (on_day.empty()) mismatch = !pool.empty();
    else pool = on_day;
  }
  std::optional<year_month_day> best;
  for (const auto& c : pool) {
    if (!best) {
      best = c;
      continue;
    }
    const long dc = std::labs(days_between(c, ctx.reference)), db = std::labs(days_between(*best, ctx.reference));
    if (dc < db || (dc == db && date::sys_days{c} > date::sys_days{*best})) best = c;
  }
  return best;
}

std::string describe_md(unsigned m, unsigned d) { return fmt::format("{} {}", month_name(m), d); }

DateHit build(size_t first, size_t last, std::optional<int> year, unsigned month, unsigned day,
              std::optional<unsigned> weekday, const DateContext& ctx) {
  DateHit hit;
  hit.first = first;
  hit.last = last;
  if (month < 1 || month > 12) {
    hit.problem = IssueType::Invalid;
    hit.detail = fmt::format("month {} does not exist", month);
    return hit;
  }
  if (year) {
    const year_month_day ymd{date::year{*year}, date::month{month}, date::day{day}};
    if (!ymd.ok()) {
      hit.problem = IssueType::Invalid;
      hit.detail = fmt::format("{}, {} is not a calendar date", describe_md(month, day), *year);
      return hit;
    }
    if (weekday && date::weekday{date::sys_days{ymd}}.iso_encoding() != *weekday) {
      hit.problem = IssueType::Ambiguous;
      hit.detail = fmt::format("{} is a {}, not a {}", format_date(ymd),
                               weekday_name(date::weekday{date::sys_days{ymd}}.iso_encoding()),
                               weekday_name(*weekday));
      return hit;
    }
    hit.date = ymd;
    return hit;
  }
  const int ry = static_cast<int>(ctx.reference.year());
  std::vector<year_month_day> cands;
  for (int y = ry - 1; y <= ry + 1; ++y) cands.push_back({date::year{y}, date::month{month}, date::day{day}});
  bool mismatch = false;
  hit.date = pick(cands, weekday, ctx, mismatch);
  if (!hit.date) {
    hit.problem = IssueType::Invalid;
    hit.detail = fmt::format("{} is not a calendar date near {}", describe_md(month, day), format_date(ctx.reference));
  } else if (mismatch) {
    hit.problem = IssueType::Ambiguous;
    hit.detail = fmt::format("{} is not a {}", format_date(*hit.date), weekday_name(*weekday));
    hit.date.reset();
  }
  return hit;
}

// "the 16th" / "Monday the 16th": the nearest month (previous, this, next) with that day.
DateHit build_day_only(size_t first, size_t last, unsigned day, std::optional<unsigned> weekday, const DateContext& ctx) {
  DateHit hit;
  hit.first = first;
  hit.last = last;
  const date::year_month ref_ym{ctx.reference.year(), ctx.reference.month()};
  std::vector<year_month_day> cands;
  for (int delta = -1; delta <= 1; ++delta) {
    const auto ym = ref_ym + date::months{delta};
    cands.push_back({ym.year(), ym.month(), date::day{day}});
  }
  bool mismatch = false;
  hit.date = pick(cands, weekday, ctx, mismatch);
  if (!hit.date || mismatch) {
    hit.problem = mismatch ? IssueType::Ambiguous : IssueType::Invalid;
    hit.detail = mismatch ? fmt::format("no {} the {} near {}", weekday_name(*weekday), day, format_date(ctx.reference))
                          : fmt::format("day {} does not exist near {}", day, format_date(ctx.reference));
    hit.date.reset();
  }
  return hit;
}

std::optional<DateHit> parse_numeric_date(const Token& tok, size_t i, std::optional<unsigned> weekday, size_t first,
                                          const DateContext& ctx) {
  if (tok.kind != TokenKind::Number) return std::nullopt;
  char sep = 0;
  for (char c : tok.text) {
    if (c == '/' || c == '-' || c == '.') {
      if (sep && sep != c) return std::nullopt;
      sep = c;
    } else if (c < '0' || c > '9') {
      return std::nullopt;
    }
  }
  if (!sep) return std::nullopt;
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t p = 0; p <= tok.text.size(); ++p) {
    if (p == tok.text.size() || tok.text[p] == sep) {
      parts.push_back(tok.text.substr(start, p - start));
      start = p + 1;
    }
  }
  for (const auto& p : parts)
    if (p.empty()) return std::nullopt;
  std::optional<int> year;
  int a = 0, b = 0;
  if (parts.size() == 3 && parts[0].size() == 4) {  // ISO order, whatever the locale
    if (parts[1].size() > 2 || parts[2].size() > 2) return std::nullopt;
    return build(first, i + 1, std::stoi(parts[0]), static_cast<unsigned>(std::stoi(parts[1])),
                 static_cast<unsigned>(std::stoi(parts[2])), weekday, ctx);
  }
  if (parts.size() == 3) {
    if (parts[0].size() > 2 || parts[1].size() > 2) return std::nullopt;
    if (parts[2].size() == 4) year = std::stoi(parts[2]);
    else if (parts[2].size() == 2) year = resolve_two_digit_year(std::stoi(parts[2]), ctx);
    else return std::nullopt;
  } else if (parts.size() == 2 && sep == '/') {
    if (parts[0].size() > 2 || parts[1].size() > 2) return std::nullopt;
  } else {
    return std::nullopt;
  }
  a = std::stoi(parts[0]);
  b = std::stoi(parts[1]);
  unsigned month = 0, day = 0;
  if (a > 12 && b <= 12) {
    day = static_cast<unsigned>(a), month = static_cast<unsigned>(b);
  } else if (b > 12 && a <= 12) {
    month = static_cast<unsigned>(a), day = static_cast<unsigned>(b);
  } else if (a == b) {
    month = day = static_cast<unsigned>(a);
  } else if (a > 12 && b > 12) {
    DateHit hit{std::nullopt, first, i + 1, false, IssueType::Invalid, fmt::format("{} is not a date", tok.text)};
    return hit;
  } else if (ctx.order == DateOrder::MDY) {
    month = static_cast<unsigned>(a), day = static_cast<unsigned>(b);
  } else if (ctx.order == DateOrder::DMY) {
    day = static_cast<unsigned>(a), month = static_cast<unsigned>(b);
  } else {
    DateHit hit{std::nullopt, first, i + 1, false, IssueType::Ambiguous,
                fmt::format("{} could be {} or {}; the locale does not decide the order", tok.text,
                            describe_md(static_cast<unsigned>(a), static_cast<unsigned>(b)),
                            describe_md(static_cast<unsigned>(b), static_cast<unsigned>(a)))};
    return hit;
  }
  if (day < 1 || day > 31 || month < 1) return DateHit{std::nullopt, first, i + 1, false, IssueType::Invalid,
                                                       fmt::format("{} is not a date", tok.text)};
  return build(first, i + 1, year, month, day, weekday, ctx);
}

// A month name, with an abbreviation's glued period ("Mar.") consumed.
std::optional<unsigned> month_at(const Tokens& t, size_t i, size_t& last) {
  if (i >= t.size() || t[i].kind != TokenKind::Word) return std::nullopt;
  auto m = month_word(t[i].text);
  if (!m) return std::nullopt;
  last = i + 1;
  if (t[i].text.size() <= 4 && last < t.size() && t[last].is_punct(".") && !t[last].space_before) ++last;
  return m;
}

// Year after a day/month, optionally after a comma; returns the year and its end.
std::optional<YearParse> trailing_year(const Tokens& t, size_t k, const DateContext& ctx) {
  const size_t after_comma = skip_comma(t, k);
  return parse_year(t, after_comma, ctx);
}

// "Date of birth? - Seventeen, four, eighty-seven": a birth date said as three spoken numbers
// is read like 17/4/87, in the locale's order. Only for birth dates, which people say so; three
// numbers in a row are more often other things.
std::optional<DateHit> spoken_numeric_date(const Tokens& t, size_t j, std::optional<unsigned> weekday, size_t first,
                                           const DateContext& ctx) {
  constexpr int kMaxDay = 31;
  if (!ctx.past_only || j >= t.size() || t[j].kind != TokenKind::Word) return std::nullopt;
  size_t a_last = 0, b_last = 0;
  auto a = parse_small_cardinal(t, j, a_last);
  if (!a || *a < 1 || *a > kMaxDay) return std::nullopt;
  const size_t k = skip_comma(t, a_last);
  if (k >= t.size() || t[k].kind != TokenKind::Word) return std::nullopt;
  auto b = parse_small_cardinal(t, k, b_last);
  if (!b || *b < 1 || *b > kMaxDay) return std::nullopt;
  auto y = parse_year(t, skip_comma(t, b_last), ctx);
  if (!y) return std::nullopt;
  Token written = t[j];
  written.kind = TokenKind::Number;
  written.text = fmt::format("{}/{}/{}", *a, *b, y->year);
  return parse_numeric_date(written, y->last - 1, weekday, first, ctx);
}

}  // namespace

int resolve_two_digit_year(int yy, const DateContext& ctx) {
  const int ry = static_cast<int>(ctx.reference.year());
  const int century = ry - ry % 100;
  int y = century + yy;
  if (ctx.past_only) {
    if (y > ry) y -= 100;
    return y;
  }
  if (y > ry + 10) y -= 100;
  else if (y <= ry - 90) y += 100;
  return y;
}

std::optional<DateHit> parse_absolute_date_at(const Tokens& t, size_t i, const DateContext& ctx) {
  if (i >= t.size()) return std::nullopt;
  size_t j = i;
  std::optional<unsigned> weekday;
  if (t[j].kind == TokenKind::Word) {
    if (auto wd = weekday_word(t[j].text)) {
      weekday = wd;
      j = skip_comma(t, j + 1);
    }
  }
  if (j < t.size()) {
    if (auto hit = parse_numeric_date(t[j], j, weekday, i, ctx)) return hit;
  }
  if (auto hit = spoken_numeric_date(t, j, weekday, i, ctx)) return hit;
  // [the] DAY [of] MONTH [,] [YEAR]  /  [the] DAY (day of the month only)
  {
    size_t k = j;
    const bool the = word_is(t, k, "the");
    if (the) ++k;
    if (auto day = parse_day(t, k)) {
      size_t m_at = day->last;
      if (word_is(t, m_at, "of")) ++m_at;
      size_t m_last = 0;
      if (auto month = month_at(t, m_at, m_last)) {
        if (auto y = trailing_year(t, m_last, ctx)) return build(i, y->last, y->year, *month, day->day, weekday, ctx);
        return build(i, m_last, std::nullopt, *month, day->day, weekday, ctx);
      }
      // "the third of next month", "the 28th of this month"
      if (m_at > day->last && word_is(t, m_at + 1, "month")) {
        std::optional<int> delta;
        if (word_is(t, m_at, "next") || word_is(t, m_at, "following")) delta = 1;
        else if (word_is(t, m_at, "this") || word_is(t, m_at, "current")) delta = 0;
        else if (word_is(t, m_at, "last") || word_is(t, m_at, "previous")) delta = -1;
        if (delta) {
          const auto ym = date::year_month{ctx.reference.year(), ctx.reference.month()} + date::months{*delta};
          return build(i, m_at + 2, static_cast<int>(ym.year()), static_cast<unsigned>(ym.month()), day->day, weekday,
                       ctx);
        }
      }
      if ((weekday && (day->ordinal || the)) || (the && day->ordinal && !hyphened_to_next(t, day->last)))
        return build_day_only(i, day->last, day->day, weekday, ctx);
    }
  }
  // MONTH [the] DAY [,] [YEAR]
  size_t m_last = 0;
  if (auto month = month_at(t, j, m_last)) {
    // MONTH YEAR, on the day the field's guidelines name ("june twenty twenty-seven" is no
    // June 20th when a month and year are what such a field is given).
    if (ctx.month_only_last_day) {
      if (auto y = trailing_year(t, m_last, ctx); y && y->full) {
        const date::year_month_day_last last_day{date::year{y->year}, date::month_day_last{date::month{*month}}};
        const unsigned day = *ctx.month_only_last_day ? static_cast<unsigned>(last_day.day()) : 1u;
        return build(i, y->last, y->year, *month, day, weekday, ctx);
      }
    }
    size_t k = m_last;
    if (word_is(t, k, "the")) ++k;
    if (auto day = parse_day(t, k)) {
      if (auto y = trailing_year(t, day->last, ctx)) return build(i, y->last, y->year, *month, day->day, weekday, ctx);
      return build(i, day->last, std::nullopt, *month, day->day, weekday, ctx);
    }
  }
  // A full year alone ("since twenty nineteen"), on the day the field's guidelines name; not
  // one that counts the word after it ("twenty nineteen customers").
  if (ctx.year_only_first_day)
    if (auto y = parse_year(t, j, ctx);
        y && y->full &&
        (y->last >= t.size() || t[y->last].kind != TokenKind::Word ||
         lexicon::lexicon_data().stopwords.contains(t[y->last].text)))
      return build(i, y->last, y->year, 1, 1, weekday, ctx);
  return std::nullopt;
}

}  // namespace invox::normalize
