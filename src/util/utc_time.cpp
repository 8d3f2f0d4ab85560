#include "util/utc_time.hpp"

#include <chrono>

#include <fmt/chrono.h>

namespace invox::util {

std::string utc_timestamp() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now()));
}

}  // namespace invox::util
