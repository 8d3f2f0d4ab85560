// util/time_format: the one UTC ISO 8601 formatter (summary.json, history rows, HTML report, logs).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <ctime>
#include <regex>
#include <string>

#include "util/time_format.hpp"

using namespace std::chrono;

namespace {
// 2026-03-14T09:30:00Z
const system_clock::time_point kPi = system_clock::time_point(seconds(1773480600));

// Sets TZ for the scope of a test, so a formatter that used local time would show it.
class ZoneGuard {
 public:
  explicit ZoneGuard(const char* zone) {
    if (const char* old = std::getenv("TZ")) old_ = old;
    had_ = std::getenv("TZ") != nullptr;
    ::setenv("TZ", zone, 1);
    ::tzset();
  }
  ~ZoneGuard() {
    if (had_) ::setenv("TZ", old_.c_str(), 1);
    else ::unsetenv("TZ");
    ::tzset();
  }

 private:
  std::string old_;
  bool had_ = false;
};
}  // namespace

TEST_CASE("timestamps are UTC ISO 8601 whatever the local time zone", "[util][time]") {
  ZoneGuard tokyo("Asia/Tokyo");
  CHECK(invox::util::utc_iso8601(kPi) == "2026-03-14T09:30:00Z");
  CHECK(invox::util::utc_iso8601(kPi + milliseconds(999)) == "2026-03-14T09:30:00Z");
  CHECK(invox::util::utc_iso8601_ms(kPi + milliseconds(7)) == "2026-03-14T09:30:00.007Z");
  CHECK(invox::util::utc_iso8601_ms(kPi + milliseconds(1999)) == "2026-03-14T09:30:01.999Z");
}

TEST_CASE("the current time is formatted the same way", "[util][time]") {
  const std::string now = invox::util::utc_now_iso8601();
  CHECK(std::regex_match(now, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
  const auto before = invox::util::utc_iso8601(system_clock::now() - seconds(5));
  CHECK(before <= now);  // ISO 8601 in UTC sorts as text
}
