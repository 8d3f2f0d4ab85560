// Audio input: format sniffing, decoding, resampling and the errors for bad files.
#include <catch2/catch.hpp>

#include <fstream>

#include "stt/audio_decode.hpp"
#include "stt/audio_format.hpp"
#include "support/speech_fixtures.hpp"

using namespace invox;
using namespace invox::stt;

namespace {
void write_bytes(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}
}  // namespace

TEST_CASE("stt: sniffing names containers from their magic bytes", "[stt]") {
  CHECK(sniff_audio_format(std::string("RIFF\x24\0\0\0WAVEfmt ", 16)).name == "WAV");
  CHECK(sniff_audio_format("fLaC\0\0\0\x22").name == "FLAC");
  CHECK(sniff_audio_format("OggS\0\x02").name == "Ogg");
  CHECK(sniff_audio_format("ID3\x04\0\0").name == "MP3");
  CHECK(sniff_audio_format("\xFF\xFB\x90\x64").decodable);
  const auto m4a = sniff_audio_format(std::string("\0\0\0\x20" "ftypM4A \0\0\0\0", 16));
  CHECK(m4a.name.find("M4A") != std::string::npos);
  CHECK_FALSE(m4a.decodable);
  const auto adts = sniff_audio_format("\xFF\xF1\x50\x80");
  CHECK(adts.name == "AAC (ADTS)");
  CHECK_FALSE(adts.decodable);
  CHECK(sniff_audio_format("\x1A\x45\xDF\xA3").name == "WebM/Matroska");
  CHECK(sniff_audio_format("hello, this is text").name.empty());
}

TEST_CASE("stt: unsupported, empty and corrupt files fail with clear messages", "[stt]") {
  test::TempDir dir;
  SECTION("M4A names the format and an ffmpeg command") {
    const auto p = dir / "memo.m4a";
    write_bytes(p, std::string("\0\0\0\x20" "ftypM4A \0\0\x02\0isomiso2", 24));
    auto r = decode_audio(p);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == ErrorKind::Unsupported);
    CHECK(r.error().message.find("M4A") != std::string::npos);
    CHECK(r.error().message.find("ffmpeg -i") != std::string::npos);
    CHECK(r.error().message.find("memo-16k.wav") != std::string::npos);
  }
  SECTION("empty file") {
    const auto p = dir / "empty.wav";
    write_bytes(p, "");
    auto r = decode_audio(p);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == ErrorKind::Input);
    CHECK(r.error().message.find("empty") != std::string::npos);
  }
  SECTION("text renamed to .wav") {
    const auto p = dir / "notes.wav";
    write_bytes(p, "patient name is john smith\n");
    auto r = decode_audio(p);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("not a recognized audio format") != std::string::npos);
    // The suggested command must not write over the file it reads.
    CHECK(r.error().message.find("'" + p.string() + "' -ar 16000 -ac 1 '" + (dir / "notes-16k.wav").string() + "'") !=
          std::string::npos);
  }
  SECTION("WAV header followed by garbage") {
    const auto p = dir / "corrupt.wav";
    write_bytes(p, std::string("RIFF\xff\xff\0\0WAVEjunkjunkjunkjunk\x01\x02\x03", 27));
    auto r = decode_audio(p);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == ErrorKind::Input);
    CHECK(r.error().message.find("corrupt") != std::string::npos);
  }
  SECTION("missing file") {
    auto r = decode_audio(dir / "nope.wav");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("no such file") != std::string::npos);
  }
  SECTION("a WAV with a header but no samples") {
    const auto p = dir / "nosamples.wav";
    test::write_wav(p, {}, 16000);
    auto r = decode_audio(p);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("no audio samples") != std::string::npos);
  }
}

TEST_CASE("stt: decoding downmixes and resamples to 16 kHz mono", "[stt]") {
  test::TempDir dir;
  SECTION("44.1 kHz mono keeps its duration") {
    const auto samples = test::tone_bursts({{1.0, 0.5}}, 44100);
    test::write_wav(dir / "a.wav", samples, 44100);
    auto r = decode_audio(dir / "a.wav");
    REQUIRE(r.has_value());
    CHECK(r->source_rate == 44100);
    CHECK(r->duration() == Approx(1.5).margin(0.01));
  }
  SECTION("stereo channels are averaged") {
    const std::vector<float> interleaved{1.0f, 0.0f, 0.5f, 0.5f, -1.0f, 1.0f};
    const auto mono = downmix(interleaved, 2);
    REQUIRE(mono.size() == 3);
    CHECK(mono[0] == Approx(0.5));
    CHECK(mono[1] == Approx(0.5));
    CHECK(mono[2] == Approx(0.0));
  }
  SECTION("8 kHz upsampled preserves a tone's energy") {
    std::vector<float> tone(8000);
    for (size_t i = 0; i < tone.size(); ++i) tone[i] = static_cast<float>(0.5 * std::sin(2 * M_PI * 440 * i / 8000.0));
    auto up = resample(tone, 8000, 16000);
    REQUIRE(up.has_value());
    CHECK(static_cast<double>(up->size()) == Approx(16000).margin(20));
    double energy = 0;
    for (size_t i = 1000; i < 15000; ++i) energy += (*up)[i] * (*up)[i];
    CHECK(std::sqrt(energy / 14000) == Approx(0.5 / std::sqrt(2)).epsilon(0.05));
  }
  SECTION("encode_wav round-trips through libsndfile") {
    const auto samples = test::tone_bursts({{0.5, 0.25}}, 16000, 0.25);
    test::write_wav(dir / "r.wav", samples, 16000);
    auto r = decode_audio(dir / "r.wav");
    REQUIRE(r.has_value());
    REQUIRE(r->samples.size() == samples.size());
    CHECK(r->samples[100] == Approx(samples[100]).margin(1e-4));
  }
}
