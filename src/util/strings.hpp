#pragma once
// Small string helpers with no domain knowledge.
#include <string>
#include <string_view>
#include <vector>

namespace invox::util {

[[nodiscard]] std::string trim(std::string_view s);
// Non-empty and only the ASCII digits 0-9.
[[nodiscard]] bool all_digits(std::string_view s);
[[nodiscard]] std::string to_lower_ascii(std::string_view s);
[[nodiscard]] bool starts_with_icase(std::string_view s, std::string_view prefix);
[[nodiscard]] std::vector<std::string> split(std::string_view s, char sep);
[[nodiscard]] std::string join(const std::vector<std::string>& parts, std::string_view sep);
// Cuts `text` to at most `max_chars` Unicode code points (never inside a UTF-8 sequence).
[[nodiscard]] std::string truncate_chars(std::string_view text, size_t max_chars);
// A byte that continues a UTF-8 sequence (10xxxxxx): a cut or a character count never starts there.
[[nodiscard]] constexpr bool is_utf8_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }
// `pos` moved back to the first byte of the UTF-8 character that holds it; text.size() stays.
[[nodiscard]] size_t utf8_char_start(std::string_view text, size_t pos);
// The number of Unicode code points in `text`.
[[nodiscard]] size_t utf8_length(std::string_view text);
// True when `s` is well-formed UTF-8.
[[nodiscard]] bool is_valid_utf8(std::string_view s);

}  // namespace invox::util
