#pragma once
// Template-aware recognition: the words a form's dictation is likely to contain (field labels,
// aliases, enum options, history transcripts) and a small bigram language model built from them.
#include <set>
#include <string>
#include <vector>

#include "invox/template.hpp"

namespace invox::stt {

struct BiasCorpus {
  std::vector<std::vector<std::string>> sentences;  // lower-case word sequences
  std::set<std::string> words;

  [[nodiscard]] bool empty() const { return words.empty(); }
};

// Lower-case word sequences of free text: split at sentence punctuation and at tokens with
// digits (the recognizer spells numbers out, so written digits say nothing about its words).
[[nodiscard]] std::vector<std::vector<std::string>> text_to_sentences(const std::string& text);

[[nodiscard]] BiasCorpus build_bias_corpus(const Template* tmpl, const std::vector<std::string>& texts);

// Stable identity of a corpus, to reuse decoders built for the same vocabulary.
[[nodiscard]] std::string corpus_key(const BiasCorpus& corpus);

// An ARPA bigram model (absolute discounting, D = 0.5, backoff to add-one unigrams) over
// `sentences` restricted to `vocabulary` words; other words break a sentence.
[[nodiscard]] std::string build_arpa_bigram(const std::vector<std::vector<std::string>>& sentences,
                                            const std::set<std::string>& vocabulary);

}  // namespace invox::stt
