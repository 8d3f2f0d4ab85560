#pragma once
// Normalized values phrased for the ear (spoken read-back, clarify questions): dates as
// "March fourteenth, twenty twenty-six", numbers with their unit as "thirty-eight point five
// degrees Celsius", times as "two thirty in the afternoon", identifiers letter by letter.
#include <string>
#include <string_view>
#include <vector>

#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox::spoken {

enum class DateStyle {
  MonthFirst,  // "March fourteenth, twenty twenty-six"
  DayFirst,    // "the fourteenth of March, twenty twenty-six" (contrasts two readings clearly)
};

// "YYYY-MM-DD" in words; the input unchanged when it is not such a date.
[[nodiscard]] std::string spoken_date(std::string_view iso, DateStyle style = DateStyle::MonthFirst,
                                      bool with_year = true);
// "HH:MM" (24 h) in words: "two thirty in the afternoon", "noon", "midnight".
[[nodiscard]] std::string spoken_time(std::string_view hh_mm);
// A number and, when given, its unit: (38.5, "°C") -> "thirty-eight point five degrees Celsius".
[[nodiscard]] std::string spoken_number(double value, std::string_view unit = {});
// The unit as words ("°C" -> "degrees Celsius", "breaths/min" -> "breaths per minute");
// `one` picks the singular.
[[nodiscard]] std::string spoken_unit(std::string_view unit, bool one = false);
// Free text with identifiers ("WO-2026-0412", "A12B") spelled letter by letter and digit by
// digit, written ordinals said as words ("3rd" -> "third"); ordinary words are left to the voice.
[[nodiscard]] std::string spoken_text(std::string_view text);
// Any normalized value of `field` for the ear; "" for null.
[[nodiscard]] std::string spoken_value(const Field& field, const Json& value);
// "a, b and c" / "a, b or c": a spoken list with `conjunction` before the last item.
[[nodiscard]] std::string spoken_list(const std::vector<std::string>& items, std::string_view conjunction);
// The text with its first letter capitalized, to start a sentence.
[[nodiscard]] std::string capitalized(std::string text);
// The field's label as said in a sentence: "Level of consciousness (AVPU)" -> "level of
// consciousness"; acronyms keep their capitals.
[[nodiscard]] std::string spoken_label(const Field& field);

}  // namespace invox::spoken
