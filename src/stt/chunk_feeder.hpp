#pragma once
// The audio of each planned chunk, cut from one sequential pass over the file: a long recording
// is never held whole, only the stretch between the oldest chunk not yet handed out and the
// newest one read (about one chunk plus its overlap), and the chunks being recognized.
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "invox/expected.hpp"
#include "stt/audio_stream.hpp"
#include "stt/chunking.hpp"

namespace invox::stt {

class ChunkFeeder {
 public:
  // `chunks` as plan_chunks() made them: ordered, starts never decreasing.
  ChunkFeeder(AudioStream stream, std::vector<Chunk> chunks);

  // The samples chunk `i` covers (AudioBuffer::first_sample set). Thread-safe; chunks may be
  // asked for in any order, but each once: a chunk read past on the way to a later one is kept
  // until it is taken. A read error is returned to every later call.
  [[nodiscard]] Expected<std::shared_ptr<const AudioBuffer>> take(size_t i);

  [[nodiscard]] const AudioStream& stream() const { return stream_; }

 private:
  Status cut_next_locked();

  std::mutex mutex_;
  AudioStream stream_;
  std::vector<Chunk> chunks_;
  std::vector<float> window_;  // samples [window_start_, window_start_ + window_.size())
  size_t window_start_ = 0;
  bool ended_ = false;
  size_t next_ = 0;  // the next chunk to cut
  std::map<size_t, std::shared_ptr<const AudioBuffer>> ready_;
  std::optional<Error> failure_;
};

}  // namespace invox::stt
