#pragma once
// Identifiers spelled out letter by letter and digit by digit: "k t nine" -> "KT9",
// "r t two zero nine" -> "RT209", "r t zero six" -> "RT06".
#include <optional>
#include <string>
#include <string_view>

#include "normalize/tokenize.hpp"

namespace invox::normalize {

struct SpokenId {
  std::string value;  // joined capitals and digits
  size_t first = 0;   // token range [first, last)
  size_t last = 0;
  int letters = 0;
  int digits = 0;
};

// Reads single letters, spelling-alphabet words (alpha..zulu), repeat words ("double seven"),
// digit words (zero..nine, and "oh"/"o" after a digit) and digit tokens from token i on. Needs
// at least two pieces. The lexicon (src/core/lexicon.json) holds every word it knows.
[[nodiscard]] std::optional<SpokenId> parse_spoken_id_at(const Tokens& tokens, size_t i);

}  // namespace invox::normalize
