#pragma once
// Value synonyms written in a field's free-text guidelines, so templates need not repeat them
// in "optionAliases":  'SNF' or 'nursing home' -> skilled nursing facility;  First aid only -> false;
// false for 'non-smoker', 'never smoked';  Leave empty for 'no known allergies'.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace invox::normalize {

struct GuidelineAlias {
  std::string phrase;  // as written in the guideline
  std::string target;  // what it maps to ("skilled nursing facility", "false", "0")
};

struct GuidelineRules {
  std::vector<GuidelineAlias> aliases;      // "x -> y" and "true/false for 'x'"
  std::vector<std::string> empty_phrases;   // "leave empty for 'x'": the value is then null
};

// Parses (and caches per guideline text) the alias rules of a guideline string.
[[nodiscard]] std::shared_ptr<const GuidelineRules> guideline_rules(const std::string& guidelines);

}  // namespace invox::normalize
