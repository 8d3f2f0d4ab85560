#include "stt/chunk_feeder.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace invox::stt {

namespace {

size_t sample_at(double seconds) { return static_cast<size_t>(std::max(0.0, seconds) * kRecognizerRate); }

}  // namespace

ChunkFeeder::ChunkFeeder(AudioStream stream, std::vector<Chunk> chunks)
    : stream_(std::move(stream)), chunks_(std::move(chunks)) {}

Status ChunkFeeder::cut_next_locked() {
  const Chunk& c = chunks_[next_];
  const size_t first = sample_at(c.start);
  // One sample past the end: AudioBuffer::span() truncates end times, and the last chunk's end
  // is the duration, which rounds either way.
  const size_t last = sample_at(c.end) + 1;
  while (!ended_ && window_start_ + window_.size() < last) {
    auto got = stream_.read(window_);
    if (!got) return got.error();
    ended_ = *got == 0;
  }
  auto buffer = std::make_shared<AudioBuffer>();
  buffer->first_sample = first;
  buffer->format = stream_.format();
  buffer->source_rate = stream_.source_rate();
  buffer->source_channels = stream_.source_channels();
  buffer->file_bytes = stream_.file_bytes();
  const size_t from = std::clamp(first, window_start_, window_start_ + window_.size()) - window_start_;
  const size_t to = std::clamp(last, window_start_, window_start_ + window_.size()) - window_start_;
  buffer->samples.assign(window_.begin() + static_cast<std::ptrdiff_t>(from),
                         window_.begin() + static_cast<std::ptrdiff_t>(to));
  ready_[next_] = std::move(buffer);
  ++next_;
  // What the next chunk does not need is dropped (chunks overlap, so some is kept).
  if (next_ < chunks_.size()) {
    const size_t keep_from = std::max(window_start_, sample_at(chunks_[next_].start));
    const size_t drop = std::min(window_.size(), keep_from - window_start_);
    window_.erase(window_.begin(), window_.begin() + static_cast<std::ptrdiff_t>(drop));
    window_start_ += drop;
  } else {
    window_ = {};
  }
  return invox::ok();
}

Expected<std::shared_ptr<const AudioBuffer>> ChunkFeeder::take(size_t i) {
  std::lock_guard lock(mutex_);
  if (i >= chunks_.size()) return Error::internal(fmt::format("chunk {} of {} requested", i, chunks_.size()));
  while (!failure_ && next_ <= i) {
    if (auto s = cut_next_locked(); !s) failure_ = s.error();
  }
  if (failure_) return *failure_;
  auto it = ready_.find(i);
  if (it == ready_.end()) return Error::internal(fmt::format("chunk {} was already taken", i));
  auto buffer = std::move(it->second);
  ready_.erase(it);
  return buffer;
}

}  // namespace invox::stt
