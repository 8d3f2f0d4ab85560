#pragma once
// Reading an audio file as a stream of 16 kHz mono blocks: libsndfile decodes a block, the
// channels are averaged and libsoxr resamples it with its state carried across blocks. Memory
// stays at one block however long the recording is; decode_audio() and the chunked pipeline
// both read through here, so the samples they see are the same bit for bit.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "stt/audio_decode.hpp"

namespace invox::stt {

class AudioStream {
 public:
  // Checks the container (audio_format.hpp), the file size and the duration the header states
  // against `params`; errors name the file.
  [[nodiscard]] static Expected<AudioStream> open(const std::filesystem::path& path, const DecodeParams& params = {});
  ~AudioStream();
  AudioStream(AudioStream&&) noexcept;
  AudioStream& operator=(AudioStream&&) noexcept;

  // Appends the next resampled samples to `out` (about one source block, 0 at the end).
  // Errors: a decode error, a stop request, audio longer than DecodeParams::max_duration_seconds.
  [[nodiscard]] Expected<size_t> read(std::vector<float>& out);

  [[nodiscard]] const std::string& format() const;  // "WAV", "MP3", ...
  [[nodiscard]] int source_rate() const;
  [[nodiscard]] int source_channels() const;
  [[nodiscard]] std::uintmax_t file_bytes() const;
  [[nodiscard]] const std::filesystem::path& path() const;
  // Source blocks decoded so far: lets tests see that a file is read piece by piece.
  [[nodiscard]] size_t blocks_read() const;

  static constexpr size_t kBlockFrames = 65536;  // source frames per libsndfile read

 private:
  struct State;
  explicit AudioStream(std::unique_ptr<State> state);
  [[nodiscard]] Expected<size_t> read_block(std::vector<float>& out);
  std::unique_ptr<State> state_;
};

}  // namespace invox::stt
