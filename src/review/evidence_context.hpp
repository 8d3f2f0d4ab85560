#pragma once
// The transcript lines a reviewer needs beside a value: the sentence(s) holding the evidence,
// with the evidence itself marked, and the ones around them.
#include <optional>
#include <string>
#include <vector>

#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox::review {

struct ContextLine {
  std::string before;  // text of the sentence before the marked part
  std::string marked;  // the evidence (empty for a sentence shown only as context)
  std::string after;
};

struct EvidenceContext {
  std::vector<ContextLine> lines;
  std::optional<double> start;  // seconds in the audio, when known
  std::optional<double> end;
};

// Sentences around `evidence` (byte offsets when they are valid, else the snippet searched in
// the transcript), `around` sentences either side. Empty when the evidence is not found.
[[nodiscard]] EvidenceContext evidence_context(const std::string& transcript, const std::optional<Evidence>& evidence,
                                               size_t around = 1);

// For a value with no evidence (a missing field): the sentences that mention the field's label
// or an alias, the mention marked; at most `limit` sentences.
[[nodiscard]] EvidenceContext mention_context(const std::string& transcript, const Field& field, size_t limit = 2);

}  // namespace invox::review
