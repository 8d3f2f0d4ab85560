#pragma once
// Cross-field constraints of a template ({"left", "op", "right", "message"}).
#include <string>

#include "invox/expected.hpp"
#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox::detail {

// Parses constraints[index] of a template whose fields are already parsed: both sides must
// name fields of `tmpl`, the operator must be one of < <= > >= == != and the two fields must
// be comparable (the same type; ordering only for number, date and time).
[[nodiscard]] Expected<Constraint> parse_constraint(const Json& doc, size_t index, const Template& tmpl,
                                                    const std::string& origin);

}  // namespace invox::detail
