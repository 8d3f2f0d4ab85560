#pragma once
// Unicode-aware string folding used by every normalizer and by scoring, so "Café", "cafe"
// and "CAFE" compare equal everywhere in the same way.
#include <string>
#include <string_view>

namespace invox::normalize {

// Unicode NFC (utf8proc). Invalid UTF-8 is returned unchanged.
[[nodiscard]] std::string nfc(std::string_view s);
// NFC + case folding + accents stripped ("Élan" -> "elan").
[[nodiscard]] std::string fold_case_accents(std::string_view s);
// Trims and collapses every run of Unicode/ASCII whitespace and control characters to a single
// space.
[[nodiscard]] std::string collapse_whitespace(std::string_view s);
// Matching key for phrases: folded, every non-alphanumeric run becomes one space, trimmed
// ("Non-Rebreather  Mask." -> "non rebreather mask").
[[nodiscard]] std::string phrase_key(std::string_view s);
// Scoring key for text: folded with punctuation and whitespace removed ("HP-3" == "hp 3").
[[nodiscard]] std::string compact_key(std::string_view s);

}  // namespace invox::normalize
