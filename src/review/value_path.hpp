#pragma once
// Where a value lives in a filled form: a field id ("dob") or, for repeating groups (DESIGN.md
// "Repeating groups"), a sub-value of one item ("medications[2].dose_mg", 0-based). Issues and
// `--apply` files name values this way.
#include <optional>
#include <string>
#include <string_view>

#include "invox/expected.hpp"

namespace invox::review {

struct ValuePath {
  std::string field;            // the template field id
  std::optional<size_t> index;  // item of a group field
  std::string sub;              // sub-field id inside that item

  [[nodiscard]] bool in_group() const { return index.has_value(); }
};

// Parses "field" or "field[i].sub"; anything else is an input error naming the text.
[[nodiscard]] Expected<ValuePath> parse_value_path(std::string_view text);
// The text form parse_value_path reads.
[[nodiscard]] std::string to_string(const ValuePath& path);

}  // namespace invox::review
