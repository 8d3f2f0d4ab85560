#include "readback/speech.hpp"

extern "C" {
#include <flite/flite.h>
// Defined by libflite_cmu_us_slt; Debian ships no header for the voice.
cst_voice* register_cmu_us_slt(const char* voxdir);
}

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "invox/output.hpp"

namespace invox::readback {

namespace {

struct WaveDeleter {
  void operator()(cst_wave* w) const noexcept { delete_wave(w); }
};
using WavePtr = std::unique_ptr<cst_wave, WaveDeleter>;

// flite keeps global state (its init, the voice's feature tables): one synthesis at a time,
// one voice for the life of the process.
std::mutex& flite_mutex() {
  static std::mutex m;
  return m;
}

cst_voice* slt_voice() {
  static cst_voice* voice = [] {
    flite_init();
    return register_cmu_us_slt(nullptr);
  }();
  return voice;
}

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
void put_u16(std::string& out, uint16_t v) {
  out.push_back(static_cast<char>(v & 0xFF));
  out.push_back(static_cast<char>((v >> 8) & 0xFF));
}

// RIFF/WAVE, PCM 16-bit little endian.
std::string wav_bytes(const short* samples, size_t count, int rate, int channels) {
  const uint32_t data_bytes = static_cast<uint32_t>(count * static_cast<size_t>(channels) * 2);
  std::string out;
  out.reserve(44 + data_bytes);
  out += "RIFF";
  put_u32(out, 36 + data_bytes);
  out += "WAVEfmt ";
  put_u32(out, 16);
  put_u16(out, 1);  // PCM
  put_u16(out, static_cast<uint16_t>(channels));
  put_u32(out, static_cast<uint32_t>(rate));
  put_u32(out, static_cast<uint32_t>(rate * channels * 2));
  put_u16(out, static_cast<uint16_t>(channels * 2));
  put_u16(out, 16);
  out += "data";
  put_u32(out, data_bytes);
  for (size_t i = 0; i < count * static_cast<size_t>(channels); ++i) put_u16(out, static_cast<uint16_t>(samples[i]));
  return out;
}

}  // namespace

Expected<std::string> synthesize_wav(const std::string& text) {
  std::lock_guard<std::mutex> lock(flite_mutex());
  cst_voice* voice = slt_voice();
  if (!voice) return Error::unsupported("speech synthesis is unavailable: flite's slt voice could not be loaded");
  WavePtr wave(flite_text_to_wave(text.c_str(), voice));
  if (!wave || cst_wave_num_samples(wave.get()) <= 0) {
    return Error::internal("speech synthesis produced no audio for the read-back text");
  }
  return wav_bytes(cst_wave_samples(wave.get()), static_cast<size_t>(cst_wave_num_samples(wave.get())),
                   cst_wave_sample_rate(wave.get()), std::max(1, cst_wave_num_channels(wave.get())));
}

Status write_speech(const std::string& text, const std::filesystem::path& path) {
  auto bytes = synthesize_wav(text);
  if (!bytes) return bytes.error();
  return write_file_atomically(path, *bytes);
}

}  // namespace invox::readback
