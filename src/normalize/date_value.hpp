#pragma once
// Date fields: any date phrase to "YYYY-MM-DD".
#include <optional>

#include "normalize/common.hpp"

namespace invox::normalize {

[[nodiscard]] std::optional<TokenParse> parse_date_field_at(const Tokens& tokens, size_t i, const Field& field,
                                                            const NormalizeContext& ctx);
[[nodiscard]] NormalizeResult normalize_date(const Json& value, const Field& field, const NormalizeContext& ctx);

}  // namespace invox::normalize
