#pragma once
// Grouping recognized words into the timed segments of the transcript.
#include <vector>

#include "invox/transcript.hpp"
#include "stt/timed_word.hpp"

namespace invox::stt {

struct SegmentParams {
  double pause_s = 0.5;       // a pause this long starts a new segment
  double max_seconds = 8.0;   // segments are cut at this length ...
  int max_words = 24;         // ... or word count
};

// Segment confidence is the mean of its words' confidences. The transcript text is the segment
// texts joined by single spaces, so a character offset maps to exactly one segment.
[[nodiscard]] Transcript words_to_transcript(const std::vector<TimedWord>& words, double duration,
                                             const SegmentParams& params = {});

}  // namespace invox::stt
