#include "normalize/number_value.hpp"

#include <cmath>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "core/guideline_hints.hpp"
#include "normalize/fold.hpp"
#include "normalize/lexicon.hpp"
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

// Nothing more of the quantity follows token i: the phrase or its clause ends ("five foot ten,
// slim build").
bool quantity_ends_at(const Tokens& t, size_t i) { return i >= t.size() || t[i].kind == TokenKind::Punct; }

// A smaller part said after the unit adds to the value, in `unit`: "five foot ten", "eleven stone
// four pounds", "an hour and a half", "eighty-one dollars and forty cents". Returns the token after
// the part, or i when none follows.
size_t add_smaller_part(const Tokens& t, size_t i, const UnitInfo& unit, const NumberOptions& opts, double& v) {
  const bool joined = i < t.size() && t[i].is_word("and");
  auto m = parse_number_at(t, joined ? i + 1 : i, opts);
  if (!m || m->ordinal || m->value < 0) return i;
  if (joined && m->value > 0 && m->value < 1) {  // "and a half": a fraction of the unit itself
    v += m->value;
    return m->last;
  }
  if (!m->is_integer()) return i;
  if (unit.dimension == Dimension::Currency) {
    if (m->value >= 100) return i;
    if (size_t n = match_minor_at(t, m->last, unit)) {
      v += m->value / 100;
      return m->last + n;
    }
    if (!quantity_ends_at(t, m->last)) return i;
    v += m->value / 100;  // "eighty-one dollars forty"
    return m->last;
  }
  const UnitInfo* part_unit = nullptr;
  size_t end = m->last;
  if (auto u = match_unit_at(t, m->last, &unit); u && u->unit->dimension == unit.dimension) {
    part_unit = u->unit;
    end = u->last;
  } else if (!joined && quantity_ends_at(t, m->last)) {
    // "five foot ten": the unit said next, without its word, and nothing after it ("three hours
    // and two waiters" is no 3 h 2 min).
    part_unit = smaller_unit(unit);
  }
  if (!part_unit || part_unit->factor >= unit.factor) return i;
  auto part = convert_unit(m->value, *part_unit, unit);
  if (!part || *part >= 1) return i;  // "five foot fifteen" is not a height
  v += *part;
  return end;
}

// A conversion by a power of ten ("410 grams" on a kg field) loses nothing, so it keeps the
// said precision (0.41 kg). A conversion between counting units, whole multiples of each other
// ("forty-five minutes" on an hours field, "a day and a half"), keeps the quarter or the
// hundredth it lands on (0.75 h) and one decimal when it does not (20 min -> 0.3 h). Other
// conversions ("150 lb" -> 68.0 kg) keep one decimal.
constexpr int kExactDecimals = 6;  // drops only floating-point noise
int converted_decimals(const UnitInfo& from, const UnitInfo& to, double converted) {
  constexpr int kCountingDecimals = 2;
  if (from.offset != 0.0 || to.offset != 0.0 || from.factor <= 0.0 || to.factor <= 0.0) return kConvertedDecimals;
  const double ratio = from.factor / to.factor;
  const double exponent = std::log10(ratio);
  if (std::abs(exponent - std::round(exponent)) < 1e-9) return kExactDecimals;
  auto whole = [](double x) { return x >= 1.0 && std::abs(x - std::round(x)) < 1e-9; };
  const double hundredths = converted * 100.0;
  if ((whole(ratio) || whole(1.0 / ratio)) && std::abs(hundredths - std::round(hundredths)) < 1e-6)
    return kCountingDecimals;
  return kConvertedDecimals;
}

// A value converted from unit `from` to `to`, rounded: an inexact or counting conversion takes
// the precision the field's guidelines ask for ("rounded to a whole cm"); an exact one, or one
// the guidelines say nothing of, keeps converted_decimals' precision.
double round_converted(double converted, const UnitInfo& from, const UnitInfo& to, const Field& field) {
  const auto asked = guideline_hints(field.guidelines)->decimals;
  const int decimals = converted_decimals(from, to, converted);
  return round_to(converted, asked && decimals != kExactDecimals ? *asked : decimals);
}

// A score or share written over a whole of at most a hundred ("17/20" is 85 %).
constexpr double kMaxWrittenWhole = 100.0;

// "1/4", "3/4", "17/20" written as one token: the share in percent; nullopt for anything else
// ("12/03").
std::optional<double> written_fraction(std::string_view w) {
  constexpr double kMaxDenominator = kMaxWrittenWhole;
  const size_t slash = w.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 >= w.size()) return std::nullopt;
  auto num = parse_numeral(w.substr(0, slash), false);
  auto den = parse_numeral(w.substr(slash + 1), false);
  if (!num || !den || std::floor(*num) != *num || std::floor(*den) != *den) return std::nullopt;
  if (*num < 0 || *num > *den || *den < 2 || *den > kMaxDenominator) return std::nullopt;
  return std::round(*num / *den * 100.0);
}

// On a field in percent, a fraction is a share of the whole: "three quarters" is 75, "half a
// tank" 50, "1/4" 25, "17/20" 85. Returns the token after the fraction.
size_t fraction_as_percent(const Tokens& t, const NumberMatch& m, size_t last, double& v) {
  constexpr double kWhole = 100.0;
  constexpr double kMaxDenominator = kMaxWrittenWhole;
  constexpr double kTenths = 10.0;  // "one third" is 33.3 %
  if (!m.from_digits && m.value > 0 && m.value < 1) {
    v = std::round(m.value * kWhole * kTenths) / kTenths;
    return last;
  }
  if (m.from_digits && m.is_integer() && last + 1 < t.size() && t[last].is_punct("/")) {
    auto d = parse_numeral(t[last + 1].text, false);
    if (d && *d > m.value && *d <= kMaxDenominator && std::floor(*d) == *d) {
      v = std::round(m.value / *d * kWhole);
      return last + 2;
    }
  }
  return last;
}
// On a field in percent, a score out of another whole is its share: "forty-six out of fifty" is
// 92 (rounded to a whole percent). Returns the token after the whole, or `last`.
size_t share_out_of(const Tokens& t, const NumberMatch& m, size_t last, const NumberOptions& opts, double& v) {
  if (last + 2 >= t.size() || !t[last].is_word("out") || !t[last + 1].is_word("of")) return last;
  auto whole = parse_number_at(t, last + 2, opts);
  if (!whole || whole->ordinal || whole->value <= 0 || whole->value < m.value) return last;
  v = std::round(m.value / whole->value * 100.0);
  return whole->last;
}

// "Height? - Five nine.": a person's height said as feet then inches without the units. Read so
// only on a length field whose range the bare number misses and the height fits (the range says
// it holds heights in its unit: 100 to 230 cm). Returns the token after the inches, or `last`.
size_t feet_and_inches(const Tokens& t, const NumberMatch& m, size_t last, const Field& field,
                       const UnitInfo& unit, const NumberOptions& opts, double& v) {
  constexpr double kMinFeet = 3, kMaxFeet = 7, kInchesPerFoot = 12;
  if (unit.dimension != Dimension::Length || !m.is_integer() || m.value < kMinFeet || m.value > kMaxFeet ||
      (!field.min && !field.max) || !range_issue(v, field) || last != m.last)
    return last;
  auto inches = parse_number_at(t, last, opts);
  if (!inches || !inches->is_integer() || inches->ordinal || inches->value >= kInchesPerFoot ||
      !quantity_ends_at(t, inches->last))
    return last;
  const UnitInfo* inch = unit_from_symbol("in");
  if (!inch) return last;
  auto height = convert_unit(m.value * kInchesPerFoot + inches->value, *inch, unit);
  if (!height || range_issue(*height, field)) return last;
  v = round_converted(*height, *inch, unit, field);
  return inches->last;
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
  const bool percent_field = field_unit && field_unit->dimension == Dimension::Percent;
  if (percent_field && !stated && i < t.size()) {
    if (auto level = level_word(t[i].text)) return finish(*level, first, i + 1, field);  // "battery full"
    if (auto share = written_fraction(t[i].text)) return finish(*share, first, i + 1, field);  // "fuel 1/4"
  }
  auto m = parse_number_at(t, i, opts);
  // "an hour and a half": the article counts one of a unit.
  if (!m && !stated && i < t.size() && (t[i].is_word("a") || t[i].is_word("an"))) {
    if (auto u = match_unit_at(t, i + 1, field_unit); u && u->unit->dimension != Dimension::Currency)
      m = NumberMatch{1, i, i + 1, false, false};
  }
  if (!m) return std::nullopt;
  double v = m->value;
  size_t last = m->last;
  if (auto u = match_unit_at(t, last, field_unit)) {
    if (!stated || stated == u->unit) {
      stated = u->unit;
      last = u->last;
    }
    if (stated == u->unit) last = add_smaller_part(t, last, *stated, opts, v);
  } else if (stated && stated->dimension == Dimension::Currency) {
    last = add_smaller_part(t, last, *stated, opts, v);  // "$81 and 40 cents"
  } else if (size_t k = match_literal_unit(t, last, field); k != last) {
    last = k;
  }
  if (percent_field && !stated) last = share_out_of(t, *m, last, opts, v);
  last = skip_out_of(t, last, opts);
  if (percent_field && !stated) {
    last = fraction_as_percent(t, *m, last, v);
    // "three quarters full": the share of a full whole, not a second reading of "full".
    if (m->value > 0 && m->value < 1 && last < t.size())
      if (auto level = level_word(t[last].text); level && *level == 100.0) ++last;
  }
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
    // An exact conversion keeps what was said ("410 grams" is 0.41 kg whatever they ask).
    v = round_converted(*converted, *stated, *field_unit, field);
  }
  if (!stated && field_unit) last = feet_and_inches(t, *m, last, field, *field_unit, opts, v);
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
