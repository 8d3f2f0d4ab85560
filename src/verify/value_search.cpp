#include "verify/value_search.hpp"

#include <algorithm>
#include <cctype>

namespace invox::verify {

namespace {
bool is_word_byte(unsigned char c) { return c >= 0x80 || std::isalnum(c); }
bool is_utf8_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }
}  // namespace

bool is_value_start(std::string_view text, size_t i) {
  if (i >= text.size()) return false;
  const auto c = static_cast<unsigned char>(text[i]);
  if (std::isspace(c) || is_utf8_continuation(c)) return false;
  return i == 0 || !is_word_byte(static_cast<unsigned char>(text[i - 1]));
}

std::optional<util::ByteSpan> find_parsed_value(std::string_view text, const Json& target, const Field& field,
                                                const NormalizeContext& ctx) {
  if (target.is_null()) return std::nullopt;
  for (size_t i = 0; i < text.size(); ++i) {
    if (!is_value_start(text, i)) continue;
    const auto parsed = parse_value_prefix(text.substr(i), field, ctx);
    if (!parsed || parsed->consumed == 0 || parsed->value.is_null()) continue;
    if (!values_match(target, parsed->value, field)) continue;
    return util::ByteSpan{i, std::min(text.size(), i + parsed->consumed)};
  }
  return std::nullopt;
}

}  // namespace invox::verify
