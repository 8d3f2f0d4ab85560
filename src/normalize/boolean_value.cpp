#include "normalize/boolean_value.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "normalize/lexicon.hpp"
#include "normalize/fold.hpp"
#include "core/guideline_hints.hpp"

namespace invox::normalize {

namespace {

// "nonsmoker", "noncompliant": a negating prefix on a longer word (not "none"/"nonetheless").
bool negating_prefix(const std::string& w) {
  for (const auto& p : words().negator_prefixes.items())
    if (w.size() > p.size() + 2 && w.starts_with(p) && !w.starts_with("none")) return true;
  return false;
}

// Negation cues of a descriptive phrase. Negative states ("former", "quit") negate a current
// state ("former member" is not a member).
bool negates(const Tokens& t, size_t i) {
  const Token& tok = t[i];
  if (tok.kind != TokenKind::Word) return false;
  const std::string& w = tok.text;
  if (words().is_negator(w) || words().negative_states.contains(w)) return true;
  return negating_prefix(w);
}

// Whether tokens at i spell `phrase`.
bool phrase_at(const Tokens& t, size_t i, const lexicon::Phrase& phrase) {
  for (size_t k = 0; k < phrase.size(); ++k)
    if (i + k >= t.size() || !t[i + k].is_word(phrase[k])) return false;
  return true;
}

bool uncertain_word(const Tokens& t, size_t i) {
  if (words().uncertain_words.contains(t[i].text)) return true;
  // "not sure", "don't know": the phrase ends at i.
  for (const auto& p : words().uncertain_phrases)
    if (i + 1 >= p.size() && phrase_at(t, i + 1 - p.size(), p)) return true;
  return false;
}

// Where `phrase` (phrase_key words) occurs in `key`: the word index, or -1.
int phrase_word_index(const std::string& key, const std::string& phrase) {
  if (phrase.empty()) return -1;
  const size_t pos = (" " + key + " ").find(" " + phrase + " ");
  if (pos == std::string::npos) return -1;
  return static_cast<int>(std::count(key.begin(), key.begin() + static_cast<long>(pos), ' '));
}

// "not a non-member": a negation within two words before the synonym flips it.
bool negated_at(const std::string& key, int word_index) {
  std::vector<std::string> words;
  size_t start = 0;
  for (size_t i = 0; i <= key.size(); ++i)
    if (i == key.size() || key[i] == ' ') words.push_back(key.substr(start, i - start)), start = i + 1;
  for (int back = 1; back <= 2 && word_index - back >= 0; ++back) {
    const std::string& w = words[static_cast<size_t>(word_index - back)];
    if (lexicon::lexicon_data().is_negator(w) || (w.size() > 2 && w.ends_with("nt"))) return true;
  }
  return false;
}

}  // namespace

std::optional<bool> yes_no_word(std::string_view w) {
  if (words().yes_words.contains(w)) return true;
  if (words().no_words.contains(w)) return false;
  return std::nullopt;
}

Polarity clause_polarity(const Tokens& t, size_t begin, size_t end) {
  Polarity p;
  end = std::min(end, t.size());
  // "No, he doesn't" / "Yes, he does": a leading answer word followed by a pause decides.
  if (begin < end && t[begin].kind == TokenKind::Word && begin + 1 < end && is_clause_break(t[begin + 1])) {
    if (auto yn = yes_no_word(t[begin].text)) {
      p.value = *yn;
      p.negations = *yn ? 0 : 1;
      return p;
    }
  }
  for (size_t i = begin; i < end; ++i) {
    if (t[i].kind != TokenKind::Word) continue;
    if (uncertain_word(t, i)) p.uncertain = true;
    if (negates(t, i)) ++p.negations;
  }
  p.value = p.negations % 2 == 0;
  return p;
}

std::optional<TokenParse> parse_boolean_field_at(const Tokens& t, size_t i, const Field& field) {
  if (i >= t.size() || t[i].kind != TokenKind::Word) return std::nullopt;
  // Guideline synonyms at the start ("walk-in only").
  for (const auto& a : guideline_hints(field.guidelines)->aliases) {
    auto target = yes_no_word(phrase_key(a.target));
    if (!target) continue;
    const Tokens alias = tokenize(phrase_key(a.phrase));
    size_t k = i, n = 0;
    while (n < alias.size() && k < t.size() && t[k].text == alias[n].text) ++k, ++n;
    if (!alias.empty() && n == alias.size()) return TokenParse{Json(*target), i, k, std::nullopt};
  }
  if (t[i].is_word("no") && i + 1 < t.size() && t[i + 1].is_word("one")) return TokenParse{Json(false), i, i + 2, std::nullopt};
  if (auto yn = yes_no_word(t[i].text)) return TokenParse{Json(*yn), i, i + 1, std::nullopt};
  return std::nullopt;
}

NormalizeResult normalize_boolean(const Json& value, const Field& field) {
  if (value.is_boolean()) return NormalizeResult{value, std::nullopt};
  if (value.is_number()) {
    const double v = value.get<double>();
    if (v == 0 || v == 1) return NormalizeResult{Json(v == 1), std::nullopt};
    return invalid_result(field, fmt::format("{} is not a yes/no value", value.dump()));
  }
  if (!value.is_string()) return invalid_result(field, fmt::format("{} is not a yes/no value", describe(value)));
  const std::string key = phrase_key(value.get<std::string>());
  if (key.empty()) return NormalizeResult{};
  if (auto yn = yes_no_word(key)) return NormalizeResult{Json(*yn), std::nullopt};
  if (words().empty_values.contains(key))
    return ambiguous_result(field, fmt::format("{} does not say yes or no", describe(value)));
  // Guideline synonyms, longest first so "not first aid only" style phrases stay intact.
  const GuidelineAlias* best = nullptr;
  int best_at = -1;
  const auto rules = guideline_hints(field.guidelines);
  for (const auto& a : rules->aliases) {
    if (!yes_no_word(phrase_key(a.target))) continue;
    const int at = phrase_word_index(key, phrase_key(a.phrase));
    if (at >= 0 && (!best || a.phrase.size() > best->phrase.size())) best = &a, best_at = at;
  }
  if (best) {
    const bool v = *yes_no_word(phrase_key(best->target));
    return NormalizeResult{Json(negated_at(key, best_at) ? !v : v), std::nullopt};
  }
  const Tokens t = tokenize(value.get<std::string>());
  const Polarity p = clause_polarity(t, 0, t.size());
  if (p.uncertain) return ambiguous_result(field, fmt::format("{} does not settle {}", describe(value), field.label));
  return NormalizeResult{Json(p.value), std::nullopt};
}

}  // namespace invox::normalize
