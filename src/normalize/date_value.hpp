#pragma once
// Date fields: any date phrase to "YYYY-MM-DD".
#include <optional>

#include "normalize/common.hpp"
#include "normalize/date_phrase.hpp"

namespace invox::normalize {

[[nodiscard]] std::optional<TokenParse> parse_date_field_at(const Tokens& tokens, size_t i, const Field& field,
                                                            const NormalizeContext& ctx);
// The same with the field's date context made once (make_date_context), for a search that parses
// at many places of one text.
[[nodiscard]] std::optional<TokenParse> parse_date_field_at(const Tokens& tokens, size_t i, const Field& field,
                                                            const Expected<DateContext>& dc);
[[nodiscard]] NormalizeResult normalize_date(const Json& value, const Field& field, const NormalizeContext& ctx);

}  // namespace invox::normalize
