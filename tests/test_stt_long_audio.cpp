// A recording longer than 10 minutes is chunked (10 % overlap), recognized in parallel and
// stitched back without duplicated words.
#include <catch2/catch.hpp>

#include <algorithm>

#include "invox/models.hpp"
#include "invox/stt.hpp"
#include "stt/audio_decode.hpp"
#include "stt/chunking.hpp"
#include "stt/vad.hpp"
#include "stt/wer.hpp"
#include "support/speech_fixtures.hpp"

using namespace invox;

namespace {
const char* const kNumbers[] = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                                "eighteen", "nineteen", "twenty"};
}  // namespace

TEST_CASE("stt audio: a file over ten minutes is chunked and stitched without duplicates", "[slow][audio][stt]") {
  test::TempDir dir;
  // Sentences separated by long pauses: over 10 minutes of file, two minutes of speech (what
  // PocketSphinx spends its time on).
  const auto pause = dir / "pause.wav";
  REQUIRE(test::run_quiet("sox -n -r 16000 -c 1 -b 16 " + test::shell_quote(pause.string()) + " trim 0 14"));
  std::string parts;
  std::string reference;
  constexpr int kSentences = 40;
  for (int i = 0; i < kSentences; ++i) {
    const std::string sentence =
        std::string("entry ") + kNumbers[i % 20] + " of the log the pump in bay " + kNumbers[(i / 20) % 20] + " is fine";
    const auto p = dir / ("s" + std::to_string(i) + ".wav");
    REQUIRE(test::synthesize(sentence, p));
    parts += test::shell_quote(p.string()) + " " + test::shell_quote(pause.string()) + " ";
    reference += sentence + " ";
  }
  const auto file = dir / "long.wav";
  REQUIRE(test::run_quiet("sox " + parts + test::shell_quote(file.string())));
  auto audio = stt::decode_audio(file);
  REQUIRE(audio.has_value());
  REQUIRE(audio->duration() > 600.0);
  auto speech = stt::detect_speech(audio->samples, stt::kRecognizerRate, {}, "long.wav");
  REQUIRE(speech.has_value());
  const auto plan = stt::plan_chunks(audio->duration(), audio->file_bytes, *speech, {});
  REQUIRE(plan.size() >= 3);

  SttOptions options;
  options.threads = 2;
  auto recognizer = make_recognizer(options, ModelServices{});
  REQUIRE(recognizer.has_value());
  auto t = (*recognizer)->transcribe(file, options);
  REQUIRE(t.has_value());
  const auto words = stt::wer_words(t->text);
  const auto entries = std::count(words.begin(), words.end(), "entry");
  INFO("entries: " << entries << " transcript: " << t->text);
  CHECK(entries <= kSentences);            // a duplicated seam would repeat an entry
  CHECK(entries >= kSentences * 8 / 10);   // and most were heard
  // PocketSphinx itself mishears parts of this sentence ("the log the pump in bay" comes out as
  // "the law that can convey") at ~0.45 WER; a chunk lost or duplicated at a seam would add
  // whole sentences of errors on top of that.
  CHECK(stt::word_error_rate(reference, t->text) <= 0.6);
  double previous = 0;
  REQUIRE_FALSE(t->segments.empty());
  for (const auto& s : t->segments) {
    CHECK(s.start >= previous - 1e-9);
    CHECK(s.end <= t->duration_seconds + 1e-6);
    previous = s.end;
  }
}
