#include "extract/rules/recorded_values.hpp"

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
constexpr size_t kPhraseWords = 8;  // "and I'll just put that down as the"

// Who writes the value and how: "I'll", "we'll just", "and I".
bool writer_word(const Token& t) {
  return words().subject_pronouns.contains(t.norm) || is_auxiliary_word(t.norm) || is_stopword(t.norm);
}
}  // namespace

std::optional<size_t> recording_phrase_before(const Scan& s, const Mention& m) {
  // Back from the cue over the links ("as the"), the verb's object ("that") and the verb, then
  // over who writes it ("I'll", "we'll just"), to the break that ends the value.
  size_t i = m.first;
  bool object = false, verb = false;
  for (size_t n = 0; n < kPhraseWords && i > 0; ++n) {
    const Token& t = s.tok(i - 1);
    if (t.after != Break::None) break;
    if (t.filler) {
      --i;
      continue;
    }
    if (!verb && words().recording_links.contains(t.norm)) {
      object = object || t.norm == "that" || t.norm == "it" || t.norm == "this";
    } else if (!verb && object && words().recording_verbs.contains(t.norm)) {
      verb = true;
    } else if (!(verb && writer_word(t))) {
      return std::nullopt;
    }
    --i;
  }
  // The value ends at the break right before the phrase.
  if (!verb || i == 0 || s.tok(i - 1).after == Break::None) return std::nullopt;
  return i;
}

}  // namespace invox::rules
