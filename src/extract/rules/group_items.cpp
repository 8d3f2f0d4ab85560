#include "extract/rules/group_items.hpp"

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/word_forms.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace invox::rules {

namespace {
bool phrase_at(const TokenizedText& tt, size_t i, const lexicon::Phrase& p) {
  if (i + p.size() > tt.tokens.size()) return false;
  for (size_t k = 0; k < p.size(); ++k)
    if (tt.tokens[i + k].norm != p[k]) return false;
  return true;
}

bool any_phrase_in(const TokenizedText& tt, size_t first, size_t last, const std::vector<lexicon::Phrase>& phrases) {
  for (size_t i = first; i < last; ++i)
    for (const auto& p : phrases)
      if (!p.empty() && i + p.size() <= last && phrase_at(tt, i, p)) return true;
  return false;
}

bool is_spoken_letter(const Token& t) { return t.norm.size() == 1 && std::isalpha(static_cast<unsigned char>(t.norm[0])); }

// Token i starts a new record: an ordinal ("second"), an opener word ("next", "another"), or
// an item word with its number or code ("line two", "vehicle 3", "item b r four").
bool opens_record(const TokenizedText& tt, size_t i, const std::set<std::string>& item_stems) {
  const Token& t = tt.tokens[i];
  bool next_counts = i + 1 < tt.tokens.size() && says_number(tt.tokens[i + 1]);
  if (ordinal_position(t.norm)) return true;
  if (words().item_openers.contains(t.norm)) {
    // "the store next door", "last night": the opener word is part of a place or a time.
    for (const auto& idiom : words().opener_idioms)
      if (phrase_at(tt, i, idiom)) return false;
    return true;
  }
  if (!item_stems.contains(t.stem) || i + 1 >= tt.tokens.size()) return false;
  return next_counts || (!tt.cased && is_spoken_letter(tt.tokens[i + 1]));
}

// A word before an ordinal that makes it part of a date, a count or a reference ("may
// twenty first", "the second van", "on the third").
bool binds_ordinal(const Token& prev) {
  // Only a tens word or a numeral makes a compound ordinal ("twenty first", "21 first" is not
  // said); after a digit word the ordinal opens ("lot two five two fifth at ten").
  bool compound = prev.has_digit || words().tens_words.index_of(prev.norm).has_value();
  return compound || words().determiners.contains(prev.norm) || words().month_names.index_of(prev.norm) ||
         prev.norm == "on" || prev.norm == "of";
}

// First content token of [first, last) past conjunctions that open a clause ("and last ...").
size_t clause_head(const TokenizedText& tt, size_t first, size_t last) {
  size_t i = first;
  while (i < last && (tt.tokens[i].filler || words().clause_openers.contains(tt.tokens[i].norm) ||
                      tt.tokens[i].norm == "oh" || tt.tokens[i].norm == "now" || tt.tokens[i].norm == "okay"))
    ++i;
  return i;
}

// A removal verb at token i ("scratch the coffee"); "scratch that" corrects a value instead.
bool removes_at(const TokenizedText& tt, size_t i, size_t last) {
  if (!words().item_removers.contains(tt.tokens[i].norm)) return false;
  return !(i + 1 < last && (tt.tokens[i + 1].norm == "that" || tt.tokens[i + 1].norm == "it"));
}

bool removal_in(const TokenizedText& tt, size_t first, size_t last) {
  for (size_t i = first; i < last; ++i)
    if (removes_at(tt, i, last)) return true;
  return false;
}

bool collective_in(const TokenizedText& tt, size_t first, size_t last) {
  for (size_t i = first; i < last; ++i)
    if (words().collective_words.contains(tt.tokens[i].norm)) return true;
  return false;
}

// Sentences, with a question and the sentence that answers it as one unit.
std::vector<ItemUnit> sentences(const TokenizedText& tt) {
  std::vector<ItemUnit> out;
  size_t start = 0;
  for (size_t i = 0; i < tt.tokens.size(); ++i) {
    if (tt.tokens[i].after != Break::Sentence && i + 1 < tt.tokens.size()) continue;
    out.push_back({start, i + 1});
    start = i + 1;
  }
  // A speaker label alone ("Clerk:") belongs to the turn it opens.
  std::vector<ItemUnit> turns;
  size_t carry = SIZE_MAX;
  for (const ItemUnit& u : out) {
    bool label_only = true;
    for (size_t i = u.first; i < u.last; ++i) label_only = label_only && tt.tokens[i].speaker;
    if (label_only) {
      carry = std::min(carry, u.first);
      continue;
    }
    turns.push_back({std::min(carry, u.first), u.last});
    carry = SIZE_MAX;
  }
  std::vector<ItemUnit> joined;
  for (size_t k = 0; k < turns.size(); ++k) {
    ItemUnit u = turns[k];
    if (tt.tokens[u.last - 1].question && k + 1 < turns.size()) u.last = turns[++k].last;
    joined.push_back(u);
  }
  return joined;
}
}  // namespace

std::optional<size_t> ordinal_position(std::string_view norm) {
  auto k = words().digit_ordinals.index_of(norm);
  if (!k || *k == 0) return std::nullopt;
  return *k;
}

std::set<std::string> item_words(const std::vector<std::string>& names) {
  std::set<std::string> out;
  for (const auto& name : names) {
    auto tt = tokenize(name);
    for (const auto& t : tt.tokens)
      if (!is_stopword(t.norm) && !is_number_word(t.norm) && t.norm.size() > 2) out.insert(t.stem);
  }
  return out;
}

std::vector<ItemUnit> split_item_units(const TokenizedText& tt, const std::set<std::string>& item_stems) {
  std::vector<ItemUnit> out;
  for (const ItemUnit& sentence : sentences(tt)) {
    size_t start = sentence.first;
    for (size_t i = sentence.first + 1; i < sentence.last; ++i) {
      const Token& prev = tt.tokens[i - 1];
      // A withdrawal said in the clause that gave the record ("... twelve cases actually delete
      // the orange juice line") is a unit of its own, so the record opens before it goes.
      if (removes_at(tt, i, sentence.last) && (prev.after == Break::Comma || prev.after == Break::Sentence || !tt.cased) &&
          clause_head(tt, start, i) != i) {
        out.push_back({start, i});
        start = i;
        continue;
      }
      if (!opens_record(tt, i, item_stems)) continue;
      // Without punctuation (lowercase speech-to-text) any opener may cut; with it, only one
      // after a clause break, so "the second van" stays a reference.
      bool at_break = prev.after == Break::Comma || prev.after == Break::Sentence || !tt.cased;
      if (!at_break || binds_ordinal(prev)) continue;
      if (clause_head(tt, start, i) == i) continue;  // only conjunctions before it: same unit
      out.push_back({start, i});
      start = i;
    }
    out.push_back({start, sentence.last});
  }
  for (ItemUnit& u : out) {
    size_t head = clause_head(tt, u.first, u.last);
    u.opens_item = head < u.last && opens_record(tt, head, item_stems);
    u.removes = removal_in(tt, u.first, u.last);
    u.corrects = any_phrase_in(tt, u.first, u.last, correction_markers()) ||
                 any_phrase_in(tt, u.first, u.last, rejection_markers());
    u.collective = collective_in(tt, u.first, u.last);
  }
  return out;
}

size_t record_words_start(const TokenizedText& tt, const ItemUnit& u, const std::set<std::string>& item_stems) {
  size_t i = clause_head(tt, u.first, u.last);
  auto skippable = [&](const Token& t) {
    return t.filler || ordinal_position(t.norm) || words().item_openers.contains(t.norm) || item_stems.contains(t.stem) ||
           words().clause_openers.contains(t.norm);
  };
  while (i < u.last) {
    const Token& t = tt.tokens[i];
    if (item_stems.contains(t.stem) && i + 1 < u.last && says_number(tt.tokens[i + 1])) {
      i += 2;  // "line two"
      continue;
    }
    if (!skippable(t)) break;
    ++i;
  }
  // A question that only opens the record ("First patient?") is followed by its answer.
  if (i < u.last && i > u.first && tt.tokens[i - 1].question) i = clause_head(tt, i, u.last);
  return std::min(i, u.last);
}

bool says_none(const TokenizedText& tt, const std::set<std::string>& item_stems) {
  constexpr size_t kReach = 3;  // "no expense lines", "zero doses"
  for (size_t i = 0; i < tt.tokens.size(); ++i) {
    if (!is_negation_word(tt.tokens[i].norm)) continue;
    for (size_t j = i + 1; j < tt.tokens.size() && j <= i + kReach; ++j) {
      if (item_stems.contains(tt.tokens[j].stem)) return true;
      if (tt.tokens[j - 1].after == Break::Sentence) break;
    }
  }
  return false;
}

}  // namespace invox::rules
