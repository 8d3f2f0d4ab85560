#include "normalize/number_value.hpp"

#include <cmath>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "core/guideline_hints.hpp"
#include "normalize/fold.hpp"
#include "normalize/spoken_number.hpp"
#include "normalize/units.hpp"

namespace invox::normalize {

namespace {

std::string format_number(double v) {
  if (std::floor(v) == v && std::fabs(v) < 1e15) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{}", v);
}

double round_to(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

// min/max are enforced, never clamped: a value outside is rejected with the reason.
std::optional<Issue> range_issue(double v, const Field& field) {
  if (field.min && v < *field.min)
    return make_issue(field, IssueType::Invalid,
                      fmt::format("{} is below the minimum {} for {}", format_number(v), format_number(*field.min), field.label));
  if (field.max && v > *field.max)
    return make_issue(field, IssueType::Invalid,
                      fmt::format("{} is above the maximum {} for {}", format_number(v), format_number(*field.max), field.label));
  return std::nullopt;
}

TokenParse finish(double v, size_t first, size_t last, const Field& field) {
  TokenParse p;
  p.first = first;
  p.last = last;
  if (!std::isfinite(v)) {
    p.issue = make_issue(field, IssueType::Invalid, "the number is not finite");
    return p;
  }
  if (auto issue = range_issue(v, field)) {
    p.issue = issue;
    return p;
  }
  p.value = number_json(v);
  return p;
}

// Words that settle a count as zero ("nobody came" -> 0).
std::optional<size_t> zero_words_at(const Tokens& t, size_t i) {
  if (i >= t.size()) return std::nullopt;
  if (t[i].is_word("nobody") || t[i].is_word("none") || t[i].is_word("nil") || t[i].is_word("nothing"))
    return i + 1;
  if ((t[i].is_word("no") && i + 1 < t.size() && t[i + 1].is_word("one"))) return i + 2;
  return std::nullopt;
}

// A literal unit the template names that the unit table does not know ("people", "items").
size_t match_literal_unit(const Tokens& t, size_t i, const Field& field) {
  if (field.unit.empty()) return i;
  const Tokens unit = tokenize(field.unit);
  size_t k = i;
  for (const auto& u : unit) {
    if (k >= t.size() || t[k].text != u.text) return i;
    ++k;
  }
  return k;
}

// "seven out of ten": the scale belongs to the value phrase but does not change it.
size_t skip_out_of(const Tokens& t, size_t i, const NumberOptions& opts) {
  if (i + 2 < t.size() && t[i].is_word("out") && t[i + 1].is_word("of")) {
    if (auto m = parse_number_at(t, i + 2, opts)) return m->last;
  }
  if (i + 1 < t.size() && t[i].is_punct("/") && t[i + 1].text == "10") return i + 2;
  return i;
}

// "four hours and forty-five minutes", "five feet six inches": a number in a smaller unit of
// the same dimension right after the first unit (optionally after "and") adds to the value,
// expressed in the first unit. Returns the sum and the token after the second unit.
std::optional<std::pair<double, size_t>> compound_rest(const Tokens& t, size_t i, double v, const UnitInfo& unit,
                                                       const NumberOptions& opts) {
  if (unit.dimension == Dimension::Currency || unit.dimension == Dimension::Temperature) return std::nullopt;
  if (i < t.size() && t[i].is_word("and")) ++i;
  auto m = parse_number_at(t, i, opts);
  if (!m) return std::nullopt;
  auto u = match_unit_at(t, m->last, &unit);
  if (!u || u->unit->dimension != unit.dimension || u->unit->factor >= unit.factor) return std::nullopt;
  auto part = convert_unit(m->value, *u->unit, unit);
  if (!part) return std::nullopt;
  return std::make_pair(v + *part, u->last);
}

}  // namespace

std::optional<TokenParse> parse_number_field_at(const Tokens& t, size_t i, const Field& field,
                                                const NormalizeContext& ctx) {
  const size_t first = i;
  i = skip_hedges(t, i);
  if (auto z = zero_words_at(t, i)) return finish(0, first, *z, field);
  const UnitInfo* field_unit = unit_from_symbol(field.unit);
  NumberOptions opts = number_options_for_locale(ctx.locale);
  opts.ordinals = false;  // "the third" is not a quantity

  const UnitInfo* stated = nullptr;
  if (auto prefix = match_unit_at(t, i, field_unit); prefix && prefix->unit->dimension == Dimension::Currency) {
    stated = prefix->unit;  // "$2,150"
    i = prefix->last;
  }
  auto m = parse_number_at(t, i, opts);
  if (!m) return std::nullopt;
  double v = m->value;
  size_t last = m->last;
  bool compound = false;
  if (auto u = match_unit_at(t, last, field_unit)) {
    if (!stated || stated == u->unit) {
      stated = u->unit;
      last = u->last;
      if (auto rest = compound_rest(t, last, v, *stated, opts)) {
        std::tie(v, last) = *rest;
        compound = true;
      }
    }
  } else if (size_t k = match_literal_unit(t, last, field); k != last) {
    last = k;
  }
  last = skip_out_of(t, last, opts);
  if (stated && field_unit && stated != field_unit) {
    auto converted = convert_unit(v, *stated, *field_unit);
    if (!converted) {
      TokenParse p;
      p.first = first;
      p.last = last;
      p.issue = make_issue(field, IssueType::Invalid,
                           fmt::format("{} {} cannot be expressed in {}, the unit of {}", format_number(v), stated->id,
                                       field.unit, field.label));
      return p;
    }
    v = round_to(*converted, kConvertedDecimals);
  }
  // "three hours and fifteen minutes" -> 3.25: the parts are exact, keep their precision.
  if (compound) v = round_to(v, kConvertedDecimals + 1);
  return finish(v, first, last, field);
}

NormalizeResult normalize_number(const Json& value, const Field& field, const NormalizeContext& ctx) {
  if (value.is_boolean()) return invalid_result(field, fmt::format("{} is not a number", value.dump()));
  if (value.is_number()) {
    const double v = value.get<double>();
    return to_result(finish(v, 0, 0, field));
  }
  if (!value.is_string()) return invalid_result(field, fmt::format("{} is not a number", describe(value)));
  const std::string& s = value.get_ref<const std::string&>();
  const std::string key = phrase_key(s);
  // Guideline synonyms that settle a value ("'nothing stolen' -> 0").
  for (const auto& a : guideline_hints(field.guidelines)->aliases) {
    const std::string alias = phrase_key(a.phrase);
    if (alias.empty() || (" " + key + " ").find(" " + alias + " ") == std::string::npos) continue;
    bool ord = false;
    if (auto v = parse_numeral(a.target, false, &ord); v && !ord) return to_result(finish(*v, 0, 0, field));
  }
  const Tokens t = tokenize(s);
  // The leading number of the phrase ("25 people" -> 25), else the first number in it.
  for (size_t i = 0; i < t.size(); ++i) {
    if (auto p = parse_number_field_at(t, i, field, ctx)) return to_result(*p);
  }
  if (key.empty()) return NormalizeResult{};
  return invalid_result(field, fmt::format("no number in {}", describe(value)));
}

}  // namespace invox::normalize
