#include "stt/bias_corpus.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <functional>
#include <map>

namespace invox::stt {

std::vector<std::vector<std::string>> text_to_sentences(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::vector<std::string> sentence;
  std::string token;
  bool has_digit = false;
  auto end_token = [&] {
    while (!token.empty() && token.back() == '\'') token.pop_back();
    while (!token.empty() && token.front() == '\'') token.erase(token.begin());
    if (has_digit) {
      if (!sentence.empty()) out.push_back(std::move(sentence));
      sentence.clear();
    } else if (!token.empty()) {
      sentence.push_back(token);
    }
    token.clear();
    has_digit = false;
  };
  auto end_sentence = [&] {
    end_token();
    if (!sentence.empty()) out.push_back(std::move(sentence));
    sentence.clear();
  };
  for (unsigned char c : text) {
    if (std::isalpha(c) || c == '\'') {
      token.push_back(static_cast<char>(std::tolower(c)));
    } else if (std::isdigit(c)) {
      token.push_back(static_cast<char>(c));
      has_digit = true;
    } else if (c == '.' || c == '!' || c == '?' || c == ';' || c == ':' || c == '\n') {
      // "38.5" stays one token; a full stop after a word ends the sentence.
      if (c == '.' && has_digit) continue;
      end_sentence();
    } else if (c >= 0x80) {
      has_digit = true;  // non-ASCII words have no CMU pronunciation; treat like a break
    } else {
      end_token();
    }
  }
  end_sentence();
  return out;
}

BiasCorpus build_bias_corpus(const Template* tmpl, const std::vector<std::string>& texts) {
  BiasCorpus corpus;
  auto add = [&](const std::string& text) {
    for (auto& s : text_to_sentences(text)) {
      for (const auto& w : s) corpus.words.insert(w);
      corpus.sentences.push_back(std::move(s));
    }
  };
  if (tmpl) {
    add(tmpl->title);
    for (const auto& f : tmpl->fields) {
      add(f.label);
      for (const auto& a : f.aliases) add(a);
      for (const auto& o : f.options) add(o);
      for (const auto& [option, synonyms] : f.option_aliases) {
        add(option);
        for (const auto& s : synonyms) add(s);
      }
    }
  }
  for (const auto& t : texts) add(t);
  return corpus;
}

std::string corpus_key(const BiasCorpus& corpus) {
  std::string all;
  for (const auto& s : corpus.sentences) {
    for (const auto& w : s) all += w + ' ';
    all += '\n';
  }
  return fmt::format("{:016x}-{}", std::hash<std::string>{}(all), corpus.words.size());
}

std::string build_arpa_bigram(const std::vector<std::vector<std::string>>& sentences,
                              const std::set<std::string>& vocabulary) {
  constexpr double kDiscount = 0.5;
  std::map<std::string, double> unigram;
  std::map<std::string, std::map<std::string, double>> bigram;
  for (const auto& s : sentences) {
    std::string previous = "<s>";
    unigram["<s>"] += 1;
    for (const auto& w : s) {
      if (!vocabulary.count(w)) {
        // An unknown word breaks the chain: close this run and start a new one.
        if (previous != "<s>") {
          bigram[previous]["</s>"] += 1;
          unigram["</s>"] += 1;
          unigram["<s>"] += 1;
        }
        previous = "<s>";
        continue;
      }
      unigram[w] += 1;
      bigram[previous][w] += 1;
      previous = w;
    }
    bigram[previous]["</s>"] += 1;
    unigram["</s>"] += 1;
  }
  // Unigrams: add-one over the words (not <s>, which is never predicted).
  double total = 0;
  for (const auto& [w, c] : unigram) {
    if (w != "<s>") total += c + 1;
  }
  std::map<std::string, double> p_uni;
  for (const auto& [w, c] : unigram) {
    if (w != "<s>") p_uni[w] = (c + 1) / total;
  }
  std::map<std::string, double> backoff;
  size_t n_bigrams = 0;
  for (const auto& [h, nexts] : bigram) {
    double count = 0;
    for (const auto& [w, c] : nexts) count += c;
    double seen_mass = 0;
    double seen_uni = 0;
    for (const auto& [w, c] : nexts) {
      seen_mass += (c - kDiscount) / count;
      seen_uni += p_uni[w];
    }
    backoff[h] = (1.0 - seen_mass) / std::max(1e-9, 1.0 - seen_uni);
    n_bigrams += nexts.size();
  }
  std::string arpa = "\\data\\\n";
  arpa += fmt::format("ngram 1={}\nngram 2={}\n\n\\1-grams:\n", unigram.size(), n_bigrams);
  for (const auto& [w, c] : unigram) {
    const double lp = w == "<s>" ? -99.0 : std::log10(p_uni[w]);
    const auto b = backoff.find(w);
    if (b != backoff.end()) {
      arpa += fmt::format("{:.6f} {} {:.6f}\n", lp, w, std::log10(std::max(1e-9, b->second)));
    } else {
      arpa += fmt::format("{:.6f} {}\n", lp, w);
    }
  }
  arpa += "\n\\2-grams:\n";
  for (const auto& [h, nexts] : bigram) {
    double count = 0;
    for (const auto& [w, c] : nexts) count += c;
    for (const auto& [w, c] : nexts) arpa += fmt::format("{:.6f} {} {}\n", std::log10((c - kDiscount) / count), h, w);
  }
  arpa += "\n\\end\\\n";
  return arpa;
}

}  // namespace invox::stt
