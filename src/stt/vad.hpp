#pragma once
// Energy-based voice activity detection with hangover: finds the spans worth recognizing and
// lets silences be dropped, while every time still refers to the original audio.
#include <string>
#include <vector>

#include "invox/expected.hpp"

namespace invox::stt {

struct VadParams {
  double frame_ms = 30.0;            // analysis frame (non-overlapping)
  double floor_percentile = 0.10;    // the noise floor is this quantile of frame energies
  double margin_db = 12.0;           // speech = frame energy above floor + margin ...
  double min_threshold_dbfs = -50.0;  // ... and above this absolute level
  double silent_peak_dbfs = -60.0;   // a file whose loudest frame is below this is "silent"
  double hangover_ms = 300.0;        // speech is held this long after the last loud frame
  double preroll_ms = 150.0;         // and starts this much before the first one (soft onsets)
  double min_speech_ms = 120.0;      // shorter bursts are clicks, not speech
  double merge_gap_ms = 600.0;       // regions closer than this are one utterance
  double max_region_s = 30.0;        // longer regions are cut at their quietest frame
};

struct SpeechRegion {
  double start = 0.0;  // seconds in the original audio
  double end = 0.0;
};

// Speech regions of mono audio at `rate`. Errors: silent audio, or no speech found (audio that
// is too quiet or uniformly noisy). `origin` names the input in messages.
[[nodiscard]] Expected<std::vector<SpeechRegion>> detect_speech(const std::vector<float>& samples, int rate,
                                                               const VadParams& params, const std::string& origin);

// The energy (dBFS) of each analysis frame of audio that arrives in blocks, so speech can be
// found in a recording that is never held whole (a float per 30 ms frame: 2 h is 1.9 MB).
class FrameEnergyMeter {
 public:
  FrameEnergyMeter(int rate, const VadParams& params);
  void add(const float* samples, size_t count);
  // The energies, the last partial frame included; call once, after the last add().
  [[nodiscard]] std::vector<double> finish();
  [[nodiscard]] size_t sample_count() const { return samples_; }

 private:
  size_t frame_;
  size_t in_frame_ = 0;
  double sum_ = 0.0;
  size_t samples_ = 0;
  std::vector<double> db_;
};

// detect_speech() over energies already measured: `sample_count` samples at `rate`.
[[nodiscard]] Expected<std::vector<SpeechRegion>> speech_regions(const std::vector<double>& frame_db,
                                                                size_t sample_count, int rate, const VadParams& params,
                                                                const std::string& origin);

// Maps times in audio assembled from pieces (speech-only uploads) back to the original audio.
class TimeMap {
 public:
  // Appends a piece: `length` seconds of original audio starting at `original_start`.
  void add(double original_start, double length);
  // Appends packed time that is not original audio (a gap between pieces).
  void skip(double length) { packed_end_ += length; }
  [[nodiscard]] double to_original(double packed_time) const;
  [[nodiscard]] double packed_duration() const { return packed_end_; }

 private:
  struct Piece {
    double packed_start;
    double original_start;
    double length;
  };
  std::vector<Piece> pieces_;
  double packed_end_ = 0.0;
};

}  // namespace invox::stt
