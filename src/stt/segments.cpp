#include "stt/segments.hpp"

namespace invox::stt {

Transcript words_to_transcript(const std::vector<TimedWord>& words, double duration, const SegmentParams& params) {
  Transcript t;
  t.duration_seconds = duration;
  Segment current;
  double confidence_sum = 0;
  int count = 0;
  auto flush = [&] {
    if (count == 0) return;
    current.confidence = confidence_sum / count;
    if (!t.text.empty()) t.text += ' ';
    t.text += current.text;
    t.segments.push_back(current);
    current = Segment{};
    confidence_sum = 0;
    count = 0;
  };
  for (size_t i = 0; i < words.size(); ++i) {
    const auto& w = words[i];
    if (count > 0) {
      const bool pause = w.start - current.end >= params.pause_s;
      const bool too_long = w.end - current.start > params.max_seconds || count >= params.max_words;
      if (pause || too_long || words[i - 1].ends_segment) flush();
    }
    if (count == 0) {
      current.start = w.start;
    } else {
      current.text += ' ';
    }
    current.text += w.text;
    current.end = std::max(current.end, w.end);
    confidence_sum += w.confidence;
    ++count;
  }
  flush();
  return t;
}

}  // namespace invox::stt
