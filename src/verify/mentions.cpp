#include "verify/mentions.hpp"

#include <vector>

namespace invox::verify {

std::optional<std::string> field_mention(const Field& field, const util::FoldedText& transcript) {
  constexpr size_t kShortestName = 3;
  std::vector<std::string> names;
  if (!field.label.empty()) names.push_back(field.label);
  for (const auto& a : field.aliases) names.push_back(a);
  for (const auto& name : names) {
    const std::string needle = util::fold(name);
    if (needle.size() < kShortestName) continue;
    if (auto m = util::find_folded(transcript, needle, 0, /*whole_words=*/true)) return name;
  }
  return std::nullopt;
}

}  // namespace invox::verify
