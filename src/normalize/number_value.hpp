#pragma once
// Number fields: the leading number of a phrase with its unit ("78 kilos", "150 lb" on a kg
// field -> 68.0, "$2,150", "thirty eight point five degrees"), min/max enforced.
#include <optional>

#include "normalize/common.hpp"

namespace invox::normalize {

// A number-field value starting at token i (after hedges such as "about"), unit words included.
[[nodiscard]] std::optional<TokenParse> parse_number_field_at(const Tokens& tokens, size_t i, const Field& field,
                                                              const NormalizeContext& ctx);
[[nodiscard]] NormalizeResult normalize_number(const Json& value, const Field& field, const NormalizeContext& ctx);

// Decimal places kept after a unit conversion (DESIGN: pounds -> kg rounded to one decimal).
inline constexpr int kConvertedDecimals = 1;

}  // namespace invox::normalize
