#pragma once
// What a field's free-text `guidelines` say in the forms templates commonly use, read once for
// both the rules extractor and normalization (so the two never read a guideline differently):
//   synonym maps      'hydro' or 'oil brakes' -> hydraulic disc; 'V' -> rim brake
//   category items    labrador, collie, terrier -> dog; unwell (vomiting, itchy) -> illness
//   polarity lists    false for 'borrowed', 'rented';  Walk-in only -> true
//   placeholders      Leave empty for 'no known faults'
//   code formats      'BK-' followed by the digits
//   rounding          'rounded to a whole cm', 'one decimal'
//   month-only dates  'When only a month and year are given, the last day of that month'
//   exclusions        'not the standing pressure', 'the time the lift stopped is not the arrival'
//   examples          other quoted phrases ("'Picked up today'"), and whether digits/numerals are asked for
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace invox {

struct GuidelineAlias {
  std::string phrase;  // as written in the guideline ("no oxygen")
  std::string target;  // what it means, as written ("room air", "false", "0")
};

// A word or short phrase from a described category ("Trips, falls and collisions -> accident",
// "unwell (vomiting, not eating) -> illness"): said, it suggests the target, weaker than an
// alias (the rules engine reads these; CF does not map values by them).
struct GuidelineItem {
  std::string phrase;
  std::string target;
  bool example = false;  // from a parenthetical list of examples of a description
};

struct GuidelineHints {
  std::vector<GuidelineAlias> aliases;         // in the order written
  std::vector<GuidelineItem> items;            // unquoted list items on the left of a mapping
  std::vector<std::string> empty_phrases;      // mean "leave the field empty"
  std::vector<std::string> quoted_examples;    // other quoted phrases
  std::string code_prefix;                     // "BK-" from "'BK-' followed by the digits"
  bool mentions_digits = false;                // "letters and digits", "digits as numerals"
  bool mentions_letters = false;               // "letters and digits joined", "letters read before the digits"
  bool wants_numerals = false;                 // "spoken numbers become numerals"
  std::optional<int> decimals;                 // "rounded to a whole cm" 0, "one decimal" 1
  // The day a date said with only its month and year falls on: true the last of the month
  // ("the last day of that month"), false the first; nullopt: such a phrase is no date.
  std::optional<bool> month_only_last_day;
  // "a year alone as 1 January": a full year said with no month is a date on that day.
  bool year_only_first_day = false;
  // What the field is not, as written: "the standing pressure" from "not the standing pressure",
  // "the time a fault was reported" from "the time a fault was reported is not the arrival".
  std::vector<std::string> exclusions;
};

// Parses `guidelines`; results are cached per text (templates are few, batches call this often).
[[nodiscard]] std::shared_ptr<const GuidelineHints> guideline_hints(const std::string& guidelines);
// The uncached parse, for tests and tools.
[[nodiscard]] GuidelineHints parse_guideline_hints(std::string_view guidelines);

}  // namespace invox
