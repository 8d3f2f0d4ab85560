#include "extract/rules/cue_matcher.hpp"

#include <algorithm>
#include <optional>

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
bool token_matches(const TokenizedText& tt, const Token& tok, const std::string& word, const Phrase& p) {
  if (p.case_sensitive) {
    if (tt.cased) return tok.raw == p.exact;
    return p.exact.size() >= 3 && tok.norm == util::to_lower_ascii(p.exact);
  }
  if (word.size() <= 2 || tok.stem.size() <= 2) return tok.stem == word || tok.norm == word;
  return stems_match(tok.stem, word);
}

struct Raw {
  size_t first, last, words, gaps;
  double strength;
};

// How many content tokens starting at `ci` spell `word`: 1, or 2 for a compound said in two
// parts ("lock out" ~ "lockout"), 0 when none.
size_t word_at(const TokenizedText& tt, const std::vector<size_t>& content, size_t ci, const std::string& word,
               const Phrase& p) {
  const Token& t = tt.tokens[content[ci]];
  if (token_matches(tt, t, word, p)) return 1;
  if (p.case_sensitive || word.size() < 6 || ci + 1 >= content.size() || t.after == Break::Sentence ||
      t.after == Break::Comma)
    return 0;
  const Token& u = tt.tokens[content[ci + 1]];
  return stem(t.norm + u.norm) == word ? 2 : 0;
}

// Matches `p` starting at content position `ci`; gaps allowed between words.
std::optional<Raw> match_at(const TokenizedText& tt, const std::vector<size_t>& content, size_t ci,
                            const Phrase& p, size_t max_gap) {
  size_t used = word_at(tt, content, ci, p.stems[0], p);
  if (!used) return std::nullopt;
  size_t pos = ci + used - 1, gaps = 0;
  for (size_t w = 1; w < p.stems.size(); ++w) {
    bool found = false;
    for (size_t g = 0; g <= max_gap && pos + 1 + g < content.size(); ++g) {
      const Token& prev = tt.tokens[content[pos + g]];
      if (prev.after == Break::Sentence) break;
      if (size_t n = word_at(tt, content, pos + 1 + g, p.stems[w], p)) {
        pos = pos + g + n;
        gaps += g;
        found = true;
        break;
      }
    }
    if (!found) return std::nullopt;
  }
  return Raw{content[ci], content[pos] + 1, p.stems.size(), gaps, 1.0};
}

std::optional<Raw> match_swapped(const TokenizedText& tt, const std::vector<size_t>& content, size_t ci,
                                 const Phrase& p) {
  if (p.stems.size() != 2 || ci + 1 >= content.size()) return std::nullopt;
  if (is_stopword(p.stems[0]) || is_stopword(p.stems[1])) return std::nullopt;
  const Token& a = tt.tokens[content[ci]];
  const Token& b = tt.tokens[content[ci + 1]];
  if (a.after == Break::Sentence || a.after == Break::Comma) return std::nullopt;
  if (token_matches(tt, a, p.stems[1], p) && token_matches(tt, b, p.stems[0], p))
    return Raw{content[ci], content[ci + 1] + 1, 2, 0, 1.0};
  return std::nullopt;
}

Mention mention_of(size_t field, const Raw& r, double strength) {
  Mention m;
  m.field = field;
  m.first = r.first;
  m.last = r.last;
  m.words = r.words;
  m.strength = strength;
  return m;
}

bool overlaps(const Mention& a, const Mention& b) { return a.first < b.last && b.first < a.last; }

// Greedy: more words first, then stronger, then earlier. Identical spans of equal length
// are shared between fields.
std::vector<Mention> resolve(std::vector<Mention> all, const Lexicon& lex) {
  std::stable_sort(all.begin(), all.end(), [](const Mention& a, const Mention& b) {
    if (a.words != b.words) return a.words > b.words;
    if (a.strength != b.strength) return a.strength > b.strength;
    return a.first < b.first;
  });
  std::vector<Mention> kept;
  for (const auto& m : all) {
    bool ok = true;
    for (const auto& k : kept) {
      if (!overlaps(m, k)) continue;
      bool shared = k.first == m.first && k.last == m.last && k.words == m.words && k.field != m.field &&
                    k.strength - m.strength < 0.05;
      bool same_field_dup = k.field == m.field;
      // A yes/no field's cue inside another field's longer cue still counts ("theft report
      // number 55-102" also says a theft report was filed).
      bool boolean_inside = !m.is_value && lex.fields[m.field].field->type == FieldType::Boolean &&
                            k.field != m.field && k.first <= m.first && m.last <= k.last;
      if (boolean_inside) continue;
      if (!shared || same_field_dup) {
        ok = false;
        break;
      }
    }
    if (ok) kept.push_back(m);
  }
  return kept;
}
}  // namespace

std::vector<Mention> find_mentions(const TokenizedText& tt, const Lexicon& lex, const MatchParams& params) {
  auto content = content_indices(tt);
  std::vector<Mention> cues, values;
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    const auto& fl = lex.fields[f];
    for (const auto& cue : fl.cues) {
      for (size_t ci = 0; ci < content.size(); ++ci) {
        auto r = match_at(tt, content, ci, cue.phrase, params.max_gap);
        double factor = 1.0;
        if (r && r->gaps > 0) factor = params.gap_penalty;
        if (!r && cue.kind == CueKind::Lead) {
          r = match_swapped(tt, content, ci, cue.phrase);
          factor = params.swap_penalty;
        }
        if (!r) continue;
        Mention m = mention_of(f, *r, cue.strength * factor);
        m.cue = &cue;
        cues.push_back(m);
      }
    }
    for (const auto& vp : fl.values) {
      for (size_t ci = 0; ci < content.size(); ++ci) {
        auto r = match_at(tt, content, ci, vp.phrase, 0);
        double factor = 1.0;
        if (!r) {  // "a pipe burst" says the option alias "burst pipe"
          r = match_swapped(tt, content, ci, vp.phrase);
          factor = params.swap_penalty;
        }
        if (!r) continue;
        Mention m = mention_of(f, *r, vp.strength * factor);
        m.is_value = true;
        m.value = &vp;
        values.push_back(m);
      }
    }
  }
  auto out = resolve(std::move(cues), lex);
  auto vals = resolve(std::move(values), lex);
  out.insert(out.end(), vals.begin(), vals.end());
  std::stable_sort(out.begin(), out.end(), [](const Mention& a, const Mention& b) { return a.first < b.first; });
  return out;
}

}  // namespace invox::rules
