#pragma once
// Boolean fields: yes/no words ("yes", "nope", "affirmative", "true"), guideline synonyms
// ("Walk-in only -> true", "false for 'non-smoker'"), and the polarity of a descriptive
// phrase ("non-member", "does not ride", "no helmet was worn", "won't be available",
// "nobody came" -> false; "owner notified" -> true).
#include <optional>

#include "normalize/common.hpp"

namespace invox::normalize {

// A yes/no answer word ("yes", "yeah", "no", "nope", "true", "negative", ...).
[[nodiscard]] std::optional<bool> yes_no_word(std::string_view word);

struct Polarity {
  bool value = true;       // true unless negated an odd number of times
  int negations = 0;
  bool uncertain = false;  // "maybe", "not sure", "unknown": no answer
};
// Polarity of a clause: tokens [begin, end). A leading yes/no answer word decides.
[[nodiscard]] Polarity clause_polarity(const Tokens& tokens, size_t begin, size_t end);

[[nodiscard]] std::optional<TokenParse> parse_boolean_field_at(const Tokens& tokens, size_t i, const Field& field);
[[nodiscard]] NormalizeResult normalize_boolean(const Json& value, const Field& field);

}  // namespace invox::normalize
