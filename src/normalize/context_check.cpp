#include "invox/normalize.hpp"

#include <cctype>
#include <optional>
#include <string>

#include <date/date.h>
#include <date/tz.h>
#include <fmt/format.h>

#include "normalize/locale_codes.hpp"

namespace invox {

namespace {

bool all_of(std::string_view s, int (*pred)(int)) {
  for (char c : s) {
    if (!pred(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool valid_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  if (!all_of(s.substr(0, 4), isdigit) || !all_of(s.substr(5, 2), isdigit) || !all_of(s.substr(8, 2), isdigit)) {
    return false;
  }
  const int y = std::stoi(std::string(s.substr(0, 4)));
  const unsigned m = static_cast<unsigned>(std::stoi(std::string(s.substr(5, 2))));
  const unsigned d = static_cast<unsigned>(std::stoi(std::string(s.substr(8, 2))));
  return date::year_month_day{date::year{y}, date::month{m}, date::day{d}}.ok();
}

// language[-REGION...]: 2-3 letters, then subtags of 2-8 letters/digits, '-' or '_'.
bool valid_locale(std::string_view s) {
  size_t start = 0;
  bool first = true;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != '-' && s[i] != '_') continue;
    const std::string_view part = s.substr(start, i - start);
    if (first) {
      if (part.size() < 2 || part.size() > 3 || !all_of(part, isalpha)) return false;
      first = false;
    } else if (part.size() < 2 || part.size() > 8 || !all_of(part, isalnum)) {
      return false;
    }
    start = i + 1;
  }
  return !first;
}

// The shape is right but a two-letter language or region is not a registered code ("xx-YY"):
// dates and numbers would silently be read with defaults.
std::optional<std::string> unregistered_subtag(std::string_view locale) {
  const size_t sep = locale.find_first_of("-_");
  std::string lang(locale.substr(0, sep));
  for (char& ch : lang) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (lang.size() == 2 && !is_iso639_1_language(lang)) {
    return fmt::format("'{}' is not an ISO 639 language code", locale.substr(0, sep));
  }
  if (sep == std::string_view::npos) return std::nullopt;
  const std::string_view rest = locale.substr(sep + 1);
  std::string region(rest.substr(0, rest.find_first_of("-_")));
  for (char& ch : region) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (region.size() == 2 && !is_iso3166_region(region)) {
    return fmt::format("'{}' is not an ISO 3166 region code", rest.substr(0, rest.find_first_of("-_")));
  }
  return std::nullopt;
}

}  // namespace

Status validate_context(const NormalizeContext& c) {
  if (!c.reference_date.empty() && !valid_date(c.reference_date)) {
    return Error::config(fmt::format("--reference-date '{}' is not a calendar date of the form YYYY-MM-DD",
                                     c.reference_date));
  }
  try {
    (void)date::locate_zone(c.timezone);
  } catch (const std::exception&) {
    return Error::config(fmt::format("--timezone '{}' is not a known IANA time zone (e.g. Europe/Berlin, "
                                     "America/New_York, UTC)", c.timezone));
  }
  if (!valid_locale(c.locale)) {
    return Error::config(fmt::format("--locale '{}' is not a locale tag such as en-US, en-GB or de-DE", c.locale));
  }
  if (auto problem = unregistered_subtag(c.locale)) {
    return Error::config(fmt::format("--locale '{}': {} (e.g. en-US, en-GB, de-DE)", c.locale, *problem));
  }
  return ok();
}

}  // namespace invox
