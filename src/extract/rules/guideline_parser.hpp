#pragma once
// Reads the free-text `guidelines` of a field for machine-usable hints. Templates commonly
// write synonym maps ("'RA' or 'no oxygen' -> room air; 'rehab' -> inpatient rehabilitation"),
// polarity lists ("false for 'non-smoker', 'never smoked'"), placeholders ("Leave empty for
// 'no known allergies'"), quoted examples of how the field is spoken ("'Seen today'") and
// code formats ("'WO-' followed by the digits").
#include <string>
#include <string_view>
#include <vector>

namespace invox::rules {

struct GuidelineMapping {
  std::vector<std::string> phrases;  // spoken forms
  std::string target;                // what they mean, as written ("room air", "0", "false")
};

struct GuidelineInfo {
  std::vector<GuidelineMapping> mappings;
  std::vector<std::string> placeholder_phrases;  // mean "leave the field empty"
  std::vector<std::string> quoted_examples;      // other quoted phrases
  std::string code_prefix;                       // "WO-" from "'WO-' followed by the digits"
  bool mentions_digits = false;                  // "letters and digits", "digits as numerals"
  bool wants_numerals = false;                   // "spoken numbers become numerals"
};

[[nodiscard]] GuidelineInfo parse_guidelines(std::string_view text);

}  // namespace invox::rules
