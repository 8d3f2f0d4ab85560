// CF normalization of arbitrary strings for every field type: a value or an issue, never a crash,
// and normalization is idempotent on its own output.
#include <cstddef>
#include <cstdint>
#include <string>

#include "invox/normalize.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const auto type = static_cast<invox::FieldType>(data[0] % 7);
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  invox::Field field;
  field.id = "f";
  field.label = "Field";
  field.type = type;
  if (type == invox::FieldType::Enum) field.options = {"alpha", "beta gamma", "delta"};
  if (type == invox::FieldType::Number) {
    field.min = -1000;
    field.max = 1000;
    field.unit = "kg";
  }
  invox::NormalizeContext ctx;
  ctx.reference_date = "2026-03-14";
  ctx.timezone = "Europe/Berlin";
  const auto first = invox::normalize_value_for_field(invox::Json(text), field, ctx);
  if (!first.value.is_null()) {
    const auto second = invox::normalize_value_for_field(first.value, field, ctx);
    if (!invox::values_match(first.value, second.value, field)) __builtin_trap();
  }
  (void)invox::parse_value_prefix(text, field, ctx);
  return 0;
}
