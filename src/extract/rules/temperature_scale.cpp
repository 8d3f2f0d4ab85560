#include "extract/rules/temperature_scale.hpp"

#include <cmath>

#include "extract/rules/count_readings.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
constexpr double kTenths = 10.0;  // converted readings keep one decimal, as CF's conversions do

// A strong word of the unit ("celsius", not the shared "degrees") is said in [first, last).
bool scale_said(const Scan& s, const FieldCandidate& c, const lexicon::UnitEntry& unit) {
  for (size_t i = c.first; i < c.last && i < s.size(); ++i)
    for (const auto& w : unit.words)
      if (w.find(' ') == std::string::npos && s.tok(i).norm == w) return true;
  return false;
}
}  // namespace

std::optional<Json> other_scale(const Scan& s, const FieldCandidate& c, const Field& f) {
  const lexicon::UnitEntry* own = words().unit_for_symbol(f.unit);
  if (!own || own->dimension != "temperature" || !c.value.is_number() || scale_said(s, c, *own)) return std::nullopt;
  const double v = c.value.get<double>();
  for (const auto& other : words().units) {
    if (other.dimension != own->dimension || other.id == own->id || scale_said(s, c, other)) continue;
    const double base = v * other.factor + other.offset;
    const double converted = std::round((base - own->offset) / own->factor * kTenths) / kTenths;
    if (within_range(Json(converted), f)) return Json(converted);
  }
  return std::nullopt;
}

}  // namespace invox::rules
