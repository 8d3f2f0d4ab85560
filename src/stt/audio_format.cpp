#include "stt/audio_format.hpp"

#include <fmt/format.h>

#include <array>
#include <fstream>

namespace invox::stt {

namespace {

bool at(std::string_view head, size_t offset, std::string_view magic) {
  return head.size() >= offset + magic.size() && head.substr(offset, magic.size()) == magic;
}

unsigned char byte(std::string_view head, size_t i) { return static_cast<unsigned char>(head[i]); }

}  // namespace

AudioFormat sniff_audio_format(std::string_view head) {
  if (at(head, 0, "RIFF") && at(head, 8, "WAVE")) return {"WAV", true};
  if (at(head, 0, "RF64") || at(head, 0, "BW64")) return {"WAV (RF64)", true};
  if (at(head, 0, "fLaC")) return {"FLAC", true};
  if (at(head, 0, "OggS")) return {"Ogg", true};  // Vorbis, Opus and FLAC-in-Ogg all decode
  if (at(head, 0, "FORM") && (at(head, 8, "AIFF") || at(head, 8, "AIFC"))) return {"AIFF", true};
  if (at(head, 0, ".snd")) return {"AU", true};
  if (at(head, 0, "ID3")) return {"MP3", true};
  if (at(head, 4, "ftyp")) {
    const bool audio_brand = at(head, 8, "M4A ") || at(head, 8, "M4B ");
    return {audio_brand ? "M4A (AAC in MP4)" : "MP4/M4A (AAC in MP4)", false};
  }
  if (head.size() >= 4 && byte(head, 0) == 0x1A && byte(head, 1) == 0x45 && byte(head, 2) == 0xDF &&
      byte(head, 3) == 0xA3) {
    return {"WebM/Matroska", false};
  }
  static constexpr std::array<unsigned char, 4> kAsf{0x30, 0x26, 0xB2, 0x75};
  if (head.size() >= 4 && byte(head, 0) == kAsf[0] && byte(head, 1) == kAsf[1] && byte(head, 2) == kAsf[2] &&
      byte(head, 3) == kAsf[3]) {
    return {"WMA/ASF", false};
  }
  if (at(head, 0, "#!AMR")) return {"AMR", false};
  if (at(head, 0, "caff")) return {"CAF", true};
  // MPEG frame sync: 11 set bits. The two layer bits are 00 for ADTS AAC, non-zero for MP1/2/3.
  if (head.size() >= 2 && byte(head, 0) == 0xFF && (byte(head, 1) & 0xE0) == 0xE0) {
    if ((byte(head, 1) & 0x06) == 0) return {"AAC (ADTS)", false};
    return {"MP3", true};
  }
  return {"", false};
}

std::string conversion_command(const std::filesystem::path& path) {
  // A new name, never the input's own ("x.wav" -> "x.wav" would overwrite what it reads).
  auto out = path;
  out.replace_filename(path.stem().string() + "-16k.wav");
  return fmt::format("ffmpeg -i '{}' -ar 16000 -ac 1 '{}'", path.string(), out.string());
}

Expected<AudioFormat> check_audio_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return Error::input(fmt::format("{}: no such file", path.string()));
  if (std::filesystem::is_directory(path, ec)) {
    return Error::input(fmt::format("{}: is a directory, expected an audio file", path.string()));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error::input(fmt::format("{}: cannot open the audio file for reading", path.string()));
  std::array<char, 64> buf{};
  in.read(buf.data(), buf.size());
  const auto got = static_cast<size_t>(in.gcount());
  if (got == 0) return Error::input(fmt::format("{}: empty audio file (0 bytes)", path.string()));
  const auto format = sniff_audio_format(std::string_view(buf.data(), got));
  if (format.name.empty()) {
    return Error::input(fmt::format(
        "{}: not a recognized audio format (expected WAV, FLAC, Ogg/Vorbis or MP3); if it is audio, convert it, e.g. with ffmpeg (a separate tool): {}",
        path.string(), conversion_command(path)));
  }
  if (!format.decodable) {
    return Error::unsupported(fmt::format(
        "{}: {} audio is not supported by this build (libsndfile reads WAV, FLAC, Ogg/Vorbis, MP3); convert it, e.g. with ffmpeg (a separate tool): {}",
        path.string(), format.name, conversion_command(path)));
  }
  return format;
}

}  // namespace invox::stt
