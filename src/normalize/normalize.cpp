// STUB (issue 3 replaces this file): passes values through unchanged.
#include "invox/normalize.hpp"

namespace invox {

NormalizeResult normalize_value_for_field(const Json& value, const Field&, const NormalizeContext&) {
  return NormalizeResult{value, std::nullopt};
}

std::optional<PrefixParse> parse_value_prefix(std::string_view, const Field&, const NormalizeContext&) {
  return std::nullopt;
}

bool values_match(const Json& expected, const Json& predicted, const Field&) { return expected == predicted; }

}  // namespace invox
