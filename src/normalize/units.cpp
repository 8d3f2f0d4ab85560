#include "normalize/units.hpp"

#include <initializer_list>
#include <string>
#include <vector>

namespace invox::normalize {

namespace {

struct UnitEntry {
  UnitInfo info;
  std::vector<std::string_view> strong;  // token texts joined by one space
  std::vector<std::string_view> weak;    // only when the field's unit has the same dimension
};

const std::vector<UnitEntry>& table() {
  static const std::vector<UnitEntry> kUnits = {
      {{"kg", Dimension::Mass, 1.0, 0.0},
       {"kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"}, {}},
      {{"g", Dimension::Mass, 0.001, 0.0}, {"gram", "grams", "gramme", "grammes"}, {"g"}},
      {{"lb", Dimension::Mass, 0.45359237, 0.0}, {"lb", "lbs", "pound", "pounds"}, {}},
      {{"st", Dimension::Mass, 6.35029318, 0.0}, {"stone", "stones"}, {"st"}},
      {{"cm", Dimension::Length, 0.01, 0.0}, {"cm", "cms", "centimeter", "centimeters", "centimetre", "centimetres"}, {}},
      {{"mm", Dimension::Length, 0.001, 0.0}, {"mm", "millimeter", "millimeters", "millimetre", "millimetres"}, {}},
      {{"m", Dimension::Length, 1.0, 0.0}, {"meter", "meters", "metre", "metres"}, {"m"}},
      {{"km", Dimension::Length, 1000.0, 0.0}, {"km", "kilometer", "kilometers", "kilometre", "kilometres"}, {}},
      {{"in", Dimension::Length, 0.0254, 0.0}, {"inch", "inches"}, {"in"}},
      {{"ft", Dimension::Length, 0.3048, 0.0}, {"ft", "foot", "feet"}, {}},
      {{"°C", Dimension::Temperature, 1.0, 0.0},
       {"° c", "celsius", "centigrade", "degrees celsius", "degree celsius", "degrees centigrade", "°"},
       {"c", "degrees", "degree"}},
      {{"°F", Dimension::Temperature, 5.0 / 9.0, -32.0 * 5.0 / 9.0},
       {"° f", "fahrenheit", "degrees fahrenheit", "degree fahrenheit"}, {"f"}},
      {{"%", Dimension::Percent, 1.0, 0.0}, {"%", "percent", "per cent", "pct"}, {}},
      {{"bar", Dimension::Pressure, 1.0, 0.0}, {"bar", "bars"}, {}},
      {{"psi", Dimension::Pressure, 0.0689475729, 0.0}, {"psi"}, {}},
      {{"kPa", Dimension::Pressure, 0.01, 0.0}, {"kpa", "kilopascal", "kilopascals"}, {}},
      {{"mmHg", Dimension::Pressure, 0.00133322387, 0.0},
       {"mmhg", "mm hg", "millimeters of mercury", "millimetres of mercury"}, {}},
      {{"h", Dimension::Duration, 1.0, 0.0}, {"hr", "hrs", "hour", "hours"}, {"h"}},
      {{"min", Dimension::Duration, 1.0 / 60.0, 0.0}, {"minute", "minutes", "mins"}, {"min"}},
      {{"days", Dimension::Duration, 24.0, 0.0}, {"day", "days", "working days", "work days", "business days"}, {"d"}},
      {{"weeks", Dimension::Duration, 168.0, 0.0}, {"week", "weeks", "wk", "wks"}, {}},
      {{"/min", Dimension::Rate, 1.0, 0.0},
       {"bpm", "beats per minute", "beats a minute", "beats / min", "breaths per minute", "breaths a minute",
        "breaths / min", "per minute", "a minute", "/ min"},
       {"beats", "breaths"}},
      {{"USD", Dimension::Currency, 1.0, 0.0}, {"$", "usd", "dollar", "dollars", "bucks", "us dollars"}, {}},
      {{"EUR", Dimension::Currency, 1.0, 0.0}, {"€", "eur", "euro", "euros"}, {}},
      {{"GBP", Dimension::Currency, 1.0, 0.0}, {"£", "gbp", "pounds sterling", "quid"}, {"pound", "pounds"}},
  };
  return kUnits;
}

// Number of tokens of `phrase` matched at i (0 = no match).
size_t match_phrase(const Tokens& t, size_t i, std::string_view phrase) {
  size_t k = i;
  size_t pos = 0;
  while (pos <= phrase.size()) {
    size_t sp = phrase.find(' ', pos);
    if (sp == std::string_view::npos) sp = phrase.size();
    const std::string_view part = phrase.substr(pos, sp - pos);
    if (k >= t.size() || t[k].text != part) return 0;
    ++k;
    pos = sp + 1;
  }
  return k - i;
}

}  // namespace

const UnitInfo* unit_from_symbol(std::string_view symbol) {
  const Tokens t = tokenize(symbol);
  if (t.empty()) return nullptr;
  for (const auto& e : table()) {
    if (e.info.id == symbol) return &e.info;
    for (const auto* list : {&e.strong, &e.weak})
      for (auto p : *list)
        if (match_phrase(t, 0, p) == t.size()) return &e.info;
  }
  return nullptr;
}

std::optional<UnitMatch> match_unit_at(const Tokens& t, size_t i, const UnitInfo* preferred) {
  std::optional<UnitMatch> best;
  // Two passes: the field's own dimension first, so "pounds" is GBP on a money field and
  // lb on a weight field.
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& e : table()) {
      const bool same_dim = preferred && e.info.dimension == preferred->dimension;
      if ((pass == 0) != same_dim) continue;
      for (const auto* list : {&e.strong, &e.weak}) {
        if (list == &e.weak && !same_dim) continue;
        for (auto p : *list) {
          const size_t n = match_phrase(t, i, p);
          if (n && (!best || i + n > best->last)) best = UnitMatch{&e.info, i + n};
        }
      }
    }
    if (best) return best;
  }
  return best;
}

std::optional<double> convert_unit(double value, const UnitInfo& from, const UnitInfo& to) {
  if (from.dimension != to.dimension) return std::nullopt;
  if (from.id == to.id) return value;
  if (from.dimension == Dimension::Currency) return std::nullopt;
  const double base = value * from.factor + from.offset;
  return (base - to.offset) / to.factor;
}

}  // namespace invox::normalize
