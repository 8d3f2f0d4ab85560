#pragma once
// Spans said as two clock times ("Ten till eleven thirty", "2 pm to 4.30 pm", "from two until
// half four"): the first is the start of the template's period, the second its end.
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// For a template with one time field that opens a period and one that closes it (lexicon
// period_start_words, period_end_words) that no cue filled both of: the first span said (two
// clock times joined by a word of lexicon time_span_joiners, the second ending its clause)
// whose times agree with what cues gave either field fills the one left empty, or both. The
// half of the day is decided later, as for every time (infer_day_half, order_periods).
void read_time_spans(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
