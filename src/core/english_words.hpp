#pragma once
// The English word list of Debian's wamerican package (/usr/share/dict/american-english),
// compiled in at build time: it tells an everyday word ("towels", "waiting") from a name.
// Proper nouns are capitalized in the list, so "bolt" (also "Bolt") and "mensah" (absent) are
// not everyday-only words, while "paper" is.
#include <string_view>

namespace invox::lexicon {

// `word` (lower case) is in the list in lower case only, never capitalized: a word of everyday
// English that is no one's name.
[[nodiscard]] bool everyday_word(std::string_view word);

// The list as compiled in, one word per line (generated from the build machine's word list).
[[nodiscard]] std::string_view builtin_english_words();

}  // namespace invox::lexicon
