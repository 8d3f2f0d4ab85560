#pragma once
// Audio over 2 min (or > 25 MB) is recognized in chunks that overlap by 10 %, cut in
// silences where there are any, and stitched back so the overlap is not duplicated.
#include <cstdint>
#include <vector>

#include "stt/timed_word.hpp"
#include "stt/vad.hpp"

namespace invox::stt {

struct ChunkParams {
  double long_audio_seconds = 120.0;               // longer audio is chunked ...
  std::uintmax_t long_audio_bytes = 25ull << 20;   // ... and so is a larger file (the Whisper upload cap)
  double chunk_seconds = 300.0;                    // target chunk length when chunking
  double overlap_fraction = 0.10;                  // overlap between neighbours, of the chunk length
  double min_cut_silence_s = 0.25;                 // a silence this long is a good place to cut
};

struct Chunk {
  double start = 0.0;      // audio handed to the recognizer (includes the overlap)
  double end = 0.0;
  double keep_from = 0.0;  // words whose midpoint is in [keep_from, keep_to) come from this chunk
  double keep_to = 0.0;
};

[[nodiscard]] std::vector<Chunk> plan_chunks(double duration, std::uintmax_t file_bytes,
                                             const std::vector<SpeechRegion>& speech, const ChunkParams& params);

// The speech regions that intersect [chunk.start, chunk.end), clipped to it.
[[nodiscard]] std::vector<SpeechRegion> regions_in(const Chunk& chunk, const std::vector<SpeechRegion>& speech);

// Joins per-chunk word lists (same order as the chunks): each chunk contributes the words of its
// keep span, and a run of up to `max_seam_words` words repeated on both sides of a seam within
// `seam_tolerance_s` is kept once.
[[nodiscard]] std::vector<TimedWord> stitch_chunks(const std::vector<Chunk>& chunks,
                                                   const std::vector<std::vector<TimedWord>>& words,
                                                   int max_seam_words = 4, double seam_tolerance_s = 1.5);

}  // namespace invox::stt
