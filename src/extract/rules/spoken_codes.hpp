#pragma once
// Identifiers as dictated: written codes ("BK-7781", "55-102") are kept verbatim; spelled
// ones ("b k four four one", "r t two zero nine") are read by CF's spoken
// identifier reader and become letters and numerals ("BK-441"); bare digits get the
// template's prefix ("'BK-' followed by the digits").
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

}  // namespace invox::rules
