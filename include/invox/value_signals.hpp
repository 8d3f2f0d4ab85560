#pragma once
// What a value's own words and its context say about whether it is right, the same for every
// model that filled it: the inputs of a calibration's signal model (invox/calibration.hpp,
// docs/PIPELINE.md "Value signals"). Each signal is a number in [0, 1] with a fixed name; the
// list is part of the calibration file format (a file fitted on another list is refused).
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "invox/json.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox {

// What the whole transcript says, computed once per form.
struct TranscriptTraits {
  bool cased = false;          // written with capitals (not an all-lowercase recognizer transcript)
  bool speaker_turns = false;  // two or more speaker labels ("Nurse:", "Caller:")
  double length = 0.0;         // bytes, in [0, 1] of 4 000
};

[[nodiscard]] TranscriptTraits transcript_traits(std::string_view transcript);

// One value as the run set it: `field` is a group's sub-field for a sub-value; `value` the
// normalized value; `evidence` may be null; `raw` the model's own score.
struct ValueInContext {
  const Field& field;
  const Template& tmpl;
  const Json& value;
  const Evidence* evidence;
  const TranscriptTraits& transcript;
  double raw;
  // The extractor's own signals (Candidate::signals), or null.
  const std::map<std::string, double>* extractor = nullptr;
};

// The signals an extractor may report of how it found a value (Candidate::signals), each in
// [0, 1]: found_after_cue (an explicit label or alias came before it, not inferred from context),
// cue_distance (words from the cue, /20), rival_readings (other close readings of the field with
// another value, /3), negation_before, said_literally (digits, not words), implied (not said:
// today's date), corrected (it replaced a value said before it), reader_score (the reader's
// score before the other signals), and for lists list_runs_on, list_continues,
// list_open_start, list_unmarked_split (docs/RULES.md "Confidence signals"). The `rules` engine
// reports all of them; a model that reports none gets zeros.
[[nodiscard]] const std::vector<std::string>& extractor_signal_names();

// The names of value_signals' entries, in order.
[[nodiscard]] const std::vector<std::string>& value_signal_names();
[[nodiscard]] std::vector<double> value_signals(const ValueInContext& v);

}  // namespace invox
