#pragma once
// Validates the request context flags (--reference-date, --timezone, --locale) up front, so a
// typo is a usage error instead of a silently wrong date in every output.
#include "invox/expected.hpp"
#include "invox/normalize.hpp"

namespace invox {

// reference_date: empty or a real calendar date YYYY-MM-DD; timezone: an IANA name known to
// the system tz database; locale: a BCP 47 style tag such as en-US, de-DE or en.
[[nodiscard]] Status validate_context(const NormalizeContext& context);

}  // namespace invox
