#include "core/template_keys.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include <fmt/format.h>

namespace invox::detail {

namespace {

std::string fold(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c != '_' && c != '-' && c != ' ') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
size_t edit_distance(const std::string& a, const std::string& b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
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
      const size_t d = k == c ? 0 : edit_distance(k, c);
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
