#include "normalize/units.hpp"

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "core/lexicon_data.hpp"
#include "invox/normalize.hpp"

namespace invox::normalize {

namespace {

struct UnitEntry {
  UnitInfo info;
  std::vector<std::string_view> strong;  // token texts joined by one space
  std::vector<std::string_view> weak;    // only when the field's unit has the same dimension
  std::vector<std::string_view> minor;   // a currency's hundredth
  size_t then = 0;                       // index + 1 of the smaller unit said next; 0 = none
};

// kUnitDimensions lists the names in the order of the Dimension enumerators.
static_assert(std::size(lexicon::kUnitDimensions) == static_cast<size_t>(Dimension::Currency) + 1);

Dimension dimension_named(std::string_view name) {
  const auto* it = std::find(std::begin(lexicon::kUnitDimensions), std::end(lexicon::kUnitDimensions), name);
  // The lexicon loader accepts only these names, so `it` is never the end.
  return static_cast<Dimension>(it - std::begin(lexicon::kUnitDimensions));
}

// The lexicon's units group, in its order, with the dimension names resolved.
const std::vector<UnitEntry>& table() {
  static const std::vector<UnitEntry> kUnits = [] {
    std::vector<UnitEntry> out;
    for (const auto& u : lexicon::lexicon_data().units) {
      UnitEntry e{{u.id, dimension_named(u.dimension), u.factor, u.offset, u.any_of_dimension()}, {}, {}, {}, 0};
      e.strong.assign(u.words.begin(), u.words.end());
      e.weak.assign(u.weak.begin(), u.weak.end());
      e.minor.assign(u.minor.begin(), u.minor.end());
      out.push_back(std::move(e));
    }
    const auto& units = lexicon::lexicon_data().units;
    for (size_t i = 0; i < units.size(); ++i) {
      for (size_t j = 0; j < units.size() && !units[i].then.empty(); ++j)
        if (units[j].id == units[i].then) out[i].then = j + 1;
    }
    return out;
  }();
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
    // "kilowatt-hours" is "kilowatt hours" written with a hyphen.
    if (k > i && k + 1 < t.size() && t[k].kind == TokenKind::Punct && t[k].text == "-" && !t[k].space_before) ++k;
    if (k >= t.size() || t[k].text != part) return 0;
    ++k;
    pos = sp + 1;
  }
  return k - i;
}

}  // namespace

const UnitInfo* unit_from_symbol(std::string_view symbol) {
  const auto& units = lexicon::lexicon_data().units;
  const lexicon::UnitEntry* u = lexicon::lexicon_data().unit_for_symbol(symbol);
  return u ? &table()[static_cast<size_t>(u - units.data())].info : nullptr;
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
          // A word several units share ("degrees" for Celsius and Fahrenheit) is the field's own.
          const bool own_on_tie = best && i + n == best->last && same_dim && e.info.id == preferred->id;
          if (n && (!best || i + n > best->last || own_on_tie)) best = UnitMatch{&e.info, i + n};
        }
      }
    }
    if (best) return best;
  }
  return best;
}

const UnitInfo* smaller_unit(const UnitInfo& unit) {
  for (const auto& e : table())
    if (&e.info == &unit) return e.then ? &table()[e.then - 1].info : nullptr;
  return nullptr;
}

size_t match_minor_at(const Tokens& t, size_t i, const UnitInfo& currency) {
  for (const auto& e : table()) {
    if (&e.info != &currency) continue;
    for (auto p : e.minor)
      if (size_t n = match_phrase(t, i, p)) return n;
  }
  return 0;
}

std::optional<double> convert_unit(double value, const UnitInfo& from, const UnitInfo& to) {
  if (from.dimension != to.dimension) return std::nullopt;
  if (from.id == to.id || to.any_of_dimension) return value;
  if (from.dimension == Dimension::Currency) return std::nullopt;
  const double base = value * from.factor + from.offset;
  return (base - to.offset) / to.factor;
}

}  // namespace invox::normalize

namespace invox {

bool is_percent_unit(std::string_view symbol) {
  const auto* unit = normalize::unit_from_symbol(symbol);
  return unit && unit->dimension == normalize::Dimension::Percent;
}

namespace {
// The unit `word` names by one of its strong words, whole, or null.
const normalize::UnitInfo* unit_named_by(std::string_view word) {
  const auto toks = normalize::tokenize(word);
  const auto unit = normalize::match_unit_at(toks, 0, nullptr);
  return unit && unit->last == toks.size() ? unit->unit : nullptr;
}
}  // namespace

bool is_measure_word(std::string_view word) {
  const auto* unit = unit_named_by(word);
  return unit && unit->dimension != normalize::Dimension::Currency;
}

bool is_unit_word(std::string_view word) { return unit_named_by(word) != nullptr; }

bool is_money_word(std::string_view word) {
  const auto toks = normalize::tokenize(word);
  for (const auto& e : normalize::table()) {
    if (e.info.dimension != normalize::Dimension::Currency) continue;
    for (const auto* list : {&e.strong, &e.weak})
      for (auto p : *list)
        if (normalize::match_phrase(toks, 0, p) == toks.size() && !toks.empty()) return true;
  }
  return false;
}

}  // namespace invox
