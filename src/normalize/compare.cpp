// DESIGN.md "Scoring a field": the comparisons evaluation uses, next to the normalizers so the
// two cannot drift apart.
#include <cmath>
#include <set>

#include "invox/normalize.hpp"
#include "normalize/fold.hpp"
#include "normalize/group_value.hpp"
#include "normalize/number_value.hpp"
#include "normalize/text_value.hpp"

namespace invox {

namespace {

std::string as_text(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

std::set<std::string> item_keys(const Json& v) {
  std::vector<std::string> items;
  if (v.is_array()) {
    for (const auto& e : v)
      if (!e.is_null())
        for (auto& i : normalize::split_items(as_text(e))) items.push_back(i);
  } else {
    items = normalize::split_items(as_text(v));
  }
  std::set<std::string> keys;
  for (const auto& i : items)
    if (auto k = normalize::compact_key(i); !k.empty()) keys.insert(k);
  return keys;
}

std::optional<double> as_number(const Json& v, const Field& field) {
  if (v.is_number()) return v.get<double>();
  if (!v.is_string()) return std::nullopt;
  Field unbounded = field;  // scoring compares what was said, range checks are VER's job
  unbounded.min.reset();
  unbounded.max.reset();
  auto r = normalize::normalize_number(v, unbounded, NormalizeContext{});
  if (r.value.is_number()) return r.value.get<double>();
  return std::nullopt;
}

}  // namespace

bool values_match(const Json& expected, const Json& predicted, const Field& field) {
  if (field.is_group()) return normalize::group_values_match(expected, predicted, field);  // null == []
  if (expected.is_null() || predicted.is_null()) return expected.is_null() && predicted.is_null();
  switch (field.type) {
    case FieldType::Text:
      return normalize::compact_key(as_text(expected)) == normalize::compact_key(as_text(predicted));
    case FieldType::Textarea:
      return item_keys(expected) == item_keys(predicted);
    case FieldType::Number: {
      auto a = as_number(expected, field), b = as_number(predicted, field);
      if (!a || !b) return false;
      return std::fabs(*a - *b) <= 1e-9 * std::max({1.0, std::fabs(*a), std::fabs(*b)});
    }
    case FieldType::Date:
    case FieldType::Time:
    case FieldType::Enum:
    case FieldType::Boolean:
      return expected == predicted;
    case FieldType::Group:
      break;  // handled above: null and [] are equal
  }
  return expected == predicted;
}

std::string_view to_string(MatchOutcome outcome) {
  switch (outcome) {
    case MatchOutcome::Correct: return "correct";
    case MatchOutcome::Hallucination: return "hallucination";
    case MatchOutcome::Omission: return "omission";
    case MatchOutcome::Wrong: return "wrong";
  }
  return "wrong";
}

MatchOutcome classify_match(const Json& expected, const Json& predicted, const Field& field) {
  if (values_match(expected, predicted, field)) return MatchOutcome::Correct;
  if (expected.is_null()) return MatchOutcome::Hallucination;
  if (predicted.is_null()) return MatchOutcome::Omission;
  return MatchOutcome::Wrong;
}

}  // namespace invox
