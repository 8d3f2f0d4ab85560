#pragma once
// The English word lists of Debian's wamerican and wbritish packages (/usr/share/dict/), compiled
// in at build time: they tell an everyday word ("towels", "metres") from a name. Proper nouns are
// capitalized in the lists, so "grace" (also "Grace") and "mensah" (absent) are not everyday-only
// words, while "paper" is.
#include <string_view>

namespace invox::lexicon {

// `word` (lower case) is in a list in lower case and in none capitalized: a word of everyday
// English that is no one's name.
[[nodiscard]] bool everyday_word(std::string_view word);

// The lists as compiled in, one word per line (generated from the build machine's word lists).
[[nodiscard]] std::string_view builtin_english_words();

}  // namespace invox::lexicon
