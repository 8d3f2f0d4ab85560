#pragma once
// How a failed input's report says that the run's configuration is at fault (a rejected key, a
// model the provider does not serve): every other input would fail alike, so the batch stops
// starting inputs and exits 2 (DESIGN.md "Models and configuration").
#include <string>
#include <string_view>

namespace invox {

inline constexpr std::string_view kConfigFailurePrefix = "configuration error: ";

// The report.error of an input failed by a configuration error.
[[nodiscard]] inline std::string config_failure(std::string_view message) {
  return std::string(kConfigFailurePrefix) + std::string(message);
}

[[nodiscard]] inline bool is_config_failure(std::string_view report_error) {
  return report_error.starts_with(kConfigFailurePrefix);
}

}  // namespace invox
