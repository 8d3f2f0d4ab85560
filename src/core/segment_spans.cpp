#include "core/segment_spans.hpp"

#include <algorithm>

namespace invox {

std::vector<util::ByteSpan> locate_segments(const Transcript& transcript) {
  std::vector<util::ByteSpan> spans;
  const util::FoldedText folded = util::fold_text(transcript.text);
  const size_t n = transcript.text.size();
  size_t folded_cursor = 0;
  size_t byte_cursor = 0;
  for (const Segment& seg : transcript.segments) {
    if (auto m = util::find_folded(folded, seg.text, folded_cursor)) {
      spans.push_back(m->span);
      folded_cursor = m->folded_end;
      byte_cursor = m->span.end;
      continue;
    }
    // Not found (the transcript was edited or stitched differently): estimate.
    size_t begin = std::min(byte_cursor, n);
    while (begin < n && transcript.text[begin] == ' ') ++begin;
    const size_t end = std::min(n, begin + seg.text.size());
    spans.push_back({begin, end});
    byte_cursor = end;
    while (folded_cursor < folded.origin.size() && folded.origin[folded_cursor] < end) ++folded_cursor;
  }
  return spans;
}

std::vector<size_t> pause_offsets(const Transcript& transcript, const std::vector<util::ByteSpan>& spans,
                                  double min_pause_s) {
  std::vector<size_t> out;
  for (size_t i = 0; i + 1 < transcript.segments.size() && i < spans.size(); ++i)
    if (transcript.segments[i + 1].start - transcript.segments[i].end >= min_pause_s) out.push_back(spans[i].end);
  return out;
}

}  // namespace invox
