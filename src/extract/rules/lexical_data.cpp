#include "extract/rules/lexical_data.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "extract/rules/transcript_tokens.hpp"
#include "extract/rules/word_forms.hpp"

namespace invox::rules {

bool is_negation_word(std::string_view w) {
  return words().is_negator(w) || words().negative_states.contains(w) || is_zero_quantifier(w);
}

bool is_zero_quantifier(std::string_view w) {
  for (const auto& p : words().zero_quantifiers)
    if (p.size() == 1 && p[0] == w) return true;
  return false;
}

bool is_affirmation_word(std::string_view w) { return words().yes_words.contains(w) || words().affirmations.contains(w); }

bool is_person_word_stem(std::string_view stem_text) {
  // Stemmed once: cue building and speaker labels ask for every cue of every field.
  static const lexicon::WordSet stems = [] {
    std::vector<std::string> out;
    for (const auto& w : words().person_words.items()) out.push_back(stem(w));
    return lexicon::WordSet(std::move(out));
  }();
  return stems.contains(stem_text);
}

bool says_any_phrase(std::string_view text, const std::vector<lexicon::Phrase>& phrases) {
  const auto toks = tokenize(text).tokens;
  for (const auto& p : phrases) {
    for (size_t i = 0; !p.empty() && i + p.size() <= toks.size(); ++i) {
      size_t k = 0;
      while (k < p.size() && toks[i + k].norm == p[k]) ++k;
      if (k == p.size()) return true;
    }
  }
  return false;
}

bool says_any_word(std::initializer_list<std::string_view> texts, const lexicon::WordSet& set) {
  for (std::string_view text : texts) {
    std::string word;
    for (size_t i = 0; i <= text.size(); ++i) {
      const unsigned char ch = i < text.size() ? static_cast<unsigned char>(text[i]) : ' ';
      if (std::isalnum(ch)) {
        word += static_cast<char>(std::tolower(ch));
      } else if (!word.empty()) {
        if (set.contains(word)) return true;
        word.clear();
      }
    }
  }
  return false;
}

std::vector<std::string> unit_words(std::string_view unit) {
  const lexicon::UnitEntry* u = words().unit_for_symbol(unit);
  if (!u) return {};
  std::vector<std::string> out;
  // A unit that stands for its whole dimension ("currency") is said with the words of any unit of it.
  for (const auto& each : words().units) {
    if (&each != u && (!u->any_of_dimension() || each.dimension != u->dimension)) continue;
    out.insert(out.end(), each.words.begin(), each.words.end());
    out.insert(out.end(), each.weak.begin(), each.weak.end());
  }
  return out;
}

std::vector<std::string> convertible_unit_words(std::string_view unit) {
  const lexicon::UnitEntry* own = words().unit_for_symbol(unit);
  if (!own || own->dimension == "currency") return {};
  std::vector<std::string> out;
  for (const auto& u : words().units)
    if (&u != own && u.dimension == own->dimension) out.insert(out.end(), u.words.begin(), u.words.end());
  return out;
}

const std::vector<std::string>& synonyms_of(std::string_view stem_text) {
  // The lexicon lists words; cue matching compares stems, so the groups are stemmed once.
  // Irregular verb forms join the synonym group that shares a word with them ("rang" ~ "phone").
  static const std::map<std::string, std::vector<std::string>, std::less<>> kByStem = [] {
    std::vector<std::vector<std::string>> groups;
    auto add = [&](const std::vector<std::string>& group) {
      std::vector<std::string> stems;
      for (const auto& w : group)
        stems.push_back(stem(w));
      for (auto& g : groups)
        if (std::any_of(stems.begin(), stems.end(),
                        [&](const std::string& s) { return std::find(g.begin(), g.end(), s) != g.end(); })) {
          for (auto& s : stems)
            if (std::find(g.begin(), g.end(), s) == g.end()) g.push_back(s);
          return;
        }
      groups.push_back(std::move(stems));
    };
    for (const auto& group : words().synonyms)
      add(group);
    for (const auto& group : words().verb_forms)
      add(group);
    std::map<std::string, std::vector<std::string>, std::less<>> out;
    for (const auto& g : groups)
      for (const auto& s : g)
        out.emplace(s, g);
    return out;
  }();
  static const std::vector<std::string> kNone;
  auto it = kByStem.find(stem_text);
  return it == kByStem.end() ? kNone : it->second;
}

}  // namespace invox::rules
