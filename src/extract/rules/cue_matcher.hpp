#pragma once
// Finds where the transcript mentions each field: cue phrases (with small gaps and swapped
// two-word order allowed) and value phrases (enum options and synonyms), overlaps resolved
// longest-first. Identical spans shared by several fields (an alias such as "BP" naming
// both systolic and diastolic pressure) are kept for every field.
#include <vector>

#include "extract/rules/cue_lexicon.hpp"
#include "extract/rules/transcript_tokens.hpp"

namespace invox::rules {

struct Mention {
  size_t field = 0;  // index into Lexicon::fields
  size_t first = 0;  // first token of the match (index into TokenizedText::tokens)
  size_t last = 0;   // one past the last matched token
  size_t words = 0;  // number of phrase words matched
  double strength = 1.0;
  bool is_value = false;  // a value phrase (option/synonym) rather than a cue
  const Cue* cue = nullptr;
  const ValuePhrase* value = nullptr;
  // Ends another field's value region. A number/date/time cue with no value of its type
  // after it ("chain" in "brake pads and chain") is just a word.
  bool bounds = true;
  // Matched through a derived word form only ("inspect" for the cue "inspector").
  bool derived = false;
};

struct MatchParams {
  size_t max_gap = 2;            // content tokens allowed between the words of a cue
  double gap_penalty = 0.8;      // strength factor for a gapped match
  double swap_penalty = 0.7;     // strength factor for a swapped two-word cue
  // A derived form is weaker evidence than the word itself: "inspect" is not "inspector".
  double derived_penalty = 0.85;
};

// All accepted mentions, sorted by position.
[[nodiscard]] std::vector<Mention> find_mentions(const TokenizedText& text, const Lexicon& lex,
                                                 const MatchParams& params = {});

}  // namespace invox::rules
