#pragma once
// Table-driven helpers for the normalization tests: one row = input, expected normalized value,
// expected issue type ("" = none).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "invox/normalize.hpp"

namespace invox::test {

inline Field make_field(FieldType type, std::string unit = "", std::optional<double> min = std::nullopt,
                        std::optional<double> max = std::nullopt, std::vector<std::string> options = {},
                        std::string guidelines = "", std::string id = "f", std::string label = "Field") {
  Field f;
  f.id = std::move(id);
  f.label = std::move(label);
  f.type = type;
  f.unit = std::move(unit);
  f.min = min;
  f.max = max;
  f.options = std::move(options);
  f.guidelines = std::move(guidelines);
  return f;
}

inline NormalizeContext make_ctx(std::string ref = "2026-03-14", std::string tz = "Europe/Berlin",
                                 std::string locale = "en-US") {
  NormalizeContext c;
  c.reference_date = std::move(ref);
  c.timezone = std::move(tz);
  c.locale = std::move(locale);
  return c;
}

struct Row {
  Json input;
  Json expected;
  std::string issue;  // "", "invalid" or "ambiguous"
};

inline void check_rows(const std::vector<Row>& rows, const Field& field, const NormalizeContext& ctx) {
  for (const auto& row : rows) {
    INFO("input: " << row.input.dump() << "  locale " << ctx.locale << "  ref " << ctx.reference_date);
    const auto r = normalize_value_for_field(row.input, field, ctx);
    CHECK(r.value == row.expected);
    if (row.issue.empty()) {
      CHECK_FALSE(r.issue.has_value());
      if (r.issue) INFO("unexpected issue: " << r.issue->detail);
    } else {
      REQUIRE(r.issue.has_value());
      CHECK(std::string(to_string(r.issue->type)) == row.issue);
      CHECK(r.issue->field == field.id);
      CHECK_FALSE(r.issue->detail.empty());
    }
  }
}

// Prefix rows: text, expected value, expected consumed prefix (the exact bytes).
struct PrefixRow {
  std::string text;
  Json expected;
  std::string consumed;
};

inline void check_prefix_rows(const std::vector<PrefixRow>& rows, const Field& field, const NormalizeContext& ctx) {
  for (const auto& row : rows) {
    INFO("text: " << row.text);
    const auto p = parse_value_prefix(row.text, field, ctx);
    if (row.expected.is_null() && row.consumed.empty()) {
      CHECK_FALSE(p.has_value());
      continue;
    }
    REQUIRE(p.has_value());
    CHECK(p->value == row.expected);
    CHECK(row.text.substr(0, p->consumed) == row.consumed);
  }
}

}  // namespace invox::test
