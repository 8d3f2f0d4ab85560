// Voice activity detection, the time map, chunk planning, stitching and segmenting.
#include <catch2/catch.hpp>

#include <random>

#include "invox/stt.hpp"
#include "stt/chunking.hpp"
#include "stt/segments.hpp"
#include "stt/vad.hpp"
#include "stt/wer.hpp"
#include "support/speech_fixtures.hpp"
#include "util/worker_pool.hpp"

using namespace invox;
using namespace invox::stt;

TEST_CASE("stt: VAD finds bursts and drops long silences", "[stt]") {
  const auto audio = test::tone_bursts({{0.0, 1.0}, {1.0, 2.0}, {0.8, 0.2}, {0.5, 1.5}}, 16000);
  auto regions = detect_speech(audio, 16000, {}, "x.wav");
  REQUIRE(regions.has_value());
  // Burst 1 at 1.0-2.0; bursts 2 and 3 (4.0-4.8 and 5.0-5.5) are closer than the merge gap.
  REQUIRE(regions->size() == 2);
  CHECK((*regions)[0].start == Approx(1.0 - 0.15).margin(0.04));
  CHECK((*regions)[0].end == Approx(2.0 + 0.3).margin(0.04));
  CHECK((*regions)[1].start == Approx(4.0 - 0.15).margin(0.04));
  CHECK((*regions)[1].end == Approx(5.5 + 0.3).margin(0.04));
}

TEST_CASE("stt: VAD errors for silence and for uniform noise", "[stt]") {
  SECTION("digital silence") {
    std::vector<float> silence(16000 * 3, 0.0f);
    auto r = detect_speech(silence, 16000, {}, "quiet.wav");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().kind == ErrorKind::Input);
    CHECK(r.error().message.find("silent") != std::string::npos);
  }
  SECTION("steady white noise has no speech") {
    std::mt19937 rng(7);
    std::normal_distribution<float> noise(0.0f, 0.2f);
    std::vector<float> audio(16000 * 3);
    for (auto& s : audio) s = noise(rng);
    auto r = detect_speech(audio, 16000, {}, "noise.wav");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("no speech found") != std::string::npos);
  }
}

TEST_CASE("stt: VAD cuts regions longer than the maximum", "[stt]") {
  // Enough silence (> 10 % of frames) that the noise floor is silence, then 70 s of "speech".
  const auto audio = test::tone_bursts({{0.0, 10.0}, {70.0, 0.5}}, 16000);
  VadParams p;
  p.max_region_s = 30.0;
  auto r = detect_speech(audio, 16000, p, "long.wav");
  REQUIRE(r.has_value());
  CHECK(r->size() >= 3);
  for (const auto& region : *r) CHECK(region.end - region.start <= 30.0 + 1e-6);
  for (size_t i = 0; i + 1 < r->size(); ++i) CHECK((*r)[i].end == Approx((*r)[i + 1].start));
  CHECK(r->front().start == Approx(10.0 - 0.15).margin(0.04));
  CHECK(r->back().end == Approx(80.0 + 0.3).margin(0.04));
}

TEST_CASE("stt: the time map sends packed times back to the original audio", "[stt]") {
  TimeMap map;
  map.add(10.0, 2.0);  // packed 0-2 -> original 10-12
  map.skip(0.3);       // gap
  map.add(30.0, 1.0);  // packed 2.3-3.3 -> original 30-31
  CHECK(map.to_original(0.5) == Approx(10.5));
  CHECK(map.to_original(2.1) == Approx(12.0));  // inside the gap: end of the piece before
  CHECK(map.to_original(2.8) == Approx(30.5));
  CHECK(map.to_original(9.0) == Approx(31.0));
  CHECK(map.packed_duration() == Approx(3.3));
}

TEST_CASE("stt: short audio is one chunk, long audio overlaps by 10 % and cuts in silences", "[stt]") {
  ChunkParams p;
  CHECK(plan_chunks(120.0, 1 << 20, {}, p).size() == 1);
  CHECK(plan_chunks(120.0, 30ull << 20, {}, p).size() == 2);  // > 25 MB counts as long too
  // From 2 minutes on, even a file shorter than one chunk length is two halves, so that two
  // cores share a 5-minute dictation.
  const auto halves = plan_chunks(300.0, 1 << 20, {}, p);
  REQUIRE(halves.size() == 2);
  CHECK(halves[0].keep_to == Approx(150.0));
  CHECK(halves[0].end - halves[1].start == Approx(0.10 * 150.0).margin(1e-6));
  CHECK(plan_chunks(540.0, 1 << 20, {}, p).size() == 2);
  CHECK(plan_chunks(660.0, 1 << 20, {}, p).size() == 3);
  // Speech everywhere except a silence at 296-299 s, near the first nominal cut (300 s).
  std::vector<SpeechRegion> speech{{0.0, 296.0}, {299.0, 1500.0}};
  const auto chunks = plan_chunks(1500.0, 1 << 20, speech, p);
  REQUIRE(chunks.size() == 5);
  CHECK(chunks[0].keep_to == Approx(297.5));  // the silence's midpoint, not 300
  CHECK(chunks[1].keep_from == chunks[0].keep_to);
  for (size_t i = 0; i + 1 < chunks.size(); ++i) {
    const double overlap = chunks[i].end - chunks[i + 1].start;
    CHECK(overlap == Approx(0.10 * 300.0).margin(1e-6));
  }
  CHECK(chunks.front().start == 0.0);
  CHECK(chunks.back().end == 1500.0);
}

TEST_CASE("stt: stitching keeps each chunk's span and drops repeats at the seam", "[stt]") {
  const std::vector<Chunk> chunks{{0, 12, 0, 10}, {8, 20, 10, 20}};
  auto w = [](const char* t, double s) { return TimedWord{t, s, s + 0.4, 0.9, false}; };
  SECTION("overlap words appear once") {
    const std::vector<std::vector<TimedWord>> words{
        {w("alpha", 1), w("bravo", 8.5), w("charlie", 9.4), w("delta", 10.5), w("echo", 11.2)},
        {w("bravo", 8.4), w("charlie", 9.5), w("delta", 10.4), w("echo", 11.3), w("foxtrot", 15)}};
    const auto out = stitch_chunks(chunks, words);
    std::string text;
    for (const auto& x : out) text += x.text + " ";
    CHECK(text == "alpha bravo charlie delta echo foxtrot ");
  }
  SECTION("a word both decoders place across the seam is kept once") {
    const std::vector<std::vector<TimedWord>> words{{w("alpha", 1), w("seam", 9.7)},
                                                    {w("seam", 9.85), w("omega", 12)}};
    const auto out = stitch_chunks(chunks, words);
    REQUIRE(out.size() == 3);
    CHECK(out[1].text == "seam");
    CHECK(out[2].text == "omega");
  }
  SECTION("a word cut off at one chunk's edge yields to the whole word of the other") {
    // The first chunk's audio ends at 10.3 s, inside the word.
    const std::vector<Chunk> tight{{0, 10.3, 0, 10}, {8, 20, 10, 20}};
    const std::vector<std::vector<TimedWord>> words{{w("alpha", 1), TimedWord{"super", 9.6, 10.28, 0.5, false}},
                                                    {TimedWord{"supervisor", 9.62, 10.5, 0.9, false}, w("omega", 13)}};
    const auto out = stitch_chunks(tight, words);
    REQUIRE(out.size() == 3);
    CHECK(out[1].text == "supervisor");
  }
  SECTION("words of the two decoders that overlap a little at the seam get times that never run backwards") {
    const std::vector<std::vector<TimedWord>> words{{w("alpha", 1), TimedWord{"the", 9.5, 9.98, 0.9, false}},
                                                    {TimedWord{"forklift", 9.9, 10.6, 0.9, false}, w("omega", 13)}};
    const auto out = stitch_chunks(chunks, words);
    REQUIRE(out.size() == 4);
    for (size_t i = 1; i < out.size(); ++i) CHECK(out[i].start >= out[i - 1].end);
    for (const auto& x : out) CHECK(x.end > x.start);
  }
  SECTION("a genuine repetition far apart in time is kept") {
    const std::vector<std::vector<TimedWord>> words{{w("no", 6.0)}, {w("no", 10.5)}};
    CHECK(stitch_chunks(chunks, words).size() == 2);
  }
}

TEST_CASE("stt: words become segments at pauses and utterance ends", "[stt]") {
  std::vector<TimedWord> words{{"patient", 0.0, 0.4, 0.8, false},
                               {"name", 0.45, 0.8, 0.6, false},
                               {"john", 2.0, 2.3, 1.0, true},
                               {"smith", 2.35, 2.7, 0.5, false}};
  const auto t = words_to_transcript(words, 3.0);
  REQUIRE(t.segments.size() == 3);
  CHECK(t.segments[0].text == "patient name");
  CHECK(t.segments[0].confidence == Approx(0.7));
  CHECK(t.segments[0].start == 0.0);
  CHECK(t.segments[0].end == Approx(0.8));
  CHECK(t.segments[1].text == "john");
  CHECK(t.text == "patient name john smith");
  CHECK(t.duration_seconds == 3.0);
}

TEST_CASE("stt: word error rate", "[stt]") {
  CHECK(word_error_rate("the cat sat", "the cat sat") == 0.0);
  CHECK(word_error_rate("The cat, sat.", "the cat sat") == 0.0);
  CHECK(word_error_rate("the cat sat", "the bat sat") == Approx(1.0 / 3));
  CHECK(word_error_rate("the cat sat", "cat sat on it") == Approx(3.0 / 3));
  CHECK(word_error_rate("", "") == 0.0);
}

TEST_CASE("stt: each input's recognizer threads share the cores with the other inputs of a run", "[stt]") {
  const int cores = invox::util::default_jobs();
  CHECK(invox::stt_threads_per_input(3, 64, 1000) == 3);  // an explicit --stt-threads wins
  CHECK(invox::stt_threads_per_input(0, 1, 1000) == cores);
  CHECK(invox::stt_threads_per_input(0, 0, 1) == cores);  // one input has every core
  CHECK(invox::stt_threads_per_input(0, cores, 1000) == 1);
  CHECK(invox::stt_threads_per_input(0, 4 * cores, 1000) == 1);
  CHECK(invox::stt_threads_per_input(0, 0, 0) == cores);
}
