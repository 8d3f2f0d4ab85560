#pragma once
// The rules extractor's answer for a group field: the group reader's records as the list value
// (every sub-field named, null where unsaid) with per-item confidence and evidence.
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "invox/extractor.hpp"

namespace invox::rules {

// nullopt: nothing to say about `group` (never mentioned, or the current list untouched).
// `current` may be null; a locked current list is never read (the form keeps it).
[[nodiscard]] std::optional<Candidate> group_candidate(const Field& group, std::string_view text,
                                                       const NormalizeContext& ctx, const CurrentValue* current,
                                                       const std::vector<std::pair<size_t, size_t>>& claimed);

}  // namespace invox::rules
