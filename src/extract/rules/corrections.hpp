#pragma once
// Self-corrections after a value: "thirty eight, no sorry, thirty seven point eight",
// "3,150, no, sorry, 3,510", "scratch that", "make that", "I mean" (the later value wins) and
// rejections "64, not 60" / "the ninth instead of the eighth" (the rejected value is skipped).
#include <functional>
#include <optional>

#include "core/lexicon_data.hpp"
#include "extract/rules/scan.hpp"

namespace invox::rules {

// Reads one value of the field's kind at token i bounded by `end`.
using ValueReader = std::function<std::optional<FieldCandidate>(size_t i, size_t end)>;

// Length in tokens (fillers skipped) of the phrase from `markers` starting at token i, or 0.
[[nodiscard]] size_t marker_length(const Scan& s, size_t i, const std::vector<lexicon::Phrase>& markers,
                                   const lexicon::Phrase** which = nullptr);

// Applies corrections/rejections following `value` (read for `field`); returns the final value.
[[nodiscard]] FieldCandidate apply_corrections(const Scan& s, size_t field, FieldCandidate value,
                                               const ValueReader& read);

}  // namespace invox::rules
