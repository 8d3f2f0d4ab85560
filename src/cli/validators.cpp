#include "cli/validators.hpp"

#include <charconv>

#include <fmt/format.h>

namespace invox::cli {

CLI::Validator at_least(long min) {
  return CLI::Validator(
      [min](std::string& value) -> std::string {
        long n = 0;
        const auto* end = value.data() + value.size();
        const auto [ptr, ec] = std::from_chars(value.data(), end, n);
        if (ec == std::errc() && ptr == end && n >= min) return {};
        return fmt::format("'{}': must be a whole number of at least {}", value, min);
      },
      fmt::format("N>={}", min));
}

}  // namespace invox::cli
