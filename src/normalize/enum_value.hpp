#pragma once
// Enum fields: case- and accent-insensitive match against the options, then the template's
// optionAliases, synonyms written in the guidelines ("'hydro' -> hydraulic disc"),
// acronyms of multi-word options ("AMA"), plurals and unique option prefixes ("CNC" -> "CNC
// machine"). A value outside the options is rejected, never invented.
#include <optional>
#include <string>
#include <vector>

#include "normalize/common.hpp"

namespace invox::normalize {

struct EnumCandidate {
  std::string option;               // the option it selects, spelled as in the template
  std::vector<std::string> words;   // phrase_key words of the option or synonym
  bool synonym = false;
};
// Options first, then template aliases, then guideline aliases whose target is an option.
[[nodiscard]] std::vector<EnumCandidate> enum_candidates(const Field& field);

[[nodiscard]] std::optional<TokenParse> parse_enum_field_at(const Tokens& tokens, size_t i, const Field& field);
[[nodiscard]] NormalizeResult normalize_enum(const Json& value, const Field& field);

// Words that negate what follows: the lexicon's negators and "n't" forms.
[[nodiscard]] bool is_negation_word(std::string_view word);

}  // namespace invox::normalize
