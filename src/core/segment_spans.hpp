#pragma once
// Where a recognizer's timed segments lie in the transcript text, and where the speaker paused.
// Segments carry text and times but no offsets; evidence mapping (orchestrator/asr_evidence) and
// the rules engine's pause breaks both need them.
#include <vector>

#include "invox/transcript.hpp"
#include "util/text_fold.hpp"

namespace invox {

// Each segment's text is searched in the folded transcript (case, punctuation and spacing
// ignored) from the end of the previous match, so repeated phrases map in order. A segment
// that cannot be found is assumed to start where the previous one ended and to span its own
// length.
[[nodiscard]] std::vector<util::ByteSpan> locate_segments(const Transcript& transcript);

// Byte offsets (segment ends, from locate_segments) after which the recording has a silence of
// at least `min_pause_s` before the next segment.
[[nodiscard]] std::vector<size_t> pause_offsets(const Transcript& transcript, const std::vector<util::ByteSpan>& spans,
                                                double min_pause_s);

}  // namespace invox
