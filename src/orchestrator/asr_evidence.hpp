#pragma once
// Maps extractor evidence (byte offsets into the transcript) to ASR segments: evidence gets
// start/end seconds, and the candidate's confidence is multiplied by the lowest confidence of
// the segments it overlaps, so values heard in doubtful audio are flagged by VER. This is the one
// place evidence gets segment times: extractors give byte offsets (invox/evidence.hpp) and the
// orchestrator calls apply_asr_evidence once per candidate, after IE.
#include <vector>

#include "invox/extractor.hpp"
#include "invox/transcript.hpp"
#include "util/text_fold.hpp"

namespace invox {

// Where each segment lies in the transcript text (util::locate_pieces over the segment texts).
[[nodiscard]] std::vector<util::ByteSpan> locate_segments(const Transcript& transcript);

// Fills evidence offsets from the snippet when the extractor gave none (first folded match),
// then applies the segment mapping. No-op without segments or without evidence. A group
// candidate's sub-value evidence (`items`) is mapped the same way, sub-value by sub-value.
void apply_asr_evidence(Candidate& candidate, const Transcript& transcript,
                        const std::vector<util::ByteSpan>& segment_spans);

}  // namespace invox
