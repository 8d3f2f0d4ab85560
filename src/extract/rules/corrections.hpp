#pragma once
// Self-corrections after a value: "thirty eight, no sorry, thirty seven point eight",
// "12,040, no, sorry, 12,400", "scratch that", "make that", "I mean" (the later value wins) and
// rejections "112, not 110" / "May fifth instead of the fourth" (the rejected value is skipped).
#include <functional>
#include <optional>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Reads one value of the field's kind at token i bounded by `end`.
using ValueReader = std::function<std::optional<FieldCandidate>(size_t i, size_t end)>;

// Length in tokens (fillers skipped) of the phrase from `markers` starting at token i, or 0.
[[nodiscard]] size_t marker_length(const Scan& s, size_t i, const std::vector<std::vector<std::string_view>>& markers,
                                   std::vector<std::string_view>* which = nullptr);

// Applies corrections/rejections following `value` (read for `field`); returns the final value.
[[nodiscard]] FieldCandidate apply_corrections(const Scan& s, size_t field, FieldCandidate value,
                                               const ValueReader& read);

}  // namespace invox::rules
