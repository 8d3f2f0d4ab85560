#pragma once
// Omissions made visible: how a transcript speaks about a field (its label or an alias said, a
// word of them said, or said as "none"), so a field left empty or kept unchanged although it was
// talked about can be flagged for a person rather than pass silently.
#include <optional>
#include <string>
#include <string_view>

#include "invox/template.hpp"
#include "util/text_fold.hpp"

namespace invox::verify {

// The transcript's words naming `field` (its label or an alias, whole words, folded), or
// nullopt when it does not speak about the field. Names shorter than three letters are ignored:
// they occur by chance.
[[nodiscard]] std::optional<std::string> field_mention(const Field& field, const util::FoldedText& transcript);

// Two words of one stem: equal, or sharing their first five letters ("escalation" for
// "escalated").
[[nodiscard]] bool shares_stem(std::string_view cue, std::string_view word);

// How the transcript talks about a field, word by word.
struct FieldTalk {
  bool cue_word = false;   // a word of the label or an alias is said (same stem), not negated
  bool said_none = false;  // such a word follows a negator or "nothing" opener ("no deficiencies")
};

// Words of the label and aliases shorter than four letters, stopwords and generic cue words
// ("date", "time", "name") are not looked for: they occur in talk about anything.
[[nodiscard]] FieldTalk field_talk(const Field& field, const util::FoldedText& transcript);

}  // namespace invox::verify
