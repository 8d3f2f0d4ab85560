#pragma once
// What the normalization fuzzer checks for one input, shared with the regression replay in
// tests/test_fuzz_regressions.cpp so a kept input is checked exactly as it was found.
// Input: the first byte picks the field type, the rest is the raw value.
#include <string>
#include <string_view>

#include "invox/normalize.hpp"

namespace invox::fuzz {

// false when normalization is not idempotent on its own output or produced a value that cannot
// be written as JSON; a crash is the other way to fail.
inline bool normalization_holds(std::string_view input) {
  if (input.empty()) return true;
  Field field;
  field.id = "f";
  field.label = "Field";
  field.type = static_cast<FieldType>(static_cast<unsigned char>(input[0]) % 7);
  if (field.type == FieldType::Enum) field.options = {"alpha", "beta gamma", "delta"};
  if (field.type == FieldType::Number) {
    field.min = -1000;
    field.max = 1000;
    field.unit = "kg";
  }
  NormalizeContext ctx;
  ctx.reference_date = "2026-03-14";
  ctx.timezone = "Europe/Berlin";
  const std::string text(input.substr(1));
  const auto first = normalize_value_for_field(Json(text), field, ctx);
  (void)parse_value_prefix(text, field, ctx);
  if (first.value.is_null()) return true;
  try {
    (void)first.value.dump();
  } catch (const Json::exception&) {
    return false;
  }
  const auto second = normalize_value_for_field(first.value, field, ctx);
  return values_match(first.value, second.value, field);
}

}  // namespace invox::fuzz
