#pragma once
// CF for `group` fields (DESIGN.md "Repeating groups"): a list of items, each sub-value in its
// type's normalized form. The item-tracking form is public: normalize_group_value (normalize.hpp).
#include "invox/normalize.hpp"

namespace invox::normalize {

// Normalizes a group value: a list of objects (one object alone is read as a one-item list).
// Every item names every sub-field (null where unsaid), each sub-value normalized by its own
// type; unknown keys are dropped; items with no sub-value set are dropped. A non-empty list whose
// items are all empty says nothing: null.
[[nodiscard]] NormalizeResult normalize_group(const Json& value, const Field& group, const NormalizeContext& ctx);

// Group equality for scoring and `changed`: null and [] are equal; otherwise the same number of
// items, each sub-value equal by its sub-field's rule, in order.
[[nodiscard]] bool group_values_match(const Json& expected, const Json& predicted, const Field& group);

}  // namespace invox::normalize
