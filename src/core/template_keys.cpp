#include "core/template_keys.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "util/edit_distance.hpp"

namespace invox::detail {

namespace {

std::string fold(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c != '_' && c != '-' && c != ' ') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace

std::optional<std::string> misspelled_key(const Json& obj, std::span<const std::string_view> known) {
  if (!obj.is_object()) return std::nullopt;
  for (const auto& [key, value] : obj.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    const std::string k = fold(key);
    // The closest known key wins ("mni" is one swap from "min", two edits from "unit").
    std::optional<std::string_view> best;
    size_t best_distance = 0;
    for (const auto candidate : known) {
      const std::string c = fold(candidate);
      const size_t d = k == c ? 0 : util::edit_distance(k, c);
      // Short keys ("id", "op", "min") allow one edit, longer ones two.
      const size_t allowed = c.size() <= 3 ? 1 : 2;
      if (d <= allowed && (!best || d < best_distance)) {
        best = candidate;
        best_distance = d;
      }
    }
    if (best) return fmt::format("unknown key '{}' (did you mean '{}'?)", key, *best);
  }
  return std::nullopt;
}

}  // namespace invox::detail
