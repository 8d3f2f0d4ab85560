#include "stt/chunking.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace invox::stt {

std::string fold_word(const std::string& word) {
  std::string out;
  for (unsigned char c : word) {
    if (std::isalnum(c)) out.push_back(static_cast<char>(std::tolower(c)));
    else if (c >= 0x80) out.push_back(static_cast<char>(c));  // keep non-ASCII letters as they are
  }
  return out;
}

namespace {

// Midpoint of the silence closest to `nominal` within `window` seconds, or `nominal`.
double cut_near(double nominal, double window, double duration, const std::vector<SpeechRegion>& speech,
                double min_silence) {
  double best = nominal;
  double best_distance = window + 1.0;
  double previous_end = 0.0;
  auto consider = [&](double gap_start, double gap_end) {
    if (gap_end - gap_start < min_silence) return;
    // The middle of the silence leaves the most room for both decoders' timing slack.
    const double mid = (gap_start + gap_end) / 2;
    const double distance = std::abs(mid - nominal);
    if (distance <= window && distance < best_distance) {
      best = mid;
      best_distance = distance;
    }
  };
  for (const auto& r : speech) {
    consider(previous_end, r.start);
    previous_end = r.end;
  }
  consider(previous_end, duration);
  return best;
}

}  // namespace

std::vector<Chunk> plan_chunks(double duration, std::uintmax_t file_bytes, const std::vector<SpeechRegion>& speech,
                               const ChunkParams& params) {
  if (duration <= params.long_audio_seconds && file_bytes <= params.long_audio_bytes) {
    return {Chunk{0.0, duration, 0.0, duration}};
  }
  const int n = std::max(2, static_cast<int>(std::ceil(duration / params.chunk_seconds)));
  const double length = duration / n;
  const double overlap = params.overlap_fraction * length;
  std::vector<double> cuts{0.0};
  for (int i = 1; i < n; ++i) {
    cuts.push_back(cut_near(i * length, overlap / 2, duration, speech, params.min_cut_silence_s));
  }
  cuts.push_back(duration);
  std::vector<Chunk> chunks;
  for (size_t i = 0; i + 1 < cuts.size(); ++i) {
    Chunk c;
    c.keep_from = cuts[i];
    c.keep_to = cuts[i + 1];
    c.start = std::max(0.0, cuts[i] - overlap / 2);
    c.end = std::min(duration, cuts[i + 1] + overlap / 2);
    chunks.push_back(c);
  }
  return chunks;
}

std::vector<SpeechRegion> regions_in(const Chunk& chunk, const std::vector<SpeechRegion>& speech) {
  std::vector<SpeechRegion> out;
  for (const auto& r : speech) {
    const double s = std::max(r.start, chunk.start);
    const double e = std::min(r.end, chunk.end);
    if (e - s > 0.05) out.push_back({s, e});
  }
  return out;
}

std::vector<TimedWord> stitch_chunks(const std::vector<Chunk>& chunks, const std::vector<std::vector<TimedWord>>& words,
                                     int max_seam_words, double seam_tolerance_s) {
  std::vector<TimedWord> out;
  for (size_t i = 0; i < chunks.size() && i < words.size(); ++i) {
    std::vector<TimedWord> kept;
    const bool last = i + 1 == chunks.size();
    for (const auto& w : words[i]) {
      const double mid = (w.start + w.end) / 2;
      if (mid >= chunks[i].keep_from && (mid < chunks[i].keep_to || (last && mid <= chunks[i].keep_to))) {
        kept.push_back(w);
      }
    }
    // Two decoders can place a word straddling the seam on both sides; drop the repeat.
    int drop = 0;
    for (int k = std::min<int>(max_seam_words, static_cast<int>(std::min(out.size(), kept.size()))); k >= 1; --k) {
      bool same = true;
      for (int j = 0; j < k && same; ++j) {
        const auto& a = out[out.size() - static_cast<size_t>(k) + static_cast<size_t>(j)];
        const auto& b = kept[static_cast<size_t>(j)];
        same = fold_word(a.text) == fold_word(b.text) && std::abs(a.start - b.start) <= seam_tolerance_s;
      }
      if (same) {
        drop = k;
        break;
      }
    }
    kept.erase(kept.begin(), kept.begin() + drop);
    // When no silence was found for the cut, one decoder may have heard a truncated word
    // ("super") that the other heard whole ("supervisor"): the two overlap in time. Keep the
    // one farther from its chunk's edge, where the audio was not cut off.
    while (i > 0 && !out.empty() && !kept.empty()) {
      const auto& a = out.back();
      const auto& b = kept.front();
      const double overlap = std::min(a.end, b.end) - std::max(a.start, b.start);
      const double shorter = std::min(a.end - a.start, b.end - b.start);
      if (overlap <= 0.5 * shorter) break;
      const double margin_a = chunks[i - 1].end - a.end;
      const double margin_b = b.start - chunks[i].start;
      if (margin_a >= margin_b) {
        kept.erase(kept.begin());
      } else {
        out.pop_back();
      }
    }
    // The two decoders disagree slightly about where the seam's words begin and end: meet
    // halfway, so times never run backwards (each word keeps most of its span).
    if (!out.empty() && !kept.empty() && kept.front().start < out.back().end) {
      const double meet = (kept.front().start + out.back().end) / 2;
      out.back().end = std::max(out.back().start, meet);
      kept.front().start = std::min(kept.front().end, out.back().end);
    }
    out.insert(out.end(), kept.begin(), kept.end());
  }
  return out;
}

}  // namespace invox::stt
