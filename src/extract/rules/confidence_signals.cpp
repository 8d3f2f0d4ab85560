#include "extract/rules/confidence_signals.hpp"

#include <algorithm>

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

ConfidenceSignals confidence_signals(const Scan& s, const FieldCandidate& chosen,
                                     const std::vector<FieldCandidate>& ranked, double keep_ratio) {
  ConfidenceSignals sig;
  sig.reader_score = chosen.score;
  sig.implied = chosen.implied;
  sig.corrected = chosen.corrected;
  sig.cue_led = chosen.cue_first < chosen.first;
  sig.cue_distance = sig.cue_led ? chosen.first - chosen.cue_first : 0;
  double best = 0.0;
  for (const auto& c : ranked) best = std::max(best, c.score);
  for (const auto& c : ranked) {
    if (c.score < keep_ratio * best || c.value == chosen.value) continue;
    ++sig.rivals;
  }
  if (!chosen.implied && chosen.first < s.size()) {
    if (auto prev = s.prev_content(chosen.first)) sig.negated = is_negation_word(s.tok(*prev).norm);
    for (size_t i = chosen.first; i < std::min(chosen.last, s.size()); ++i) sig.literal = sig.literal || s.tok(i).has_digit;
  }
  return sig;
}

double combine_signals(const ConfidenceSignals& sig) {
  // Factors, not sums, so the reader's ordering is kept within each kind of finding. Rivals are
  // the strongest doubt: the transcript offers another reading of the same field.
  constexpr double kPerRival = 0.8;
  constexpr double kMostRivalDoubt = 0.5;
  constexpr double kNegated = 0.7;
  constexpr double kUncued = 0.9;
  double score = sig.reader_score;
  score *= std::max(kMostRivalDoubt, 1.0 - (1.0 - kPerRival) * sig.rivals);
  if (sig.negated && !sig.corrected) score *= kNegated;
  if (!sig.cue_led && !sig.implied) score *= kUncued;
  return std::clamp(score, 0.05, 0.99);
}

}  // namespace invox::rules
