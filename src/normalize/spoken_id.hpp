#pragma once
// Identifiers spelled out letter by letter and digit by digit: "h p three" -> "HP3",
// "w o six two zero three" -> "WO6203", "c v zero four" -> "CV04".
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

// Reads single letters ("h", "p", "double u"? no), letter-names ("bee"? no: only single
// letters and NATO words alpha..zulu), digit words (zero/oh..nine) and digit tokens from token
// i on. Needs at least two pieces.
[[nodiscard]] std::optional<SpokenId> parse_spoken_id_at(const Tokens& tokens, size_t i);

// The whole text as a spoken identifier, or nullopt when any word is not a letter or digit.
[[nodiscard]] std::optional<std::string> spoken_id(std::string_view text);

}  // namespace invox::normalize
