#include "normalize/enum_value.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "core/lexicon_data.hpp"
#include "normalize/fold.hpp"
#include "core/guideline_hints.hpp"
#include "util/strings.hpp"

namespace invox::normalize {

namespace {

std::vector<std::string> key_words(std::string_view s) {
  std::vector<std::string> out;
  for (auto& w : util::split(phrase_key(s), ' '))
    if (!w.empty()) out.push_back(w);
  return out;
}

std::string without_apostrophes(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), '\''), s.end());
  return s;
}

bool word_matches(const Token& tok, const std::string& word, bool last_word) {
  if (tok.kind == TokenKind::Punct) return false;
  const std::string w = tok.text.find('\'') == std::string::npos ? tok.text : without_apostrophes(tok.text);
  if (w == word) return true;
  // Plurals of the last word: "forklifts", "glasses".
  return last_word && (w == word + "s" || w == word + "es");
}

// Index of the next word token after a token, skipping glued joiners ("high-flow", "and/or").
size_t next_word(const Tokens& t, size_t k) {
  if (k < t.size() && t[k].kind == TokenKind::Punct && !t[k].space_before &&
      (t[k].text == "-" || t[k].text == "/" || t[k].text == "&") && k + 1 < t.size() && !t[k + 1].space_before)
    return k + 1;
  return k;
}

// Token end of candidate words matched at i, or 0.
size_t match_words_at(const Tokens& t, size_t i, const std::vector<std::string>& words) {
  size_t k = i;
  for (size_t w = 0; w < words.size(); ++w) {
    if (w > 0) k = next_word(t, k);
    if (k >= t.size() || !word_matches(t[k], words[w], w + 1 == words.size())) return 0;
    ++k;
  }
  return k;
}

std::string initials(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += w.front();
  return s;
}

std::string options_list(const Field& f) { return util::join(f.options, ", "); }

struct Found {
  std::string option;
  size_t first = 0;
  size_t last = 0;
};

// Longest candidate match at i; `tie` reports a different option with the same length.
std::optional<Found> longest_at(const Tokens& t, size_t i, const std::vector<EnumCandidate>& cands, bool& tie) {
  std::optional<Found> best;
  tie = false;
  for (const auto& c : cands) {
    if (c.words.empty()) continue;
    const size_t end = match_words_at(t, i, c.words);
    if (!end) continue;
    if (!best || end > best->last) {
      best = Found{c.option, i, end};
      tie = false;
    } else if (end == best->last && c.option != best->option) {
      tie = true;
    }
  }
  // An acronym of a multi-word option ("ABS", "HP").
  if (!best && i < t.size() && t[i].kind == TokenKind::Word && t[i].text.size() >= 2 && t[i].text.size() <= 6) {
    std::set<std::string> hits;
    for (const auto& c : cands)
      if (c.words.size() >= 2 && initials(c.words) == t[i].text) hits.insert(c.option);
    if (hits.size() == 1) best = Found{*hits.begin(), i, i + 1};
    tie = hits.size() > 1;
  }
  return best;
}

bool negated_before(const Tokens& t, size_t i) {
  for (size_t back = 1; back <= 2 && back <= i; ++back) {
    const Token& p = t[i - back];
    if (p.kind == TokenKind::Punct) {
      if (p.text == "-" && back == 1) continue;  // "non-urgent"
      break;
    }
    if (is_negation_word(p.text)) return true;
  }
  return false;
}

}  // namespace

bool is_negation_word(std::string_view w) { return lexicon::lexicon_data().is_negator(w); }

std::vector<EnumCandidate> enum_candidates(const Field& field) {
  std::vector<EnumCandidate> out;
  for (const auto& o : field.options) out.push_back({o, key_words(o), false});
  auto option_for = [&](std::string_view name) -> const std::string* {
    const std::string key = phrase_key(name);
    for (const auto& o : field.options)
      if (phrase_key(o) == key) return &o;
    return nullptr;
  };
  for (const auto& [option, aliases] : field.option_aliases) {
    const std::string* o = option_for(option);
    if (!o) continue;  // an alias for a non-option would invent a value
    for (const auto& a : aliases) out.push_back({*o, key_words(a), true});
  }
  for (const auto& a : guideline_hints(field.guidelines)->aliases)
    if (const std::string* o = option_for(a.target)) out.push_back({*o, key_words(a.phrase), true});
  return out;
}

std::optional<TokenParse> parse_enum_field_at(const Tokens& t, size_t i, const Field& field) {
  const auto cands = enum_candidates(field);
  for (size_t j = i; j <= i + 1 && j < t.size(); ++j) {
    bool tie = false;
    auto found = longest_at(t, j, cands, tie);
    if (!found && !tie) {
      if (j == i && t[j].kind == TokenKind::Word && lexicon::lexicon_data().determiners.contains(t[j].text)) continue;
      return std::nullopt;
    }
    TokenParse p;
    p.first = i;
    p.last = found ? found->last : j + 1;
    if (tie) p.issue = make_issue(field, IssueType::Ambiguous,
                                  fmt::format("'{}' matches more than one of: {}", t[j].text, options_list(field)));
    else p.value = found->option;
    return p;
  }
  return std::nullopt;
}

NormalizeResult normalize_enum(const Json& value, const Field& field) {
  std::string text;
  if (value.is_string()) text = value.get<std::string>();
  else if (value.is_number()) text = value.dump();
  else return invalid_result(field, fmt::format("{} is not one of: {}", describe(value), options_list(field)));
  const std::string key = phrase_key(text);
  if (key.empty()) return NormalizeResult{};
  const auto cands = enum_candidates(field);
  const auto words = key_words(text);
  // 1. The whole value is an option or a synonym.
  for (const auto& c : cands)
    if (c.words == words) return NormalizeResult{c.option, std::nullopt};
  // 2. Options or synonyms inside the value ("going to storage", "fair with notes"), not negated.
  const Tokens t = tokenize(text);
  std::vector<Found> found;
  for (size_t i = 0; i < t.size(); ++i) {
    bool tie = false;
    if (auto f = longest_at(t, i, cands, tie); f && !negated_before(t, i)) found.push_back(*f);
  }
  std::set<std::string> options;
  for (const auto& f : found) {
    const bool inside_longer = std::any_of(found.begin(), found.end(), [&](const Found& g) {
      return &g != &f && g.first <= f.first && g.last >= f.last && (g.last - g.first) > (f.last - f.first);
    });
    if (!inside_longer) options.insert(f.option);
  }
  if (options.size() == 1) return NormalizeResult{*options.begin(), std::nullopt};
  if (options.size() > 1)
    return ambiguous_result(field, fmt::format("'{}' names more than one option: {}", text, util::join({options.begin(), options.end()}, ", ")));
  // 3. A unique option that starts with the value's words ("CNC" -> "CNC machine").
  std::set<std::string> prefixed;
  for (const auto& c : cands)
    if (c.words.size() > words.size() && std::equal(words.begin(), words.end(), c.words.begin())) prefixed.insert(c.option);
  if (prefixed.size() == 1) return NormalizeResult{*prefixed.begin(), std::nullopt};
  if (prefixed.size() > 1)
    return ambiguous_result(field, fmt::format("'{}' could be any of: {}", text, util::join({prefixed.begin(), prefixed.end()}, ", ")));
  return invalid_result(field, fmt::format("'{}' is not one of: {}", text, options_list(field)));
}

}  // namespace invox::normalize
