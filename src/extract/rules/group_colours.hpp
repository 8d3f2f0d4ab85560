#pragma once
// Colour sub-fields of a repeating group ("Colour", "Frame colour"): a record's colour is said
// before the thing it colours ("a blue hatchback", "dark green"), with no cue to find it by.
// The colour words are lexicon data (colour_field_words, colour_words, colour_shades).
#include <optional>
#include <string>
#include <vector>

#include "extract/rules/scan.hpp"
#include "extract/rules/transcript_tokens.hpp"
#include "invox/template.hpp"

namespace invox::rules {

// Ids of the text sub-fields whose id or label says they hold a colour.
[[nodiscard]] std::vector<std::string> colour_fields(const std::vector<Field>& fields);

struct SaidColour {
  std::string value;  // lowercase, with its shade: "dark green"
  size_t first = 0;   // token range [first, last)
  size_t last = 0;
};

// The first colour said in tokens [first, last) of `tt` whose token `usable` accepts.
template <typename Usable>
[[nodiscard]] std::optional<SaidColour> first_colour(const TokenizedText& tt, size_t first, size_t last, Usable usable);

bool is_colour_word(const Token& t);
bool is_colour_shade(const Token& t);

// A scalar colour field said without its cue ("the big navy spinner case"): the first colour
// said in the transcript, when its tokens are not a name ("Mr Brown") or another field's cue.
// Weak: a cued colour ("colour: navy") wins.
[[nodiscard]] std::vector<FieldCandidate> read_uncued_colour(const Scan& s, size_t field);

template <typename Usable>
std::optional<SaidColour> first_colour(const TokenizedText& tt, size_t first, size_t last, Usable usable) {
  for (size_t i = first; i < last; ++i) {
    if (!is_colour_word(tt.tokens[i]) || !usable(tt.tokens[i])) continue;
    size_t start = i;
    while (start > first && is_colour_shade(tt.tokens[start - 1])) --start;
    SaidColour out{"", start, i + 1};
    for (size_t k = start; k <= i; ++k) out.value += (out.value.empty() ? "" : " ") + tt.tokens[k].norm;
    return out;
  }
  return std::nullopt;
}

}  // namespace invox::rules
