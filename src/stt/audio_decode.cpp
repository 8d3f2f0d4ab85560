#include "stt/audio_decode.hpp"

#include <fmt/format.h>
#include <sndfile.h>
#include <soxr.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "stt/audio_format.hpp"
#include "util/cancel.hpp"

namespace invox::stt {

namespace {

struct SndfileCloser {
  void operator()(SNDFILE* f) const noexcept { sf_close(f); }
};

void put_le(std::string& out, std::uint32_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

}  // namespace

std::vector<float> downmix(const std::vector<float>& interleaved, int channels) {
  if (channels <= 1) return interleaved;
  const size_t frames = interleaved.size() / static_cast<size_t>(channels);
  std::vector<float> mono(frames);
  for (size_t f = 0; f < frames; ++f) {
    float sum = 0;
    for (int c = 0; c < channels; ++c) sum += interleaved[f * static_cast<size_t>(channels) + static_cast<size_t>(c)];
    mono[f] = sum / static_cast<float>(channels);
  }
  return mono;
}

Expected<std::vector<float>> resample(std::vector<float> mono, int from_rate, int to_rate) {
  if (from_rate == to_rate || mono.empty()) return mono;
  const double ratio = static_cast<double>(to_rate) / from_rate;
  std::vector<float> out(static_cast<size_t>(std::ceil(static_cast<double>(mono.size()) * ratio)) + 16);
  size_t done = 0;
  const soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I);
  const soxr_quality_spec_t quality = soxr_quality_spec(SOXR_HQ, 0);
  const soxr_error_t err = soxr_oneshot(from_rate, to_rate, 1, mono.data(), mono.size(), nullptr, out.data(),
                                        out.size(), &done, &io, &quality, nullptr);
  if (err) return Error::internal(fmt::format("resampling {} Hz -> {} Hz failed: {}", from_rate, to_rate, err));
  out.resize(done);
  return out;
}

std::vector<std::int16_t> to_pcm16(const float* samples, size_t count) {
  std::vector<std::int16_t> pcm(count);
  for (size_t i = 0; i < count; ++i) {
    const float v = std::clamp(samples[i], -1.0f, 1.0f) * 32767.0f;
    pcm[i] = static_cast<std::int16_t>(std::lround(v));
  }
  return pcm;
}

std::string encode_wav(const float* samples, size_t count, int rate) {
  const auto pcm = to_pcm16(samples, count);
  const auto data_bytes = static_cast<std::uint32_t>(pcm.size() * 2);
  std::string out;
  out.reserve(44 + data_bytes);
  out += "RIFF";
  put_le(out, 36 + data_bytes, 4);
  out += "WAVEfmt ";
  put_le(out, 16, 4);                                  // fmt chunk size
  put_le(out, 1, 2);                                   // PCM
  put_le(out, 1, 2);                                   // mono
  put_le(out, static_cast<std::uint32_t>(rate), 4);
  put_le(out, static_cast<std::uint32_t>(rate) * 2, 4);  // byte rate
  put_le(out, 2, 2);                                   // block align
  put_le(out, 16, 2);                                  // bits per sample
  out += "data";
  put_le(out, data_bytes, 4);
  for (auto s : pcm) put_le(out, static_cast<std::uint16_t>(s), 2);
  return out;
}

Expected<AudioBuffer> decode_audio(const std::filesystem::path& path, const DecodeParams& params) {
  auto format = check_audio_file(path);
  if (!format) return format.error();
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  if (!ec && bytes > params.max_file_bytes) {
    return Error::input(fmt::format("{}: audio file is {} MB, larger than the {} MB limit", path.string(), bytes >> 20,
                                    params.max_file_bytes >> 20));
  }
  SF_INFO info{};
  std::unique_ptr<SNDFILE, SndfileCloser> file(sf_open(path.c_str(), SFM_READ, &info));
  if (!file) {
    return Error::input(fmt::format("{}: cannot decode {} audio ({}); the file may be truncated or corrupt",
                                    path.string(), format->name, sf_strerror(nullptr)));
  }
  if (info.channels <= 0 || info.samplerate <= 0) {
    return Error::input(fmt::format("{}: {} header is invalid (channels {}, rate {})", path.string(), format->name,
                                    info.channels, info.samplerate));
  }
  if (info.frames > 0 && static_cast<double>(info.frames) / info.samplerate > params.max_duration_seconds) {
    return Error::input(fmt::format("{}: audio is {:.0f} minutes long, more than the {:.0f} minute limit", path.string(),
                                    static_cast<double>(info.frames) / info.samplerate / 60.0,
                                    params.max_duration_seconds / 60.0));
  }
  // Read in blocks: MP3 and Ogg report no reliable frame count before decoding.
  const size_t block_frames = 65536;
  const auto channels = static_cast<size_t>(info.channels);
  const auto max_frames = static_cast<size_t>(params.max_duration_seconds * info.samplerate);
  std::vector<float> interleaved;
  std::vector<float> block(block_frames * channels);
  for (;;) {
    if (util::stop_requested()) return util::interrupted_error(path.string());  // MP3 decodes slowly
    const sf_count_t got = sf_readf_float(file.get(), block.data(), static_cast<sf_count_t>(block_frames));
    if (got <= 0) break;
    interleaved.insert(interleaved.end(), block.begin(), block.begin() + got * static_cast<sf_count_t>(channels));
    if (interleaved.size() / channels > max_frames) {
      return Error::input(fmt::format("{}: audio is longer than the {:.0f} minute limit", path.string(),
                                      params.max_duration_seconds / 60.0));
    }
  }
  if (sf_error(file.get()) != SF_ERR_NO_ERROR) {
    return Error::input(fmt::format("{}: error while decoding {} audio ({}); the file may be corrupt", path.string(),
                                    format->name, sf_strerror(file.get())));
  }
  if (interleaved.empty()) {
    return Error::input(fmt::format("{}: {} file contains no audio samples (empty audio)", path.string(), format->name));
  }
  auto mono = resample(downmix(interleaved, info.channels), info.samplerate, kRecognizerRate);
  if (!mono) return Error::input(fmt::format("{}: {}", path.string(), mono.error().message));
  AudioBuffer buffer;
  buffer.samples = std::move(*mono);
  buffer.format = format->name;
  buffer.source_rate = info.samplerate;
  buffer.source_channels = info.channels;
  buffer.file_bytes = ec ? 0 : bytes;
  return buffer;
}

}  // namespace invox::stt
