#include "core/english_words.hpp"

#include <cctype>
#include <string>
#include <unordered_set>

#include "core/lexicon_data.hpp"
#include "util/strings.hpp"

namespace invox::lexicon {

namespace {

// Lower-case words of the list that never appear capitalized. Built on first use, once per
// process (about 100 000 lines; the offline engine asks only for uncased transcripts).
const std::unordered_set<std::string, StringHash, std::equal_to<>>& everyday_words() {
  static const auto words = [] {
    std::unordered_set<std::string, StringHash, std::equal_to<>> lower, capitalized;
    const std::string_view list = builtin_english_words();
    size_t at = 0;
    while (at < list.size()) {
      size_t end = list.find('\n', at);
      if (end == std::string_view::npos) end = list.size();
      const std::string_view w = list.substr(at, end - at);
      at = end + 1;
      if (w.empty() || w.ends_with("'s")) continue;
      if (std::isupper(static_cast<unsigned char>(w.front()))) {
        capitalized.insert(util::to_lower_ascii(w));
      } else {
        lower.emplace(w);
      }
    }
    std::erase_if(lower, [&](const std::string& w) { return capitalized.contains(w); });
    return lower;
  }();
  return words;
}

}  // namespace

bool everyday_word(std::string_view word) { return everyday_words().contains(word); }

}  // namespace invox::lexicon
