#include "extract/rules/cue_matcher.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/cancel.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
StemMatch token_matches(const TokenizedText& tt, const Token& tok, const std::string& word, const Phrase& p) {
  auto same_if = [](bool b) { return b ? StemMatch::Same : StemMatch::None; };
  if (p.case_sensitive) {
    if (tt.cased) return same_if(tok.raw == p.exact);
    return same_if(p.exact.size() >= 3 && tok.norm == util::to_lower_ascii(p.exact));
  }
  // Short words match only exactly, or as a listed synonym ("ht" for "height").
  if (word.size() <= 2 || tok.stem.size() <= 2) {
    const auto& syn = synonyms_of(word);
    return same_if(tok.stem == word || tok.norm == word || std::find(syn.begin(), syn.end(), tok.stem) != syn.end());
  }
  return compare_stems(tok.stem, word);
}

struct Raw {
  size_t first, last, words, gaps;
  bool derived;  // a word matched only through a derived form
};

// The transcript's content tokens with a memo of word comparisons. Long transcripts repeat
// their words, so whether a transcript word matches a phrase word is decided once per
// distinct pair (token_matches depends only on the word's folded form and stem) and matching
// a cue costs a table lookup per token: linear in the transcript with a small constant.
class Matcher {
 public:
  explicit Matcher(const TokenizedText& text) : tt(text), content(content_indices(text)) {
    std::unordered_map<std::string_view, uint32_t> ids;
    form_of_.reserve(text.tokens.size());
    for (const auto& t : text.tokens) {
      auto [it, added] = ids.emplace(t.norm, static_cast<uint32_t>(forms_.size()));
      if (added) forms_.push_back(&t);
      form_of_.push_back(it->second);
    }
    form_negates_.assign(forms_.size(), kUnknown);
  }

  // The ids of a phrase's words (verdicts are memoized under them).
  std::vector<uint32_t> word_ids(const Phrase& p) {
    std::vector<uint32_t> out;
    for (const auto& w : p.stems) {
      auto [it, added] = word_ids_.emplace(w, static_cast<uint32_t>(verdicts_.size()));
      if (added) {
        verdicts_.emplace_back(forms_.size(), kUnknown);
        word_negates_.push_back(words().is_negator(w));
      }
      out.push_back(it->second);
    }
    return out;
  }

  StemMatch matches(size_t token, const Phrase& p, size_t w, uint32_t word_id) {
    if (p.case_sensitive) return token_matches(tt, tt.tokens[token], p.stems[w], p);
    // "not eating" is said "hasn't eaten", "no cleaning" "nobody cleaned": a negator in a longer
    // phrase matches any negator (a phrase that is only "no" stays the word itself).
    const uint32_t form = form_of_[token];
    if (p.stems.size() > 1 && word_negates_[word_id] && form_negates(form)) return StemMatch::Same;
    int8_t& v = verdicts_[word_id][form];
    if (v == kUnknown) v = static_cast<int8_t>(token_matches(tt, *forms_[form], p.stems[w], p));
    return static_cast<StemMatch>(v);
  }

  const TokenizedText& tt;
  const std::vector<size_t> content;

 private:
  static constexpr int8_t kUnknown = -1;
  bool form_negates(uint32_t form) {
    int8_t& v = form_negates_[form];
    if (v == kUnknown) v = words().is_negator(forms_[form]->norm) ? 1 : 0;
    return v == 1;
  }
  std::vector<const Token*> forms_;   // one token per distinct folded form
  std::vector<uint32_t> form_of_;     // token index -> form
  std::unordered_map<std::string_view, uint32_t> word_ids_;
  std::vector<std::vector<int8_t>> verdicts_;  // [word id][form]: -1 unknown, else a StemMatch
  std::vector<bool> word_negates_;             // [word id]: the word is a negator
  std::vector<int8_t> form_negates_;          // [form]: -1 unknown, else whether it is a negator
};

// How many content tokens starting at `ci` spell word `w` of `p`: 1, or 2 for a compound said
// in two parts ("lock out" ~ "lockout"), 0 when none. `derived` is set when the token is only
// a derived form of the word.
size_t word_at(Matcher& mt, size_t ci, const Phrase& p, size_t w, uint32_t word_id, bool& derived) {
  const std::string& word = p.stems[w];
  const auto& content = mt.content;
  const Token& t = mt.tt.tokens[content[ci]];
  if (auto v = mt.matches(content[ci], p, w, word_id); v != StemMatch::None) {
    derived = derived || v == StemMatch::Derived;
    return 1;
  }
  if (p.case_sensitive || word.size() < 6 || ci + 1 >= content.size() || t.after == Break::Sentence ||
      t.after == Break::Comma)
    return 0;
  // stem() only shortens or changes the end of a word: the compound's first part must begin
  // `word` (checked first, so the concatenation is stemmed for few tokens).
  const size_t k = std::min(t.norm.size(), word.size() - 1);
  if (word.compare(0, k, t.norm, 0, k) != 0) return 0;
  const Token& u = mt.tt.tokens[content[ci + 1]];
  return stem(t.norm + u.norm) == word ? 2 : 0;
}

// "yesterday", "Friday", "June": a word that says which day (or month) it is.
bool names_a_day(const Token& t) {
  const auto& w = words();
  return w.day_deictics.contains(t.norm) || w.weekday_names.index_of(t.norm) || w.month_names.index_of(t.norm);
}

// Matches `p` starting at content position `ci`; gaps allowed between words. `dated`: the
// phrase is a date field's cue.
std::optional<Raw> match_at(Matcher& mt, size_t ci, const Phrase& p, const std::vector<uint32_t>& ids,
                            size_t max_gap, bool dated = false) {
  const auto& content = mt.content;
  bool derived = false;
  size_t used = word_at(mt, ci, p, 0, ids[0], derived);
  if (!used) return std::nullopt;
  size_t pos = ci + used - 1, gaps = 0;
  for (size_t w = 1; w < p.stems.size(); ++w) {
    bool found = false;
    for (size_t g = 0; g <= max_gap && pos + 1 + g < content.size(); ++g) {
      const Token& prev = mt.tt.tokens[content[pos + g]];
      if (prev.after == Break::Sentence) break;
      // "Pupil: Saoirse Dunleavy, age 8" is no gapped "pupil age": a label's colon ends a cue.
      if (prev.colon_after) break;
      // "temperature minus eleven at start" is no gapped "Temperature at start": a number
      // between a cue's words is a value said after the first of them.
      if (g > 0 && says_number(prev)) break;
      // "Found yesterday evening on Orewa Beach" is no gapped "found on": the day is the value.
      if (g > 0 && dated && names_a_day(prev)) break;
      if (size_t n = word_at(mt, pos + 1 + g, p, w, ids[w], derived)) {
        pos = pos + g + n;
        gaps += g;
        found = true;
        break;
      }
    }
    if (!found) return std::nullopt;
  }
  return Raw{content[ci], content[pos] + 1, p.stems.size(), gaps, derived};
}

// A two-word cue may be said in swapped order ("pressure blood"), unless a word is a stopword.
bool swappable(const Phrase& p) { return p.stems.size() == 2 && !is_stopword(p.stems[0]) && !is_stopword(p.stems[1]); }

// Matches a swappable() phrase in swapped order at content position `ci`.
std::optional<Raw> match_swapped(Matcher& mt, size_t ci, const Phrase& p, const std::vector<uint32_t>& ids) {
  const auto& content = mt.content;
  if (ci + 1 >= content.size()) return std::nullopt;
  const Token& a = mt.tt.tokens[content[ci]];
  if (a.after == Break::Sentence || a.after == Break::Comma) return std::nullopt;
  const StemMatch second = mt.matches(content[ci], p, 1, ids[1]);
  const StemMatch first = second == StemMatch::None ? StemMatch::None : mt.matches(content[ci + 1], p, 0, ids[0]);
  if (first != StemMatch::None) {
    return Raw{content[ci], content[ci + 1] + 1, 2, 0, first == StemMatch::Derived || second == StemMatch::Derived};
  }
  return std::nullopt;
}

// "eleven point two": "point" between two numbers is the decimal point, never a cue of a field
// whose label says "point" ("Sample point").
bool decimal_point_at(const TokenizedText& tt, size_t i) {
  if (i == 0 || i + 1 >= tt.tokens.size() || tt.tokens[i].norm != "point") return false;
  return says_number(tt.tokens[i - 1]) && says_number(tt.tokens[i + 1]) && tt.tokens[i - 1].after == Break::None &&
         tt.tokens[i].after == Break::None;
}

// `strength`: the phrase's own strength times the gap or swap penalty.
Mention mention_of(size_t field, const Raw& r, double strength, const MatchParams& params) {
  Mention m;
  m.field = field;
  m.first = r.first;
  m.last = r.last;
  m.words = r.words;
  m.strength = r.derived ? strength * params.derived_penalty : strength;
  m.derived = r.derived;
  return m;
}

// Greedy: more words first, then stronger, then earlier. Identical spans of equal length
// are shared between fields.
std::vector<Mention> resolve(std::vector<Mention> all, const Lexicon& lex) {
  std::stable_sort(all.begin(), all.end(), [](const Mention& a, const Mention& b) {
    if (a.words != b.words) return a.words > b.words;
    if (a.strength != b.strength) return a.strength > b.strength;
    return a.first < b.first;
  });
  std::vector<Mention> kept;
  // The kept mentions covering each token: a mention is checked against those it overlaps
  // only, so resolving stays linear in the transcript's length.
  size_t tokens = 0;
  for (const auto& m : all) tokens = std::max(tokens, m.last);
  std::vector<std::vector<size_t>> covering(tokens);
  for (const auto& m : all) {
    bool ok = true;
    for (size_t t = m.first; t < m.last && ok; ++t) {
      for (size_t ki : covering[t]) {
        const Mention& k = kept[ki];
        // A date field and a time field may share a cue of any strength: no value fits both.
        bool shared = k.first == m.first && k.last == m.last && k.words == m.words && k.field != m.field &&
                      (k.strength - m.strength < 0.05 || date_and_time(lex, k.field, m.field));
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
    }
    if (!ok) continue;
    kept.push_back(m);
    for (size_t t = m.first; t < m.last; ++t) covering[t].push_back(kept.size() - 1);
  }
  return kept;
}
// "level of consciousness is alert pain score is two": the option "pain" is a word of another
// field's longer label ("pain score"), not a value.
// `cues` sorted by position.
std::vector<Mention> drop_values_inside_cues(std::vector<Mention> values, const std::vector<Mention>& cues) {
  std::erase_if(values, [&](const Mention& v) {
    auto it = std::upper_bound(cues.begin(), cues.end(), v.first, [](size_t at, const Mention& c) { return at < c.first; });
    // Cues starting at or before the value; a few back cover every cue that can contain it.
    for (int n = 0; n < 4 && it != cues.begin(); ++n) {
      const Mention& c = *--it;
      if (c.field != v.field && !c.cue->weak && c.words > v.words && c.first <= v.first && v.last <= c.last)
        return true;
    }
    return false;
  });
  return values;
}
// "booked for the next visit" for "Date seen" (alias "visit") beside "Next check-up": a word
// between a determiner and a cue that another field of the same type has in its label, and none
// of this field's cues has, says the cue is about that other field.
bool modified_for_other_field(const TokenizedText& tt, const Lexicon& lex, const Mention& m) {
  size_t p = m.first;
  while (p > 0 && tt.tokens[p - 1].filler) --p;
  if (p == 0) return false;
  const Token& w = tt.tokens[p - 1];
  if (w.after != Break::None || is_stopword(w.norm)) return false;
  // Only a word that a determiner shows to modify the cue ("the next visit"); in "notice of loss
  // policy number" or "guards in place e stop" the word before ends another phrase.
  size_t d = p - 1;
  while (d > 0 && tt.tokens[d - 1].filler) --d;
  if (d == 0 || tt.tokens[d - 1].after != Break::None || !words().determiners.contains(tt.tokens[d - 1].norm))
    return false;
  const FieldLexicon& mine = lex.fields[m.field];
  for (const auto& c : mine.cues)
    for (const auto& st : c.phrase.stems)
      if (stems_match(st, w.stem)) return false;
  for (size_t g = 0; g < lex.fields.size(); ++g) {
    if (g == m.field || lex.fields[g].field->type != mine.field->type) continue;
    for (const auto& st : lex.fields[g].label_stems)
      if (stems_match(st, w.stem)) return true;
  }
  return false;
}
// "the round-trip flight" for a field with the alias "trip": a cue that opens on the second half
// of a hyphenated word is part of that word ("round-trip" is a kind of flight), not a label.
bool inside_hyphenated_word(const TokenizedText& tt, const Mention& m) {
  if (m.first == 0) return false;
  const Token& before = tt.tokens[m.first - 1];
  return before.after == Break::Join && !before.slash_after && !before.has_digit;
}

// "scorecard for Ignatius Fairbank" is no "scorecard from" cue, "checked at Upper Meadow" no
// "checked by": a person field's cue trimmed of a preposition that says whose side its person is
// on is not said with another preposition (of side or place) after it. ("unloaded at three" is
// still "unloaded by" for a time.)
bool said_with_other_side(const TokenizedText& tt, const Lexicon& lex, const Mention& m) {
  const auto& sides = words().side_prepositions;
  const std::string& dropped = m.cue->dropped;
  if (!lex.fields[m.field].person_name || !sides.contains(dropped) || m.last >= tt.tokens.size()) return false;
  const Token& next = tt.tokens[m.last];
  return next.norm != dropped && (sides.contains(next.norm) || words().place_or_company_openers.contains(next.norm));
}
}  // namespace

std::vector<Mention> find_mentions(const TokenizedText& tt, const Lexicon& lex, const MatchParams& params) {
  Matcher mt(tt);
  const size_t n = mt.content.size();
  std::vector<Mention> cues, values;
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    const auto& fl = lex.fields[f];
    const bool dated = fl.field->type == FieldType::Date;
    for (const auto& cue : fl.cues) {
      if (util::stop_requested()) throw util::StopRequested{};  // each phrase scans the whole text
      if (cue.phrase.stems.empty()) continue;
      const auto ids = mt.word_ids(cue.phrase);
      const bool try_swapped = cue.kind == CueKind::Lead && swappable(cue.phrase);
      for (size_t ci = 0; ci < n; ++ci) {
        auto r = match_at(mt, ci, cue.phrase, ids, params.max_gap, dated);
        double factor = 1.0;
        if (r && r->gaps > 0) factor = params.gap_penalty;
        if (!r && try_swapped) {
          r = match_swapped(mt, ci, cue.phrase, ids);
          factor = params.swap_penalty;
        }
        if (!r || (r->last == r->first + 1 && decimal_point_at(tt, r->first))) continue;
        Mention m = mention_of(f, *r, cue.strength * factor, params);
        m.cue = &cue;
        cues.push_back(m);
      }
    }
    for (const auto& vp : fl.values) {
      if (util::stop_requested()) throw util::StopRequested{};
      if (vp.phrase.stems.empty()) continue;
      const auto ids = mt.word_ids(vp.phrase);
      const bool try_swapped = swappable(vp.phrase);
      for (size_t ci = 0; ci < n; ++ci) {
        auto r = match_at(mt, ci, vp.phrase, ids, 0);
        double factor = 1.0;
        if (!r && try_swapped) {  // "a pipe burst" says the option alias "burst pipe"
          r = match_swapped(mt, ci, vp.phrase, ids);
          factor = params.swap_penalty;
        }
        if (!r) continue;
        Mention m = mention_of(f, *r, vp.strength * factor, params);
        m.is_value = true;
        m.value = &vp;
        values.push_back(m);
      }
    }
  }
  const auto by_position = [](const Mention& a, const Mention& b) { return a.first < b.first; };
  std::erase_if(cues, [&](const Mention& m) {
    return modified_for_other_field(tt, lex, m) || inside_hyphenated_word(tt, m) || said_with_other_side(tt, lex, m);
  });
  auto out = resolve(std::move(cues), lex);
  std::stable_sort(out.begin(), out.end(), by_position);
  auto vals = drop_values_inside_cues(resolve(std::move(values), lex), out);
  out.insert(out.end(), vals.begin(), vals.end());
  std::stable_sort(out.begin(), out.end(), by_position);
  return out;
}

}  // namespace invox::rules
