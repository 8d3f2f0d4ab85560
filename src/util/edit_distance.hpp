#pragma once
// How far apart two short words are, for "did you mean" hints (template keys, subcommands, flags).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace invox::util {

// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
[[nodiscard]] size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` when it is a plausible typo of it: at most one edit for
// candidates of up to 3 characters, two for longer ones; ties go to the first candidate.
[[nodiscard]] std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace invox::util
