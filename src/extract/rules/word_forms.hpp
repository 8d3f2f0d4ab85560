#pragma once
// Word normalization for cue matching: lowercase folding, a light suffix stemmer, and a
// tolerant comparison ("escalated" ~ "escalation", "injured" ~ "injuries").
#include <string>
#include <string_view>

namespace invox::rules {

// Lowercases, drops accents ("Café" -> "cafe"), maps typographic apostrophes to "'", drops dots ("p.m." -> "pm" is NOT
// done: dots stay so that "p.m." never equals the word "pm").
[[nodiscard]] std::string fold_word(std::string_view raw);
// Light suffix stripping: plural, possessive, -ing, -ed, final -e, -y -> -i.
[[nodiscard]] std::string stem(std::string_view folded);
// How two stems relate: the same word (equal or a listed synonym), a derived form (one is the
// other plus a known derivational suffix, min. 5 characters shared: "inspect" ~ "inspector"),
// or unrelated.
enum class StemMatch { None, Same, Derived };
[[nodiscard]] StemMatch compare_stems(std::string_view a, std::string_view b);
// compare_stems() is not None.
[[nodiscard]] bool stems_match(std::string_view a, std::string_view b);

}  // namespace invox::rules
