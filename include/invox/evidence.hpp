#pragma once
// Grounding a value in its transcript: where the transcript states it. Extractors use it to give
// a model's answer evidence and confidence, the deterministic `rules` judge to decide between two
// models, and VER's grounding check relies on the same search, so all three agree on whether a
// value is stated. Implemented in src/verify/ (VER owns grounding); other agents reach it through
// this interface only.
#include <optional>
#include <string>
#include <utility>

#include "invox/json.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"
#include "invox/values.hpp"

namespace invox {

// The first place in `transcript` that states `value` (as the model wrote it) for `field`: the
// literal text as whole words, case and punctuation ignored (a textarea by its first item), else
// for typed fields a span CF reads as the same value ("thirty eight" for 38). The evidence has
// the snippet and its byte offsets; segment times are added later, once, by the orchestrator.
// nullopt for a null value or one the transcript does not state.
[[nodiscard]] std::optional<Evidence> find_evidence(const Json& value, const Field& field, const Transcript& transcript,
                                                    const NormalizeContext& ctx);

// Where `evidence` sits in `transcript` (byte offsets, end exclusive): its offsets when they are
// inside the text and on UTF-8 boundaries, else the first case-insensitive occurrence of its
// snippet; nullopt when it is in neither. The one lookup behind every display of evidence (the
// eval HTML report, `invox review`).
[[nodiscard]] std::optional<std::pair<size_t, size_t>> locate_evidence(const std::string& transcript,
                                                                       const Evidence& evidence);

}  // namespace invox
