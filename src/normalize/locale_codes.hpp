#pragma once
// The registered codes a locale tag is checked against, so `--locale xx-YY` is refused instead
// of silently reading dates and numbers with defaults.
#include <string_view>

namespace invox {

// ISO 639-1 two-letter language code, lower case ("en", "de").
[[nodiscard]] bool is_iso639_1_language(std::string_view code);
// ISO 3166-1 alpha-2 region code, upper case ("US", "GB").
[[nodiscard]] bool is_iso3166_region(std::string_view code);

}  // namespace invox
