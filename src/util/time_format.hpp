#pragma once
// Wall-clock timestamps as written in outputs (summary.json, history rows, reports, log lines):
// UTC, ISO 8601, "Z" suffix. The one home of this formatting, so every file agrees.
#include <chrono>
#include <string>

namespace invox::util {

// "2026-03-14T09:30:00Z" (whole seconds, UTC).
[[nodiscard]] std::string utc_iso8601(std::chrono::system_clock::time_point t);
// "2026-03-14T09:30:00.123Z" (milliseconds, UTC): log lines, where order within a second matters.
[[nodiscard]] std::string utc_iso8601_ms(std::chrono::system_clock::time_point t);
// utc_iso8601 of the current time.
[[nodiscard]] std::string utc_now_iso8601();
// A span for progress lines: "1h02m", "3m05s", "42s" (negative counts as 0).
[[nodiscard]] std::string format_duration(double seconds);

}  // namespace invox::util
