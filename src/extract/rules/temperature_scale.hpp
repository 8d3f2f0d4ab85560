#pragma once
// "thirty-eight degrees" for a walk-in cooler on a °C field (-5 to 25): a temperature said
// without its scale that is out of the field's range but in range on another scale was said on
// that scale (38 °F = 3.3 °C; a US vet's "a hundred and one point two" is 38.4 °C).
#include <optional>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The temperature read at token i (not past `end`) for field `f` with a range, when it is out of
// that range on the field's scale and converted from the other scale (one decimal) within it,
// with no scale word of the field's own unit ("celsius") said; nullopt otherwise.
[[nodiscard]] std::optional<FieldCandidate> read_other_scale(const Scan& s, size_t i, size_t end, const Field& f);

}  // namespace invox::rules
