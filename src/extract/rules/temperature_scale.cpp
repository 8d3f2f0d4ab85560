#include "extract/rules/temperature_scale.hpp"

#include <cmath>

#include "extract/rules/count_readings.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
constexpr double kTenths = 10.0;  // converted readings keep one decimal, as CF's conversions do

// A strong word of the unit ("celsius", not the shared "degrees") is said with the value or in
// the two words after it ("forty-one degrees celsius" read before its unit cue).
bool scale_said(const Scan& s, const FieldCandidate& c, const lexicon::UnitEntry& unit) {
  constexpr size_t kUnitWords = 2;
  for (size_t i = c.first; i < c.last + kUnitWords && i < s.size(); ++i) {
    if (i > c.first && s.tok(i - 1).after == Break::Sentence) break;  // "... point two. - Fahrenheit?"
    for (const auto& w : unit.words)
      if (w.find(' ') == std::string::npos && s.tok(i).norm == w) return true;
  }
  return false;
}
}  // namespace

std::optional<FieldCandidate> read_other_scale(const Scan& s, size_t i, size_t end, const Field& f) {
  const lexicon::UnitEntry* own = words().unit_for_symbol(f.unit);
  if (!own || own->dimension != "temperature" || (!f.min && !f.max)) return std::nullopt;
  Field unbounded = f;  // CF rejects a reading out of range: read it without the range first
  unbounded.min.reset();
  unbounded.max.reset();
  auto c = s.parse_typed(i, end, unbounded);
  if (!c || !c->value.is_number() || within_range(c->value, f) || scale_said(s, *c, *own)) return std::nullopt;
  const double v = c->value.get<double>();
  for (const auto& other : words().units) {
    if (other.dimension != own->dimension || other.id == own->id || scale_said(s, *c, other)) continue;
    const double base = v * other.factor + other.offset;
    const double converted = std::round((base - own->offset) / own->factor * kTenths) / kTenths;
    if (!within_range(Json(converted), f)) continue;
    c->value = converted;
    return c;
  }
  return std::nullopt;
}

}  // namespace invox::rules
