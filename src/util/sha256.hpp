#pragma once
// SHA-256 (FIPS 180-4) for cache keys and settings fingerprints; no crypto library is linked for this alone.
#include <string>
#include <string_view>

namespace invox::util {

// Lower-case hex digest of `data`.
[[nodiscard]] std::string sha256_hex(std::string_view data);

}  // namespace invox::util
