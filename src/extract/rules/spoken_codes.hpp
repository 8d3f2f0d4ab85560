#pragma once
// Identifiers as dictated: written codes ("BK-7781", "55-102") are kept verbatim; spelled
// ones ("b k four four one", "r t two zero nine") are read by CF's spoken
// identifier reader and become letters and numerals ("BK-441"); bare digits get the
// template's prefix ("'BK-' followed by the digits").
#include <optional>
#include <string>
#include <vector>

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
                                                const FieldLexicon& fl);

// The candidate for a code read, at `score` (no cue of its own).
[[nodiscard]] FieldCandidate code_candidate(const CodeRead& code, double score);

// "We moved over to F nine", "I've got FL eleven today": codes said with no cue, for a code
// field whose guideline examples start with as many capitals ("'pontoon K, berth twenty-two'
// -> 'K-22'") and that no other code field of the template shares that shape with. Every such
// code in cased text, in the order said (a later one is a correction), at a guess's score.
[[nodiscard]] std::vector<FieldCandidate> read_unlabelled_codes(const Scan& s, size_t field);

}  // namespace invox::rules
