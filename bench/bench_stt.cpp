// PocketSphinx speed on this machine: real-time factor on one utterance-length file, and the
// speed-up from recognizing the chunks of a long file in parallel.
//
//   cmake -B build -DINVOX_BUILD_BENCH=ON && cmake --build build --target bench_stt
//   build/bench/bench_stt
//
// Speech comes from flite (Debian), synthesized once into a temp dir. RTF = processing time /
// audio duration (lower is faster); "speedup" compares the threads=N run to the threads=1 run.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

#include "invox/models.hpp"
#include "invox/stt.hpp"
#include "stt/audio_decode.hpp"
#include "stt/pocketsphinx_recognizer.hpp"

namespace fs = std::filesystem;
using namespace invox;

namespace {

const char* const kSentences[] = {
    "the patient was seen today for lower back pain and a mild fever",
    "blood pressure was one hundred and eighteen over seventy two",
    "the forklift in bay three needs a new hydraulic hose before monday",
    "no one was injured and the supervisor was informed right away",
    "she would like to take vacation from the sixth to the seventeenth of july",
    "the claim concerns a rear end collision on the main road yesterday evening",
};

fs::path work_dir() {
  static const fs::path dir = [] {
    auto d = fs::temp_directory_path() / "invox-bench-stt";
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

bool sh(const std::string& cmd) { return std::system((cmd + " >/dev/null 2>&1").c_str()) == 0; }

// About `seconds` of speech: the sentences repeated with half-second pauses.
fs::path speech_file(double seconds) {
  const auto out = work_dir() / ("speech-" + std::to_string(static_cast<int>(seconds)) + ".wav");
  if (fs::exists(out)) return out;
  std::string parts;
  for (size_t i = 0; i < std::size(kSentences); ++i) {
    const auto p = work_dir() / ("s" + std::to_string(i) + ".wav");
    if (!fs::exists(p)) sh("flite -voice slt -t '" + std::string(kSentences[i]) + "' -o " + p.string());
    parts += p.string() + " ";
  }
  const auto round = work_dir() / "round.wav";
  sh("sox " + parts + round.string() + " pad 0 0.5");
  auto audio = stt::decode_audio(round);
  const double each = audio ? audio->duration() : 20.0;
  std::string repeated;
  for (int i = 0; i < static_cast<int>(seconds / each) + 1; ++i) repeated += round.string() + " ";
  sh("sox " + repeated + out.string());
  return out;
}

stt::PocketSphinxRecognizer& recognizer() {
  static stt::PocketSphinxRecognizer r(stt::PocketSphinxModel::in(""));
  return r;
}

void BM_PocketSphinxRealTimeFactor(benchmark::State& state) {
  auto audio = stt::decode_audio(speech_file(60));
  if (!audio) {
    state.SkipWithError(audio.error().message.c_str());
    return;
  }
  SttOptions options;
  (void)recognizer().transcribe_decoded(*audio, "warm-up", options);  // load the model once
  double busy = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    auto t = recognizer().transcribe_decoded(*audio, "bench", options);
    busy += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!t) state.SkipWithError(t.error().message.c_str());
    benchmark::DoNotOptimize(t);
  }
  state.counters["audio_s"] = audio->duration();
  state.counters["rtf"] = busy / static_cast<double>(state.iterations()) / audio->duration();
}
BENCHMARK(BM_PocketSphinxRealTimeFactor)->Unit(benchmark::kSecond)->Iterations(2)->UseRealTime();

std::map<int, double>& chunk_times() {
  static std::map<int, double> times;
  return times;
}

// A 5-minute file chunked into 60-second pieces (10 % overlap), recognized by N threads.
void BM_ParallelChunks(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  auto audio = stt::decode_audio(speech_file(300));
  if (!audio) {
    state.SkipWithError(audio.error().message.c_str());
    return;
  }
  SttOptions options;
  options.threads = threads;
  options.long_audio_seconds = 60;
  options.chunk_seconds = 60;
  // Warm the decoder pool so model loading is not timed.
  SttOptions warm = options;
  (void)recognizer().transcribe_decoded(stt::AudioBuffer{std::vector<float>(audio->samples.begin(),
                                                                            audio->samples.begin() + 16000 * 130),
                                                         "WAV", 16000, 1, 0},
                                        "warm-up", warm);
  double wall = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    auto t = recognizer().transcribe_decoded(*audio, "bench", options);
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!t) state.SkipWithError(t.error().message.c_str());
  }
  const double per_run = wall / static_cast<double>(state.iterations());
  chunk_times()[threads] = per_run;
  state.counters["audio_s"] = audio->duration();
  state.counters["rtf"] = per_run / audio->duration();
  if (chunk_times().count(1)) state.counters["speedup"] = chunk_times()[1] / per_run;
}
BENCHMARK(BM_ParallelChunks)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
