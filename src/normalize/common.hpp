#pragma once
// Pieces shared by the per-type normalizers: token-level parse results and issue helpers.
#include <optional>
#include <string>

#include "invox/normalize.hpp"
#include "normalize/tokenize.hpp"

namespace invox::normalize {

// A typed value parsed from tokens [first, last).
struct TokenParse {
  Json value;  // normalized value, or null when `issue` explains why there is none
  size_t first = 0;
  size_t last = 0;
  std::optional<Issue> issue;
};

[[nodiscard]] Issue make_issue(const Field& field, IssueType type, std::string detail);
[[nodiscard]] NormalizeResult invalid_result(const Field& field, std::string detail);
[[nodiscard]] NormalizeResult ambiguous_result(const Field& field, std::string detail);
[[nodiscard]] NormalizeResult to_result(const TokenParse& parse);
// A JSON number: integral values become integers so "78" stays 78, not 78.0.
[[nodiscard]] Json number_json(double v);
// Short description of a JSON value for issue details ("'abc'", "42", "an object").
[[nodiscard]] std::string describe(const Json& value);
// Byte span of tokens [first, last) as a prefix parse.
[[nodiscard]] PrefixParse to_prefix(const TokenParse& parse, const Tokens& tokens);
// Skips words that soften a value without changing it ("about", "around", "approximately").
[[nodiscard]] size_t skip_hedges(const Tokens& tokens, size_t i);

}  // namespace invox::normalize
