#pragma once
// "thirty-eight degrees" for a walk-in cooler on a °C field (-5 to 25): a temperature said
// without its scale that is out of the field's range but in range on another scale was said on
// that scale (38 °F = 3.3 °C; a US vet's "a hundred and one point two" is 38.4 °C).
#include <optional>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The value of `c` (read for temperature field `f`) converted from the other scale, rounded to
// one decimal, when that puts it within the field's min and max and no scale word of the
// field's own unit ("celsius") is said with it; nullopt otherwise.
[[nodiscard]] std::optional<Json> other_scale(const Scan& s, const FieldCandidate& c, const Field& f);

}  // namespace invox::rules
