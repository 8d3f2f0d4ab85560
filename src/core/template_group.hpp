#pragma once
// Group fields of a template (DESIGN.md "Repeating groups"): the sub-field list and item bounds.
#include <string>

#include "invox/expected.hpp"
#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox::detail {

// Parses fields[index] of a template, or of the group `group_id` when it is not empty (messages
// then name the sub-field by its path, "vehicles.colour"). Defined in template.cpp.
[[nodiscard]] Expected<Field> parse_field(const Json& doc, size_t index, const std::string& origin,
                                          const std::string& group_id = {});

// Reads `fields`, `minItems` and `maxItems` into `field`: required on a group (a non-empty list of
// scalar sub-fields with ids unique within the group, 0 <= minItems <= maxItems), refused on any
// other type. `path` names the field in messages.
[[nodiscard]] Status parse_group_members(const Json& doc, Field& field, const std::string& origin,
                                         const std::string& path);

}  // namespace invox::detail
