#include "orchestrator/asr_evidence.hpp"

#include <algorithm>

namespace invox {

std::vector<util::ByteSpan> locate_segments(const Transcript& transcript) {
  std::vector<std::string_view> texts;
  texts.reserve(transcript.segments.size());
  for (const auto& seg : transcript.segments) texts.push_back(seg.text);
  return util::locate_pieces(transcript.text, texts);
}

namespace {

// Gives `e` segment times; returns the lowest confidence of the segments it overlaps (nullopt
// when it overlaps none or cannot be placed).
std::optional<double> place_evidence(Evidence& e, const Transcript& t, const std::vector<util::ByteSpan>& spans) {
  const size_t n = t.text.size();
  const bool offsets_valid = e.char_begin && e.char_end && *e.char_begin < *e.char_end && *e.char_end <= n;
  if (!offsets_valid) {
    auto m = util::find_folded(util::fold_text(t.text), e.snippet);
    if (!m) return std::nullopt;
    e.char_begin = m->span.begin;
    e.char_end = m->span.end;
  }
  const size_t b = *e.char_begin, en = *e.char_end;
  std::optional<double> lowest, start, end;
  for (size_t i = 0; i < spans.size() && i < t.segments.size(); ++i) {
    if (spans[i].begin >= spans[i].end || spans[i].begin >= en || b >= spans[i].end) continue;
    const Segment& s = t.segments[i];
    lowest = std::min(lowest.value_or(1.0), std::clamp(s.confidence, 0.0, 1.0));
    start = std::min(start.value_or(s.start), s.start);
    end = std::max(end.value_or(s.end), s.end);
  }
  if (!lowest) return std::nullopt;
  e.start = start;
  e.end = end;
  return lowest;
}

}  // namespace

void apply_asr_evidence(Candidate& c, const Transcript& t, const std::vector<util::ByteSpan>& spans) {
  if (t.segments.empty()) return;
  if (c.evidence) {
    if (auto lowest = place_evidence(*c.evidence, t, spans)) c.confidence *= *lowest;
  }
  // A group's sub-values: each its own times, its confidence lowered by its own segments.
  for (auto& item : c.items) {
    for (auto& [sub, evidence] : item.evidence) {
      auto lowest = place_evidence(evidence, t, spans);
      if (!lowest) continue;
      item.confidence.try_emplace(sub, c.confidence).first->second *= *lowest;
    }
  }
}

}  // namespace invox
