#pragma once
// One libpocketsphinx decoder (Debian 0.8+5prealpha API), optionally biased toward a form's
// vocabulary. A decoder is used by one thread at a time.
#include <filesystem>
#include <memory>
#include <string>

#include "invox/expected.hpp"
#include "stt/bias_corpus.hpp"
#include "stt/engine.hpp"

struct ps_decoder_s;

namespace invox::stt {

struct PocketSphinxModel {
  std::filesystem::path hmm;   // acoustic model directory
  std::filesystem::path lm;    // general language model (.lm.bin or ARPA)
  std::filesystem::path dict;  // pronunciation dictionary

  static constexpr const char* kDefaultRoot = "/usr/share/pocketsphinx/model/en-us";
  // Layout of Debian's pocketsphinx-en-us below `root` (empty = kDefaultRoot).
  [[nodiscard]] static PocketSphinxModel in(const std::filesystem::path& root);
  // Config error naming the missing file and the flag that overrides it.
  [[nodiscard]] Status check() const;
};

struct BiasParams {
  float domain_weight = 0.25f;  // interpolation weight of the domain bigram model (general: 1 - w)
};

// What biasing did, for logs and docs.
struct BiasStats {
  int vocabulary = 0;   // distinct words in the bias corpus
  int added = 0;        // missing from the dictionary, added with letter-to-sound pronunciations
  int unpronounceable = 0;  // missing and without a pronunciation (left out)
};

class PocketSphinxDecoder final : public ChunkEngine {
 public:
  // `bias` null or empty: the stock model. Otherwise OOV words are added to the dictionary and a
  // bigram model of the corpus is interpolated with the general one.
  [[nodiscard]] static Expected<std::unique_ptr<PocketSphinxDecoder>> create(const PocketSphinxModel& model,
                                                                             const BiasCorpus* bias,
                                                                             const BiasParams& params = {});
  ~PocketSphinxDecoder() override;
  PocketSphinxDecoder(const PocketSphinxDecoder&) = delete;
  PocketSphinxDecoder& operator=(const PocketSphinxDecoder&) = delete;

  [[nodiscard]] Expected<std::vector<TimedWord>> recognize(const AudioBuffer& audio,
                                                           const std::vector<SpeechRegion>& regions) override;
  [[nodiscard]] const BiasStats& bias_stats() const { return stats_; }

 private:
  struct Free {
    void operator()(ps_decoder_s* ps) const noexcept;  // ps_free
  };
  using Decoder = std::unique_ptr<ps_decoder_s, Free>;

  explicit PocketSphinxDecoder(Decoder ps) : ps_(std::move(ps)) {}
  Status apply_bias(const PocketSphinxModel& model, const BiasCorpus& corpus, const BiasParams& params);

  Decoder ps_;
  BiasStats stats_;
};

}  // namespace invox::stt
