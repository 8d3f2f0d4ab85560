#include "verify/value_search.hpp"

#include <algorithm>
#include <cctype>

#include "util/cancel.hpp"
#include "util/strings.hpp"

namespace invox::verify {

namespace {
bool is_word_byte(unsigned char c) { return c >= 0x80 || std::isalnum(c); }

// No value CF reads spans more words than this (the longest spoken dates and numbers take about
// ten); each start is parsed within this many words, not the whole rest of the transcript, so
// the search stays linear in the transcript's length.
constexpr size_t kMaxValueWords = 24;

// Where the window of kMaxValueWords whitespace-separated words starting at `i` ends.
size_t window_end(std::string_view text, size_t i) {
  size_t words = 0;
  bool in_word = false;
  for (size_t k = i; k < text.size(); ++k) {
    const bool space = std::isspace(static_cast<unsigned char>(text[k])) != 0;
    if (space && in_word && ++words == kMaxValueWords) return k;
    in_word = !space;
  }
  return text.size();
}
}  // namespace

bool is_value_start(std::string_view text, size_t i) {
  if (i >= text.size()) return false;
  const auto c = static_cast<unsigned char>(text[i]);
  if (std::isspace(c) || util::is_utf8_continuation(c)) return false;
  return i == 0 || !is_word_byte(static_cast<unsigned char>(text[i - 1]));
}

void for_each_parsed_value(std::string_view text, const Field& field, const NormalizeContext& ctx,
                           const std::function<bool(util::ByteSpan, const Json&)>& fn) {
  constexpr size_t kStopCheckEvery = 4096;  // bytes: a stop ends a search of a long transcript
  const PrefixParser parser(text, field, ctx);
  for (size_t i = 0; i < text.size(); ++i) {
    if (i % kStopCheckEvery == 0 && util::stop_requested()) throw util::StopRequested{};
    if (!is_value_start(text, i)) continue;
    const auto parsed = parser.at(i, window_end(text, i));
    if (!parsed || parsed->consumed == 0 || parsed->value.is_null()) continue;
    const util::ByteSpan span{i, std::min(text.size(), i + parsed->consumed)};
    if (!fn(span, parsed->value)) return;
  }
}

std::optional<util::ByteSpan> find_parsed_value(std::string_view text, const Json& target, const Field& field,
                                                const NormalizeContext& ctx) {
  if (target.is_null()) return std::nullopt;
  std::optional<util::ByteSpan> found;
  for_each_parsed_value(text, field, ctx, [&](util::ByteSpan span, const Json& value) {
    if (values_match(target, value, field)) found = span;
    return !found;
  });
  return found;
}

}  // namespace invox::verify
