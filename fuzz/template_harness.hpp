#pragma once
// What the template fuzzer checks for one input, shared with the regression replay in
// tests/test_fuzz_regressions.cpp so a kept input is checked exactly as it was found.
#include <string>
#include <string_view>

#include "invox/template.hpp"
#include "util/file_io.hpp"

namespace invox::fuzz {

// false when a template that validates does not survive a round trip through its JSON form;
// bad input must be rejected with an Error (a crash is the other way to fail).
inline bool template_input_holds(std::string_view input) {
  auto doc = util::parse_json_text(std::string(input), "fuzz.json");
  if (!doc) return true;
  auto tmpl = parse_template(*doc, "fuzz.json");
  if (!tmpl) return true;
  auto again = parse_template(to_json(*tmpl), "roundtrip");
  return again && again->fields.size() == tmpl->fields.size();
}

}  // namespace invox::fuzz
