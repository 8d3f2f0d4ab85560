#include "normalize/lexicon.hpp"


namespace invox::normalize {

namespace {

std::optional<int> offset_index(const lexicon::OrderedWords& list, std::string_view w, int base, int step) {
  if (auto i = list.index_of(w)) return base + step * static_cast<int>(*i);
  return std::nullopt;
}

}  // namespace

std::optional<int> digit_word(std::string_view w) { return offset_index(words().digit_words, w, 0, 1); }

std::optional<int> teen_word(std::string_view w) { return offset_index(words().teen_words, w, 10, 1); }

std::optional<int> tens_word(std::string_view w) { return offset_index(words().tens_words, w, 20, 10); }

std::optional<int> ordinal_word(std::string_view w) {
  if (auto i = offset_index(words().digit_ordinals, w, 0, 1); i && *i > 0) return i;
  if (auto i = offset_index(words().teen_ordinals, w, 10, 1)) return i;
  if (auto i = offset_index(words().tens_ordinals, w, 20, 10)) return i;
  if (auto it = words().scale_ordinals.find(w); it != words().scale_ordinals.end()) return static_cast<int>(it->second);
  return std::nullopt;
}

std::optional<double> scale_word(std::string_view w) {
  if (auto it = words().scale_words.find(w); it != words().scale_words.end()) return it->second;
  return std::nullopt;
}

std::optional<double> frequency_word(std::string_view w, std::string_view next) {
  auto it = words().frequency_words.find(w);
  if (it == words().frequency_words.end() || !words().rate_openers.contains(next)) return std::nullopt;
  return it->second;
}

std::optional<double> level_word(std::string_view w) {
  auto it = words().level_words.find(w);
  if (it == words().level_words.end()) return std::nullopt;
  return it->second;
}

std::optional<unsigned> month_word(std::string_view w) {
  if (auto i = words().month_names.index_of(w)) return static_cast<unsigned>(*i + 1);
  return std::nullopt;
}

std::optional<unsigned> weekday_word(std::string_view w) {
  if (auto i = words().weekday_names.index_of(w)) return static_cast<unsigned>(*i + 1);
  return std::nullopt;
}

std::optional<int> spoken_zero(std::string_view w) {
  if (words().spoken_zero.contains(w)) return 0;
  return std::nullopt;
}

}  // namespace invox::normalize
