#pragma once
// Learns cue phrases from few-shot examples (past filled forms of the same template): where an
// example's expected value occurs in its transcript, the words just before it are how people
// announce that field ("tyres at", "ride hours"), so the offline engine improves as history grows.
#include <vector>

#include "extract/rules/cue_lexicon.hpp"
#include "invox/extractor.hpp"

namespace invox::rules {

struct LearnParams {
  size_t max_cue_words = 2;
  double strength = 0.75;
};

// Adds learned cues to `lex` (never one that another field already uses). Returns how many.
size_t learn_cues(Lexicon& lex, const std::vector<FewShot>& examples, const NormalizeContext& ctx,
                  const LearnParams& params = {});

}  // namespace invox::rules
