#pragma once
// Units of measure for number fields: recognizing unit words after a number ("78 kilos",
// "38.5 degrees", "sixty two percent", "$2,150") and converting between units of the same
// dimension (pounds -> kg, °F -> °C, minutes -> hours). Currencies are never converted. The
// units, their words and factors are the lexicon's "units" group (src/core/lexicon.json).
#include <optional>
#include <string_view>

#include "normalize/tokenize.hpp"

namespace invox::normalize {

enum class Dimension { Mass, Length, Area, Temperature, Percent, Pressure, Duration, Rate, Volume, Power, Energy, Currency };

struct UnitInfo {
  std::string_view id;  // canonical symbol: "kg", "lb", "°C", "USD", ...
  Dimension dimension = Dimension::Mass;
  double factor = 1.0;  // value_in_base = value * factor + offset
  double offset = 0.0;
  bool any_of_dimension = false;  // "currency": any unit of the dimension, kept as said
};

// The unit a template declares ("kg", "°C", "breaths/min", "USD", "days"), or nullptr when the
// unit is not a known measure (then only its literal words are recognized after a number).
[[nodiscard]] const UnitInfo* unit_from_symbol(std::string_view symbol);

struct UnitMatch {
  const UnitInfo* unit = nullptr;
  size_t last = 0;  // token index after the unit words
};
// Longest unit phrase starting at token i. Short, ambiguous spellings ("in", "m", "h", "c")
// count only when `preferred` has the same dimension; one several units share ("degrees") is
// `preferred` itself.
[[nodiscard]] std::optional<UnitMatch> match_unit_at(const Tokens& tokens, size_t i, const UnitInfo* preferred);

// The smaller unit said after this one without its own word ("five foot ten": inches), or
// nullptr.
[[nodiscard]] const UnitInfo* smaller_unit(const UnitInfo& unit);
// Tokens of a word for a hundredth of `currency` at i ("cents", "pence"); 0 when there is none.
[[nodiscard]] size_t match_minor_at(const Tokens& tokens, size_t i, const UnitInfo& currency);

// Converts between units of one dimension; nullopt across dimensions or currencies.
[[nodiscard]] std::optional<double> convert_unit(double value, const UnitInfo& from, const UnitInfo& to);

}  // namespace invox::normalize
