#pragma once
// Robust reading of what a language model answered (issue 6): a JSON object that may be wrapped
// in Markdown fences or prose, carry trailing commas, or be cut off by a token limit.
#include <string>
#include <string_view>

#include "invox/expected.hpp"
#include "invox/json.hpp"

namespace invox {

struct JsonExtraction {
  Json value;              // always an object
  bool truncated = false;  // recovered from a cut-off answer: later members are missing
  bool repaired = false;   // fences, prose or trailing commas had to be removed
};

struct JsonExtractionOptions {
  bool recover_truncated = true;  // keep the complete top-level members of a cut-off object
  int max_depth = 64;             // deeper nesting is rejected before parsing
};

// Finds the first JSON object in `text`: the whole text, a fenced block, or an object embedded
// in prose (brace matching that respects strings and escapes). Fails with a Provider error
// saying what was wrong ("no JSON object", "truncated", the parser's message).
[[nodiscard]] Expected<JsonExtraction> extract_json_object(std::string_view text, const JsonExtractionOptions& options = {});

// Removes commas that directly precede '}' or ']' outside strings.
[[nodiscard]] std::string remove_trailing_commas(std::string_view text);

}  // namespace invox
