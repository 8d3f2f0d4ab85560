#include "stt/audio_stream.hpp"

#include <fmt/format.h>
#include <sndfile.h>
#include <soxr.h>

#include <cmath>

#include "stt/audio_format.hpp"
#include "util/cancel.hpp"

namespace invox::stt {

struct AudioStream::State {
  std::filesystem::path path;
  std::string format;
  std::uintmax_t bytes = 0;
  SF_INFO info{};
  SNDFILE* file = nullptr;
  soxr_t resampler = nullptr;  // null when the source is already at kRecognizerRate
  size_t max_frames = 0;
  size_t frames = 0;
  size_t blocks = 0;
  bool finished = false;
  std::vector<float> block;
  std::vector<float> mono;

  ~State() {
    if (resampler) soxr_delete(resampler);
    if (file) sf_close(file);
  }

  [[nodiscard]] double ratio() const { return static_cast<double>(kRecognizerRate) / info.samplerate; }

  // Runs `count` mono frames (null: the end of input, to drain the filter) through soxr.
  Status resample_into(const float* in, size_t count, std::vector<float>& out) {
    const size_t room = static_cast<size_t>(std::ceil(static_cast<double>(count) * ratio())) + 1024;
    size_t consumed = 0;
    for (;;) {
      const size_t base = out.size();
      out.resize(base + room);
      size_t used = 0;
      size_t produced = 0;
      const soxr_error_t err = soxr_process(resampler, in ? in + consumed : nullptr, in ? count - consumed : 0, &used,
                                            out.data() + base, room, &produced);
      out.resize(base + produced);
      if (err) {
        return Error::internal(fmt::format("{}: resampling {} Hz -> {} Hz failed: {}", path.string(), info.samplerate,
                                           kRecognizerRate, err));
      }
      consumed += used;
      // Input: done once it is all consumed. Flush: done once the filter gives nothing more.
      if (in ? consumed >= count : produced == 0) return invox::ok();
    }
  }
};

AudioStream::AudioStream(std::unique_ptr<State> state) : state_(std::move(state)) {}
AudioStream::~AudioStream() = default;
AudioStream::AudioStream(AudioStream&&) noexcept = default;
AudioStream& AudioStream::operator=(AudioStream&&) noexcept = default;

Expected<AudioStream> AudioStream::open(const std::filesystem::path& path, const DecodeParams& params) {
  auto format = check_audio_file(path);
  if (!format) return format.error();
  auto s = std::make_unique<State>();
  s->path = path;
  s->format = format->name;
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  if (!ec && bytes > params.max_file_bytes) {
    return Error::input(fmt::format("{}: audio file is {} MB, larger than the {} MB limit", path.string(), bytes >> 20,
                                    params.max_file_bytes >> 20));
  }
  s->bytes = ec ? 0 : bytes;
  s->file = sf_open(path.c_str(), SFM_READ, &s->info);
  if (!s->file) {
    return Error::input(fmt::format("{}: cannot decode {} audio ({}); the file may be truncated or corrupt",
                                    path.string(), format->name, sf_strerror(nullptr)));
  }
  const auto& info = s->info;
  if (info.channels <= 0 || info.samplerate <= 0) {
    return Error::input(fmt::format("{}: {} header is invalid (channels {}, rate {})", path.string(), format->name,
                                    info.channels, info.samplerate));
  }
  if (info.frames > 0 && static_cast<double>(info.frames) / info.samplerate > params.max_duration_seconds) {
    return Error::input(fmt::format("{}: audio is {:.0f} minutes long, more than the {:.0f} minute limit", path.string(),
                                    static_cast<double>(info.frames) / info.samplerate / 60.0,
                                    params.max_duration_seconds / 60.0));
  }
  // MP3 and Ogg report no reliable frame count before decoding, so the limit is also checked
  // while reading.
  s->max_frames = static_cast<size_t>(params.max_duration_seconds * info.samplerate);
  if (info.samplerate != kRecognizerRate) {
    const soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I);
    const soxr_quality_spec_t quality = soxr_quality_spec(SOXR_HQ, 0);
    soxr_error_t err = nullptr;
    s->resampler = soxr_create(info.samplerate, kRecognizerRate, 1, &err, &io, &quality, nullptr);
    if (err || !s->resampler) {
      return Error::internal(fmt::format("{}: cannot resample {} Hz audio: {}", path.string(), info.samplerate,
                                         err ? err : "soxr_create failed"));
    }
  }
  s->block.resize(kBlockFrames * static_cast<size_t>(info.channels));
  return AudioStream(std::move(s));
}

Expected<size_t> AudioStream::read(std::vector<float>& out) {
  // A block can leave nothing yet (the resampler's filter delay); the end is the only 0.
  const size_t before = out.size();
  while (out.size() == before && !state_->finished) {
    if (auto got = read_block(out); !got) return got.error();
  }
  return out.size() - before;
}

Expected<size_t> AudioStream::read_block(std::vector<float>& out) {
  auto& s = *state_;
  if (s.finished) return size_t{0};
  if (util::stop_requested()) return util::interrupted_error(s.path.string());  // MP3 decodes slowly
  const size_t before = out.size();
  const sf_count_t got = sf_readf_float(s.file, s.block.data(), static_cast<sf_count_t>(kBlockFrames));
  if (got <= 0) {
    s.finished = true;
    if (sf_error(s.file) != SF_ERR_NO_ERROR) {
      return Error::input(fmt::format("{}: error while decoding {} audio ({}); the file may be corrupt",
                                      s.path.string(), s.format, sf_strerror(s.file)));
    }
    if (s.frames == 0) {
      return Error::input(fmt::format("{}: {} file contains no audio samples (empty audio)", s.path.string(), s.format));
    }
    if (s.resampler) {
      if (auto st = s.resample_into(nullptr, 0, out); !st) return st.error();
    }
    return out.size() - before;
  }
  ++s.blocks;
  const auto frames = static_cast<size_t>(got);
  s.frames += frames;
  if (s.frames > s.max_frames) {
    return Error::input(fmt::format("{}: audio is longer than the {:.0f} minute limit", s.path.string(),
                                    static_cast<double>(s.max_frames) / s.info.samplerate / 60.0));
  }
  s.mono.resize(frames);
  downmix_into(s.block.data(), frames, s.info.channels, s.mono.data());
  if (s.resampler) {
    if (auto st = s.resample_into(s.mono.data(), frames, out); !st) return st.error();
  } else {
    out.insert(out.end(), s.mono.begin(), s.mono.end());
  }
  return out.size() - before;
}

const std::string& AudioStream::format() const { return state_->format; }
int AudioStream::source_rate() const { return state_->info.samplerate; }
int AudioStream::source_channels() const { return state_->info.channels; }
std::uintmax_t AudioStream::file_bytes() const { return state_->bytes; }
const std::filesystem::path& AudioStream::path() const { return state_->path; }
size_t AudioStream::blocks_read() const { return state_->blocks; }

}  // namespace invox::stt
