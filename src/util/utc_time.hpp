#pragma once
// The current time as ISO 8601 UTC ("2026-03-14T09:30:00Z"), for records people read.
#include <string>

namespace invox::util {

[[nodiscard]] std::string utc_timestamp();

}  // namespace invox::util
