#pragma once
// Time fields: any clock phrase to "HH:MM" (24 h).
#include <optional>

#include "normalize/common.hpp"

namespace invox::normalize {

[[nodiscard]] std::optional<TokenParse> parse_time_field_at(const Tokens& tokens, size_t i, const Field& field);
[[nodiscard]] NormalizeResult normalize_time(const Json& value, const Field& field);

}  // namespace invox::normalize
