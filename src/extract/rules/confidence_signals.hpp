#pragma once
// The raw confidence of a value the rules engine read, from signals about how it was found
// (docs/RULES.md "Confidence signals"). Readers score a candidate by its cue (label strength,
// distance, answer to a question); this adds what only the whole transcript shows: rival readings
// of the same field, a negation right before the value, and whether the value was said literally.
// The result is a raw score: calibration (invox/calibration.hpp) turns it into a probability.
#include <map>
#include <string>
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

struct ConfidenceSignals {
  double reader_score = 0.0;  // the reader's own score: cue strength x distance x context factors
  bool cue_led = false;       // an explicit cue (label, alias) precedes the value
  size_t cue_distance = 0;    // tokens from the cue's start to the value's
  int rivals = 0;             // other candidates for the field with a different value, close in score
  bool negated = false;       // a negation word stands right before the value ("not 60")
  bool literal = false;       // the value was said with digits (literal), not derived from words
  bool implied = false;       // not said at all: taken from the situation (today's date)
  bool earlier_day_said = false;  // implied today, yet the transcript names an earlier day
  bool corrected = false;     // the value replaced an earlier one after a correction marker
  // Lists (textarea fields): where the list read ends and starts, not whether it was read at all.
  bool list_runs_on = false;     // it stops mid-clause, not at a sentence end or another field's cue
  bool list_continues = false;   // a joiner follows it, or a later sentence adds to it ("he also takes")
  bool list_open_start = false;  // its cue is glued to a word before it ("wound care", "and tried")
  bool list_unmarked_split = false;  // items said with no comma between them, one of 3+ words
};

// Signals of `chosen`, read for field `field`, among its ranked candidates `ranked` (may include
// `chosen`).
[[nodiscard]] ConfidenceSignals confidence_signals(const Scan& s, size_t field, const FieldCandidate& chosen,
                                                   const std::vector<FieldCandidate>& ranked, double keep_ratio);

// The signals as the engine reports them with its value (Candidate::signals, by the names of
// extractor_signal_names() in invox/value_signals.hpp), for a calibration's signal model.
[[nodiscard]] std::map<std::string, double> reported_signals(const ConfidenceSignals& signals);

// Combines the signals into a raw score in [0.05, 0.99]; monotone in the reader's score.
[[nodiscard]] double combine_signals(const ConfidenceSignals& signals);

}  // namespace invox::rules
