#pragma once
// Decoding any libsndfile-readable file to the 16 kHz mono float signal the recognizers use.
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "invox/expected.hpp"

namespace invox::stt {

inline constexpr int kRecognizerRate = 16000;

struct AudioBuffer {
  std::vector<float> samples;  // mono, kRecognizerRate, in [-1, 1]
  // Index of samples[0] in the whole recording: a chunk of a long file holds only its own
  // stretch, and times stay those of the whole recording.
  size_t first_sample = 0;
  std::string format;          // container name from sniffing ("WAV", "MP3", ...)
  int source_rate = 0;
  int source_channels = 0;
  std::uintmax_t file_bytes = 0;

  [[nodiscard]] double duration() const { return static_cast<double>(samples.size()) / kRecognizerRate; }
  // The samples of [start, end) seconds of the recording that this buffer holds, as indices
  // into `samples` ({0, 0} when none).
  [[nodiscard]] std::pair<size_t, size_t> span(double start, double end) const;
};

struct DecodeParams {
  std::uintmax_t max_file_bytes = 2ull << 30;  // 2 GiB: larger inputs are refused before reading
  double max_duration_seconds = 4 * 3600.0;    // 4 h of audio at most per input
};

[[nodiscard]] Expected<AudioBuffer> decode_audio(const std::filesystem::path& path, const DecodeParams& params = {});

// Downmixes interleaved frames to mono by averaging the channels.
void downmix_into(const float* interleaved, size_t frames, int channels, float* mono);
[[nodiscard]] std::vector<float> downmix(const std::vector<float>& interleaved, int channels);
// Resamples mono audio with libsoxr (high quality); returns the input when the rates match.
[[nodiscard]] Expected<std::vector<float>> resample(std::vector<float> mono, int from_rate, int to_rate);

// 16-bit PCM, as PocketSphinx and WAV uploads want it (clipped, rounded).
[[nodiscard]] std::vector<std::int16_t> to_pcm16(const float* samples, size_t count);
// A complete in-memory 16-bit mono WAV file (header + data) for uploads.
[[nodiscard]] std::string encode_wav(const float* samples, size_t count, int rate);

}  // namespace invox::stt
