#include "util/time_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ctime>

namespace invox::util {

namespace {
// gmtime_r, not fmt's time_point formatter: fmt 9 formats a system_clock time in local time.
std::string utc_seconds(std::chrono::system_clock::time_point t) {
  const std::time_t secs = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  ::gmtime_r(&secs, &tm);
  char buf[32];
  const size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  return std::string(buf, n);
}
}  // namespace

std::string utc_iso8601(std::chrono::system_clock::time_point t) {
  return utc_seconds(std::chrono::floor<std::chrono::seconds>(t)) + "Z";
}

std::string utc_iso8601_ms(std::chrono::system_clock::time_point t) {
  const auto secs = std::chrono::floor<std::chrono::seconds>(t);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t - secs).count();
  return fmt::format("{}.{:03}Z", utc_seconds(secs), ms);
}

std::string utc_now_iso8601() { return utc_iso8601(std::chrono::system_clock::now()); }

std::string format_duration(double seconds) {
  const long t = std::lround(std::max(0.0, seconds));
  if (t >= 3600) return fmt::format("{}h{:02}m", t / 3600, (t % 3600) / 60);
  if (t >= 60) return fmt::format("{}m{:02}s", t / 60, t % 60);
  return fmt::format("{}s", t);
}

}  // namespace invox::util
