#pragma once
// Reading a group value (DESIGN.md "Repeating groups"): one home for how an item's sub-value is
// looked up, shared by CF, VER, form assembly and scoring.
#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox {

// The sub-value of one item of a group value for `sub`: null when the item is not an object or
// does not name the sub-field (an item normalized by CF names every sub-field).
[[nodiscard]] inline const Json& sub_value(const Json& item, const Field& sub) {
  static const Json kNull;
  if (!item.is_object()) return kNull;
  auto it = item.find(sub.id);
  return it == item.end() ? kNull : *it;
}

}  // namespace invox
