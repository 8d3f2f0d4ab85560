#include "review/value_path.hpp"

#include <cctype>
#include <charconv>

#include <fmt/format.h>

namespace invox::review {

namespace {

// Field ids are template keys: anything but the path's own punctuation and spaces.
bool valid_id(std::string_view id) {
  if (id.empty()) return false;
  for (char c : id) {
    if (c == '[' || c == ']' || c == '.' || std::isspace(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

Error bad(std::string_view text, std::string_view why) {
  return Error::input(fmt::format("'{}' is not a value path ({}): write 'field' or 'group[index].field'", text, why));
}

}  // namespace

Expected<ValuePath> parse_value_path(std::string_view text) {
  const size_t open = text.find('[');
  if (open == std::string_view::npos) {
    if (!valid_id(text)) return bad(text, "a field id has no spaces, dots or brackets");
    return ValuePath{std::string(text), std::nullopt, {}};
  }
  const size_t close = text.find(']', open);
  if (close == std::string_view::npos) return bad(text, "'[' without ']'");
  const std::string_view field = text.substr(0, open);
  const std::string_view number = text.substr(open + 1, close - open - 1);
  size_t index = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), index);
  if (number.empty() || ec != std::errc() || end != number.data() + number.size()) {
    return bad(text, "the item index must be a number from 0");
  }
  const std::string_view rest = text.substr(close + 1);
  if (rest.size() < 2 || rest[0] != '.') return bad(text, "an item index must be followed by '.field'");
  const std::string_view sub = rest.substr(1);
  if (!valid_id(field) || !valid_id(sub)) return bad(text, "a field id has no spaces, dots or brackets");
  return ValuePath{std::string(field), index, std::string(sub)};
}

std::string to_string(const ValuePath& path) {
  if (!path.index) return path.field;
  return fmt::format("{}[{}].{}", path.field, *path.index, path.sub);
}

}  // namespace invox::review
