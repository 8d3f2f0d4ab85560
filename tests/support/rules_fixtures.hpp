#pragma once
// What the rules engine reads, field by field, for tests of its readers on invented templates.
#include <string>

#include "invox/template.hpp"

namespace invox::testing {

// The raw value the rules engine reads for field `id` of `t` from `text`, relative dates resolved
// against `reference_date`; null when it reads none.
[[nodiscard]] Json rules_raw_value(const Template& t, const std::string& text, const std::string& id,
                                   const std::string& reference_date);

// rules_raw_value on the form `Make` builds, built once per form.
template <Template (*Make)()>
[[nodiscard]] Json raw_value_on(const std::string& text, const std::string& id, const std::string& reference_date) {
  static const Template t = Make();
  return rules_raw_value(t, text, id, reference_date);
}

// A template parsed from its JSON text (an invented form for a test); fails the test when invalid.
[[nodiscard]] Template invented_template(const char* json);

}  // namespace invox::testing
