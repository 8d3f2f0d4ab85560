#pragma once
// Numbers, dates and times: the typed value after a cue (or before a unit word), "X over Y"
// pairs for fields that share a cue, counts negated by "nobody"/"no one" (= 0), and
// self-corrections.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

[[nodiscard]] std::vector<FieldCandidate> read_typed_field(const Scan& s, size_t field);

}  // namespace invox::rules
