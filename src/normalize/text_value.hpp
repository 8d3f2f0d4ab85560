#pragma once
// text: trimmed, Unicode NFC, inner whitespace collapsed (identifiers spelled letter by letter
// are joined). textarea: a list of items from an array or a delimited string ("a, b and c",
// "a plus b"), placeholders dropped, duplicates removed case-insensitively, joined with ", ".
#include <string>
#include <string_view>
#include <vector>

#include "normalize/common.hpp"

namespace invox::normalize {

// Clean one piece of text: NFC, whitespace collapsed, trimmed.
[[nodiscard]] std::string clean_text(std::string_view s);

// Splits a dictated list on commas, semicolons, new lines, bullets, " and ", " plus ", " & ",
// " as well as ", "and also"; items are cleaned, empty ones dropped.
[[nodiscard]] std::vector<std::string> split_items(std::string_view s);

// True for "n/a", "none", "nil", "nothing", "unknown", "no known faults", "no faults found"
// (a "no"/"none" phrase made only of the field's own words and generic ones), and for phrases
// the guidelines list under "leave empty for '...'".
[[nodiscard]] bool is_placeholder_item(std::string_view item, const Field& field);

[[nodiscard]] NormalizeResult normalize_text(const Json& value, const Field& field);
[[nodiscard]] NormalizeResult normalize_textarea(const Json& value, const Field& field);

}  // namespace invox::normalize
