#pragma once
// Where in the transcript a model's value is stated: the literal text (case- and
// punctuation-insensitive), or a span CF parses to the same value ("thirty eight" for 38).
// Used for evidence, confidence and the deterministic `rules` judge.
#include <optional>

#include "invox/extractor.hpp"
#include "invox/normalize.hpp"

namespace invox::llm {

[[nodiscard]] std::optional<Evidence> find_evidence(const Json& value, const Field& field, const Transcript& transcript,
                                                    const NormalizeContext& ctx);

}  // namespace invox::llm
