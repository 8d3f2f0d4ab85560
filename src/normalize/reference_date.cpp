#include "normalize/reference_date.hpp"

#include <date/tz.h>
#include <fmt/format.h>

#include <charconv>

namespace invox::normalize {

namespace {

std::optional<int> read_int(std::string_view s, size_t pos, size_t len) {
  if (pos + len > s.size()) return std::nullopt;
  int v = 0;
  for (size_t i = pos; i < pos + len; ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

Expected<const date::time_zone*> zone(const std::string& name) {
  try {
    return date::locate_zone(name.empty() ? std::string("UTC") : name);
  } catch (const std::exception&) {
    return Error::input(fmt::format("unknown time zone '{}' (use an IANA name such as Europe/Berlin)", name));
  }
}

Expected<date::year_month_day> local_day(std::chrono::system_clock::time_point tp, const std::string& tz_name) {
  auto tz = zone(tz_name);
  if (!tz) return tz.error();
  const auto local = (*tz)->to_local(std::chrono::time_point_cast<std::chrono::seconds>(tp));
  return date::year_month_day{date::floor<date::days>(local)};
}

}  // namespace

std::optional<date::year_month_day> parse_iso_date(std::string_view s) {
  if (s.size() < 10 || s[4] != '-' || s[7] != '-') return std::nullopt;
  auto y = read_int(s, 0, 4), m = read_int(s, 5, 2), d = read_int(s, 8, 2);
  if (!y || !m || !d) return std::nullopt;
  date::year_month_day ymd{date::year{*y}, date::month{static_cast<unsigned>(*m)}, date::day{static_cast<unsigned>(*d)}};
  if (!ymd.ok()) return std::nullopt;
  return ymd;
}

std::string format_date(const date::year_month_day& ymd) {
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                     static_cast<unsigned>(ymd.day()));
}

Expected<date::year_month_day> reference_day(const NormalizeContext& ctx) {
  const std::string& r = ctx.reference_date;
  if (r.empty()) return local_day(ctx.now.value_or(std::chrono::system_clock::now()), ctx.timezone);
  auto day = parse_iso_date(r);
  if (!day) return Error::input(fmt::format("reference date '{}' is not YYYY-MM-DD", r));
  if (r.size() == 10) return *day;
  if (r[10] != 'T' && r[10] != ' ') return Error::input(fmt::format("reference date '{}' is not YYYY-MM-DD", r));
  auto hh = read_int(r, 11, 2), mm = read_int(r, 14, 2);
  if (!hh || !mm || r.size() < 16 || r[13] != ':' || *hh > 23 || *mm > 59)
    return Error::input(fmt::format("reference time in '{}' is not HH:MM", r));
  size_t pos = 16;
  int ss = 0;
  if (pos < r.size() && r[pos] == ':') {
    auto s = read_int(r, pos + 1, 2);
    if (!s) return Error::input(fmt::format("reference time in '{}' has bad seconds", r));
    ss = *s;
    pos += 3;
    while (pos < r.size() && (r[pos] == '.' || (r[pos] >= '0' && r[pos] <= '9'))) ++pos;  // fractions ignored
  }
  if (pos == r.size()) return *day;  // a local time: its date is the reference date
  int offset_min = 0;
  if (r[pos] == 'Z' && pos + 1 == r.size()) {
    offset_min = 0;
  } else if ((r[pos] == '+' || r[pos] == '-') && pos + 3 <= r.size()) {
    auto oh = read_int(r, pos + 1, 2);
    size_t mpos = pos + 3;
    if (mpos < r.size() && r[mpos] == ':') ++mpos;
    auto om = mpos < r.size() ? read_int(r, mpos, 2) : std::optional<int>(0);
    if (!oh || !om || (mpos < r.size() && mpos + 2 != r.size()))
      return Error::input(fmt::format("reference date '{}' has a malformed UTC offset", r));
    offset_min = (*oh * 60 + *om) * (r[pos] == '-' ? -1 : 1);
  } else {
    return Error::input(fmt::format("reference date '{}' has a malformed UTC offset", r));
  }
  const auto utc = date::sys_days{*day} + std::chrono::hours{*hh} + std::chrono::minutes{*mm} +
                   std::chrono::seconds{ss} - std::chrono::minutes{offset_min};
  return local_day(utc, ctx.timezone);
}

}  // namespace invox::normalize

namespace invox {

Expected<std::string> resolve_reference_date(const NormalizeContext& ctx) {
  auto day = normalize::reference_day(ctx);
  if (!day) return day.error();
  return normalize::format_date(*day);
}

}  // namespace invox
