#include "stt/audio_decode.hpp"

#include <fmt/format.h>
#include <soxr.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "stt/audio_stream.hpp"

namespace invox::stt {

namespace {

void put_le(std::string& out, std::uint32_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

}  // namespace

void downmix_into(const float* interleaved, size_t frames, int channels, float* mono) {
  const auto n = static_cast<size_t>(std::max(1, channels));
  for (size_t f = 0; f < frames; ++f) {
    float sum = 0;
    for (size_t c = 0; c < n; ++c) sum += interleaved[f * n + c];
    mono[f] = n == 1 ? sum : sum / static_cast<float>(n);
  }
}

std::vector<float> downmix(const std::vector<float>& interleaved, int channels) {
  if (channels <= 1) return interleaved;
  std::vector<float> mono(interleaved.size() / static_cast<size_t>(channels));
  downmix_into(interleaved.data(), mono.size(), channels, mono.data());
  return mono;
}

std::pair<size_t, size_t> AudioBuffer::span(double start, double end) const {
  // Sample indices of the whole recording, computed the same way for any buffer holding them.
  const auto first = static_cast<size_t>(std::max(0.0, start) * kRecognizerRate);
  const auto last = std::min(first_sample + samples.size(), static_cast<size_t>(std::max(0.0, end) * kRecognizerRate));
  if (last <= first || first < first_sample) return {0, 0};
  return {first - first_sample, last - first_sample};
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
  auto stream = AudioStream::open(path, params);
  if (!stream) return stream.error();
  AudioBuffer buffer;
  for (;;) {
    auto got = stream->read(buffer.samples);
    if (!got) return got.error();
    if (*got == 0) break;
  }
  buffer.format = stream->format();
  buffer.source_rate = stream->source_rate();
  buffer.source_channels = stream->source_channels();
  buffer.file_bytes = stream->file_bytes();
  return buffer;
}

}  // namespace invox::stt
