#include "stt/pocketsphinx_decoder.hpp"

#include <fmt/format.h>
#include <pocketsphinx.h>
#include <sphinxbase/ckd_alloc.h>
#include <sphinxbase/err.h>
#include <sphinxbase/ngram_model.h>

#include <cmath>
#include <mutex>

#include "stt/letter_to_sound.hpp"
#include "util/cancel.hpp"
#include "util/temp_file.hpp"

namespace invox::stt {

namespace fs = std::filesystem;

namespace {

constexpr double kFrameSeconds = 0.01;  // PocketSphinx's 100 frames per second

void silence_sphinx_logging() {
  static std::once_flag once;
  std::call_once(once, [] { err_set_logfp(nullptr); });
}

// Filler and marker tokens are not words of the transcript.
bool is_filler(const char* word) {
  return word == nullptr || word[0] == '<' || word[0] == '[' || (word[0] == '+' && word[1] == '+');
}

// "read(2)" names the second pronunciation of "read".
std::string base_word(const char* word) {
  std::string w = word;
  if (const auto paren = w.find('('); paren != std::string::npos && paren > 0) w.resize(paren);
  return w;
}

// Owners of the C objects (each freed by its library's function, however a function returns).
struct CmdLnFree {
  void operator()(cmd_ln_t* c) const noexcept { cmd_ln_free_r(c); }
};
struct NgramFree {
  void operator()(ngram_model_t* m) const noexcept { ngram_model_free(m); }
};
using CmdLn = std::unique_ptr<cmd_ln_t, CmdLnFree>;
using NgramModel = std::unique_ptr<ngram_model_t, NgramFree>;

// The model takes its own reference to the log-math object.
NgramModel read_lm(cmd_ln_t* config, const std::string& path, ngram_file_type_t type, ps_decoder_t* ps) {
  return NgramModel(ngram_model_read(config, path.c_str(), type, logmath_retain(ps_get_logmath(ps))));
}

}  // namespace

PocketSphinxModel PocketSphinxModel::in(const fs::path& root) {
  const fs::path base = root.empty() ? fs::path(kDefaultRoot) : root;
  return {base / "en-us", base / "en-us.lm.bin", base / "cmudict-en-us.dict"};
}

Status PocketSphinxModel::check() const {
  auto need = [](const fs::path& p, bool dir, const char* what, const char* flag) -> Status {
    std::error_code ec;
    const bool ok = dir ? fs::is_directory(p, ec) : fs::is_regular_file(p, ec);
    if (ok) return invox::ok();
    return Error::config(fmt::format(
        "PocketSphinx {} not found at {}; install Debian's pocketsphinx-en-us or pass {}", what, p.string(), flag));
  };
  if (auto s = need(hmm, true, "acoustic model", "--stt-hmm DIR"); !s) return s;
  if (auto s = need(lm, false, "language model", "--stt-lm FILE"); !s) return s;
  return need(dict, false, "dictionary", "--stt-dict FILE");
}

Expected<std::unique_ptr<PocketSphinxDecoder>> PocketSphinxDecoder::create(const PocketSphinxModel& model,
                                                                           const BiasCorpus* bias,
                                                                           const BiasParams& params) {
  if (auto s = model.check(); !s) return s.error();
  silence_sphinx_logging();
  const bool biased = bias != nullptr && !bias->empty();
  const std::string hmm = model.hmm.string();
  const std::string dict = model.dict.string();
  const std::string lm = model.lm.string();
  // With biasing the n-gram search is installed afterwards, over the interpolated model.
  // No "-logfn": ps_init would open that file as sphinxbase's process-wide log and fclose the
  // previous one, racing decoders created or decoding on other threads (a leaked or closed
  // FILE under LeakSanitizer); logging is already off for the whole process.
  const CmdLn config(biased ? cmd_ln_init(nullptr, ps_args(), TRUE, "-hmm", hmm.c_str(), "-dict", dict.c_str(), nullptr)
                             : cmd_ln_init(nullptr, ps_args(), TRUE, "-hmm", hmm.c_str(), "-dict", dict.c_str(), "-lm",
                                           lm.c_str(), nullptr));
  if (!config) return Error::config("PocketSphinx rejected its configuration (model paths)");
  // ps_init takes its own reference to the configuration.
  Decoder ps(ps_init(config.get()));
  if (!ps) {
    return Error::config(fmt::format("PocketSphinx could not load the model (hmm {}, dict {}, lm {})", hmm, dict, lm));
  }
  std::unique_ptr<PocketSphinxDecoder> decoder(new PocketSphinxDecoder(std::move(ps)));
  if (biased) {
    if (auto s = decoder->apply_bias(model, *bias, params); !s) return s.error();
  }
  return decoder;
}

void PocketSphinxDecoder::Free::operator()(ps_decoder_s* ps) const noexcept { ps_free(ps); }

PocketSphinxDecoder::~PocketSphinxDecoder() = default;

Status PocketSphinxDecoder::apply_bias(const PocketSphinxModel& model, const BiasCorpus& corpus,
                                       const BiasParams& params) {
  std::set<std::string> vocabulary;
  stats_.vocabulary = static_cast<int>(corpus.words.size());
  for (const auto& w : corpus.words) {
    if (char* known = ps_lookup_word(ps_.get(), w.c_str())) {
      ckd_free(known);
      vocabulary.insert(w);
      continue;
    }
    const auto phones = letter_to_sound(w);
    if (phones && ps_add_word(ps_.get(), w.c_str(), phones->c_str(), FALSE) >= 0) {
      vocabulary.insert(w);
      ++stats_.added;
    } else {
      ++stats_.unpronounceable;
    }
  }
  ps_decoder_t* ps = ps_.get();
  cmd_ln_t* config = ps_get_config(ps);
  NgramModel general = read_lm(config, model.lm.string(), NGRAM_AUTO, ps);
  if (!general) return Error::config(fmt::format("PocketSphinx could not read the language model {}", model.lm.string()));
  // ngram_model_read wants a file; a private temporary file holds the domain model meanwhile.
  auto arpa = util::TemporaryFile::create("invox-domain-", build_arpa_bigram(corpus.sentences, vocabulary));
  if (!arpa) return Error{arpa.error().kind, "domain language model: " + arpa.error().message};
  NgramModel domain = read_lm(config, arpa->path().string(), NGRAM_ARPA, ps);
  if (!domain) return Error::internal("PocketSphinx rejected the generated domain language model");
  ngram_model_t* models[] = {general.get(), domain.get()};
  char general_name[] = "general";
  char domain_name[] = "domain";
  char* names[] = {general_name, domain_name};
  const float32 weights[] = {1.0f - params.domain_weight, params.domain_weight};
  const NgramModel set(ngram_model_set_init(config, models, names, weights, 2));
  if (!set) return Error::internal("PocketSphinx could not interpolate the language models");
  // The set owns the two models now; the search takes its own reference to the set.
  (void)general.release();
  (void)domain.release();
  if (ps_set_lm(ps, "invox-biased", set.get()) < 0 || ps_set_search(ps, "invox-biased") < 0) {
    return Error::internal("PocketSphinx could not start a search over the biased language model");
  }
  return invox::ok();
}

Expected<std::vector<TimedWord>> PocketSphinxDecoder::recognize(const AudioBuffer& audio,
                                                                const std::vector<SpeechRegion>& regions) {
  std::vector<TimedWord> words;
  ps_decoder_t* ps = ps_.get();
  logmath_t* lmath = ps_get_logmath(ps);
  for (const auto& region : regions) {
    // A stop is seen between regions: within one region's decoding (VadParams::max_region_s of
    // audio at most, a few seconds of speech typically).
    if (util::stop_requested()) return util::interrupted_error("speech recognition");
    const auto [first, last] = audio.span(region.start, region.end);
    if (last <= first) continue;
    const auto pcm = to_pcm16(audio.samples.data() + first, last - first);
    if (ps_start_utt(ps) < 0) return Error::internal("PocketSphinx could not start an utterance");
    // full_utt = TRUE: the whole region is one utterance, so cepstral mean normalization uses it
    // all. Feeding it in blocks (to poll for a stop inside a region) changed every dev transcript.
    if (ps_process_raw(ps, pcm.data(), pcm.size(), FALSE, TRUE) < 0) {
      ps_end_utt(ps);
      return Error::internal("PocketSphinx failed while processing audio");
    }
    if (ps_end_utt(ps) < 0) return Error::internal("PocketSphinx failed to finish an utterance");
    const double offset = static_cast<double>(audio.first_sample + first) / kRecognizerRate;
    const size_t before = words.size();
    for (ps_seg_t* seg = ps_seg_iter(ps); seg; seg = ps_seg_next(seg)) {
      const char* word = ps_seg_word(seg);
      if (is_filler(word)) continue;
      int sf = 0;
      int ef = 0;
      ps_seg_frames(seg, &sf, &ef);
      int32 ascr = 0;
      int32 lscr = 0;
      int32 lback = 0;
      const int32 posterior = ps_seg_prob(seg, &ascr, &lscr, &lback);
      TimedWord w;
      w.text = base_word(word);
      w.start = offset + sf * kFrameSeconds;
      w.end = offset + (ef + 1) * kFrameSeconds;
      w.confidence = std::clamp(logmath_exp(lmath, posterior), 0.0, 1.0);
      words.push_back(std::move(w));
    }
    if (words.size() > before) words.back().ends_segment = true;
  }
  return words;
}

}  // namespace invox::stt
