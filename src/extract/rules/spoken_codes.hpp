#pragma once
// Identifiers as dictated: written codes ("AX-558213", "26-04418") are kept verbatim; spelled
// ones ("h o seven seven three one zero two", "w o six two zero three") become letters and
// numerals ("HO-773102"); bare digits get the template's prefix ("'WO-' followed by the digits").
#include <optional>
#include <string>

#include "extract/rules/scan.hpp"

namespace invox::rules {

struct CodeRead {
  std::string code;
  size_t first = 0;
  size_t last = 0;
};

// The first identifier in tokens [from, end), scanning at most `lookahead` content tokens for
// its start.
[[nodiscard]] std::optional<CodeRead> read_code(const Scan& s, size_t from, size_t end, size_t lookahead,
                                                const std::string& prefix);

// Digit value of a spoken digit word ("zero", "oh", "one".."nine"), or -1.
[[nodiscard]] int spoken_digit(const std::string& norm);

}  // namespace invox::rules
