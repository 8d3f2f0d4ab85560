#pragma once
// The calendar date relative dates count from: the context's reference date, or "now" in
// the context's IANA time zone (howardhinnant date-tz), so "today" at 23:30 UTC is already
// tomorrow in Berlin but still today in New York.
#include <date/date.h>

#include "invox/expected.hpp"
#include "invox/normalize.hpp"

namespace invox::normalize {

// Accepts "YYYY-MM-DD", a local "YYYY-MM-DDTHH:MM[:SS]" (its date), or an instant with "Z" or
// an offset ("2026-03-14T23:30:00Z", "...+01:00"), which is converted into `timezone`.
[[nodiscard]] Expected<date::year_month_day> reference_day(const NormalizeContext& ctx);

// Parses a strict "YYYY-MM-DD" calendar date.
[[nodiscard]] std::optional<date::year_month_day> parse_iso_date(std::string_view s);

// "YYYY-MM-DD".
[[nodiscard]] std::string format_date(const date::year_month_day& ymd);

}  // namespace invox::normalize
