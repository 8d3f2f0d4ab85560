#pragma once
// What the LLM answer fuzzer checks for one input, shared with the regression replay in
// tests/test_fuzz_regressions.cpp.
#include <string_view>

#include "llm/llm_response.hpp"

namespace invox::fuzz {

// false when the reader returns something that is not an object or cannot be serialized;
// fenced, prose-wrapped, truncated or garbage text must give an object or an Error.
inline bool llm_answer_holds(std::string_view input) {
  auto extracted = extract_json_object(input);
  if (extracted) {
    if (!extracted->value.is_object()) return false;
    (void)extracted->value.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  (void)remove_trailing_commas(input);
  return true;
}

}  // namespace invox::fuzz
