// Long recordings are read as a stream: decoding hands out blocks, each chunk's audio is cut
// from one sequential pass, and the streamed transcript is the in-memory one.
#include <catch2/catch.hpp>

#include <cmath>

#include "invox/models.hpp"
#include "invox/stt.hpp"
#include "stt/audio_decode.hpp"
#include "stt/audio_stream.hpp"
#include "stt/chunk_feeder.hpp"
#include "stt/chunking.hpp"
#include "stt/pocketsphinx_recognizer.hpp"
#include "stt/transcribe_audio.hpp"
#include "stt/vad.hpp"
#include "support/speech_fixtures.hpp"

using namespace invox;

namespace {

// `seconds` of a tone whose amplitude steps every second, so every stretch is distinguishable.
std::vector<float> stepped_tone(double seconds, int rate) {
  std::vector<float> s(static_cast<size_t>(seconds * rate));
  for (size_t i = 0; i < s.size(); ++i) {
    const double t = static_cast<double>(i) / rate;
    const double amplitude = 0.05 + 0.02 * static_cast<double>(static_cast<int>(t) % 10);
    s[i] = static_cast<float>(amplitude * std::sin(2 * M_PI * 440.0 * t));
  }
  return s;
}

}  // namespace

TEST_CASE("stt stream: a file is decoded block by block", "[stt]") {
  test::TempDir dir;
  const auto wav = dir / "long.wav";
  test::write_wav(wav, stepped_tone(40.0, 16000), 16000);  // 640 000 samples: ~10 blocks
  auto stream = stt::AudioStream::open(wav);
  REQUIRE(stream.has_value());
  std::vector<float> all;
  size_t reads = 0;
  for (;;) {
    std::vector<float> block;
    auto got = stream->read(block);
    REQUIRE(got.has_value());
    if (*got == 0) break;
    CHECK(block.size() <= stt::AudioStream::kBlockFrames);  // never more than one block at a time
    all.insert(all.end(), block.begin(), block.end());
    ++reads;
  }
  CHECK(reads == stream->blocks_read());
  CHECK(reads >= 9);
  auto whole = stt::decode_audio(wav);
  REQUIRE(whole.has_value());
  CHECK(all == whole->samples);
}

TEST_CASE("stt stream: resampled blocks add up to the whole recording", "[stt]") {
  test::TempDir dir;
  const auto wav = dir / "cd.wav";
  test::write_wav(wav, stepped_tone(20.0, 44100), 44100);
  auto stream = stt::AudioStream::open(wav);
  REQUIRE(stream.has_value());
  std::vector<float> all;
  for (;;) {
    auto got = stream->read(all);
    REQUIRE(got.has_value());
    if (*got == 0) break;
  }
  CHECK(stream->blocks_read() >= 13);  // 882 000 source frames
  // The resampler's filter delay is drained at the end: no samples lost or invented.
  CHECK(std::abs(static_cast<double>(all.size()) - 20.0 * 16000) <= 2);
  auto oneshot = stt::resample(stt::downmix(std::vector<float>(stepped_tone(20.0, 44100)), 1), 44100, 16000);
  REQUIRE(oneshot.has_value());
  // Same HQ filter in one call and in blocks: equal up to the 16-bit quantization of the file.
  double worst = 0;
  for (size_t i = 0; i < std::min(all.size(), oneshot->size()); ++i) {
    worst = std::max(worst, static_cast<double>(std::abs(all[i] - (*oneshot)[i])));
  }
  CHECK(worst < 1e-3);
}

TEST_CASE("stt stream: chunks are cut from one pass without reading the file whole", "[stt]") {
  test::TempDir dir;
  const auto wav = dir / "long.wav";
  const double seconds = 120.0;  // ~30 blocks
  test::write_wav(wav, stepped_tone(seconds, 16000), 16000);
  auto whole = stt::decode_audio(wav);
  REQUIRE(whole.has_value());
  stt::ChunkParams params;
  params.long_audio_seconds = 10.0;
  params.chunk_seconds = 20.0;
  const auto chunks = stt::plan_chunks(seconds, 0, {}, params);
  REQUIRE(chunks.size() == 6);
  auto stream = stt::AudioStream::open(wav);
  REQUIRE(stream.has_value());
  stt::ChunkFeeder feeder(std::move(*stream), chunks);

  auto first = feeder.take(0);
  REQUIRE(first.has_value());
  // The first chunk (22 s) needed 6 of the ~30 blocks, not the file.
  CHECK(feeder.stream().blocks_read() <= 7);
  // Asked out of order (as parallel workers may): chunk 2 reads past chunk 1, which is kept.
  auto third = feeder.take(2);
  REQUIRE(third.has_value());
  auto second = feeder.take(1);
  REQUIRE(second.has_value());
  CHECK_FALSE(feeder.take(1).has_value());  // each chunk is handed out once
  std::vector<std::shared_ptr<const stt::AudioBuffer>> got{*first, *second, *third};
  for (size_t i = 3; i < chunks.size(); ++i) {
    auto c = feeder.take(i);
    REQUIRE(c.has_value());
    got.push_back(*c);
  }
  for (size_t i = 0; i < chunks.size(); ++i) {
    INFO("chunk " << i);
    const auto& c = *got[i];
    CHECK(c.first_sample == static_cast<size_t>(chunks[i].start * 16000));
    // No more than the chunk itself (plus the one sample of rounding slack).
    CHECK(static_cast<double>(c.samples.size()) <= (chunks[i].end - chunks[i].start) * 16000 + 2);
    REQUIRE(c.first_sample + c.samples.size() <= whole->samples.size());
    const bool same = std::equal(c.samples.begin(), c.samples.end(),
                                 whole->samples.begin() + static_cast<std::ptrdiff_t>(c.first_sample));
    CHECK(same);
    // Spans are indices of the whole recording, whatever buffer holds them.
    const auto [a, b] = c.span(chunks[i].keep_from, chunks[i].keep_to);
    const auto [wa, wb] = whole->span(chunks[i].keep_from, chunks[i].keep_to);
    CHECK(a + c.first_sample == wa);
    CHECK(b - a == wb - wa);
  }
  CHECK(got.back()->first_sample + got.back()->samples.size() == whole->samples.size());
}

TEST_CASE("stt stream: VAD energies measured in blocks equal the whole-signal ones", "[stt]") {
  const auto samples = test::tone_bursts({{1.0, 0.8}, {0.5, 1.2}, {2.0, 0.4}, {0.3, 1.0}}, 16000);
  auto whole = stt::detect_speech(samples, 16000, {}, "whole");
  REQUIRE(whole.has_value());
  stt::FrameEnergyMeter meter(16000, {});
  for (size_t i = 0; i < samples.size(); i += 1001) {  // blocks that do not align with frames
    meter.add(samples.data() + i, std::min<size_t>(1001, samples.size() - i));
  }
  auto blocks = stt::speech_regions(meter.finish(), samples.size(), 16000, {}, "blocks");
  REQUIRE(blocks.has_value());
  REQUIRE(blocks->size() == whole->size());
  REQUIRE(whole->size() >= 2);
  for (size_t i = 0; i < whole->size(); ++i) {
    CHECK((*blocks)[i].start == (*whole)[i].start);
    CHECK((*blocks)[i].end == (*whole)[i].end);
  }
}

TEST_CASE("stt audio: the streamed transcript of a file equals the in-memory one", "[audio][stt]") {
  test::TempDir dir;
  const std::vector<std::string> sentences{"the pump in bay four was replaced on monday",
                                           "pressure is four bar and the valve is closed",
                                           "the supervisor signed the report at noon"};
  std::string parts;
  for (size_t i = 0; i < sentences.size(); ++i) {
    const auto p = dir / ("s" + std::to_string(i) + ".wav");
    REQUIRE(test::synthesize(sentences[i], p));
    parts += test::shell_quote(p.string()) + " ";
  }
  const auto file = dir / "joined.wav";
  REQUIRE(test::run_quiet("sox " + parts + test::shell_quote(file.string()) + " pad 0 0.3"));
  auto audio = stt::decode_audio(file);
  REQUIRE(audio.has_value());
  // A PocketSphinx decoder keeps its cepstral-mean estimate from one utterance to the next, so
  // each side gets a fresh recognizer (fresh decoders) and chunks go one at a time.
  auto fresh = [] {
    auto r = make_recognizer(SttOptions{}, ModelServices{});
    REQUIRE(r.has_value());
    return *r;
  };
  auto streamed_side = fresh();
  auto memory_side = fresh();
  auto* ps = dynamic_cast<stt::PocketSphinxRecognizer*>(memory_side.get());
  REQUIRE(ps != nullptr);
  auto same = [](const Transcript& a, const Transcript& b) {
    INFO("streamed: " << a.text << "\nin memory: " << b.text);
    CHECK(a.text == b.text);
    REQUIRE(a.segments.size() == b.segments.size());
    for (size_t i = 0; i < a.segments.size(); ++i) {
      CHECK(a.segments[i].start == b.segments[i].start);
      CHECK(a.segments[i].end == b.segments[i].end);
    }
  };
  SECTION("one chunk") {
    SttOptions options;
    auto streamed = streamed_side->transcribe(file, options);
    auto in_memory = ps->transcribe_decoded(*audio, file.string(), options);
    REQUIRE(streamed.has_value());
    REQUIRE(in_memory.has_value());
    CHECK_FALSE(streamed->text.empty());
    same(*streamed, *in_memory);
  }
  SECTION("chunks, one at a time") {
    SttOptions options;
    options.long_audio_seconds = 4.0;
    options.chunk_seconds = 4.0;
    options.threads = 1;
    auto streamed = streamed_side->transcribe(file, options);
    REQUIRE(streamed.has_value());
    auto in_memory = ps->transcribe_decoded(*audio, file.string(), options);
    REQUIRE(in_memory.has_value());
    same(*streamed, *in_memory);
  }
  SECTION("chunks recognized in parallel, progress reported per chunk") {
    SttOptions options;
    options.long_audio_seconds = 4.0;
    options.chunk_seconds = 4.0;
    options.threads = 2;
    std::vector<SttProgress> seen;
    options.on_progress = [&](const SttProgress& p) { seen.push_back(p); };
    auto streamed = streamed_side->transcribe(file, options);
    REQUIRE(streamed.has_value());
    CHECK_FALSE(streamed->text.empty());
    REQUIRE(seen.size() >= 4);  // planned, then one per chunk
    const size_t total = seen.front().chunks_total;
    CHECK(total >= 3);
    CHECK(seen.size() == total + 1);
    CHECK(seen.back().chunks_done == total);
  }
}
