#include "extract/rules/acknowledged_lists.hpp"

#include <algorithm>
#include <optional>

#include "extract/rules/announced_lists.hpp"
#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"
#include "extract/rules/word_forms.hpp"

namespace invox::rules {

namespace {
constexpr double kAcknowledgedScore = 0.45;  // a restatement, but nothing names its field
constexpr size_t kRestatementWords = 5;      // "cough and poor appetite"

// "thirst" ~ "thirsty": the adjective in "-y" ("thirsti" by stem) restated as its noun.
bool restated_root(const std::string& a, const std::string& b) {
  return stems_match(a, b) || a + "i" == b || b + "i" == a;
}

// The sentence [first, last) repeats a content word of the sentence [before, first).
bool echoes(const Scan& s, size_t before, size_t first, size_t last) {
  for (size_t k = first; k < last; ++k) {
    if (s.tok(k).filler || is_stopword(s.tok(k).norm)) continue;
    for (size_t j = before; j < first; ++j)
      if (!s.tok(j).filler && restated_root(s.tok(k).stem, s.tok(j).stem)) return true;
  }
  return false;
}

// The restatement [first, ack) said before the acknowledgement at token `ack`, when it is one.
bool restates(const Scan& s, size_t first, size_t ack, size_t field) {
  if (ack <= first || ack - first > kRestatementWords || s.tok(ack - 1).after != Break::Comma) return false;
  bool content = false;
  for (size_t k = first; k < ack; ++k) {
    const Token& t = s.tok(k);
    // "Stumbling noted, okay": one acknowledgement, after the whole restatement.
    if (t.filler || t.has_digit || says_number(t) || marker_length(s, k, words().acknowledgements) > 0) return false;
    if (k + 1 < ack && t.after != Break::None) return false;  // one phrase: "Dizziness", "Foot tingling"
    content = content || !is_stopword(t.norm);
  }
  // "Blood pressure, noted.": another field's cue is that field's talk.
  for (const auto& m : s.mentions_in(first, ack))
    if (m.field != field) return false;
  return content;
}
// The items of the restatement [first, last): "Cough and poor appetite" is two.
Json items_of(const Scan& s, size_t first, size_t last) {
  Json out = Json::array();
  size_t b = first;
  for (size_t k = first; k <= last; ++k) {
    const size_t joiner = k < last ? marker_length(s, k, words().list_joiners) : 0;
    if (k < last && joiner == 0) continue;
    if (b < k) out.push_back(std::string(s.span_text(b, k)));
    b = k + joiner;
    if (joiner > 0) k += joiner - 1;
  }
  return out;
}
}  // namespace

void read_acknowledged_lists(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  const auto field = only_empty_list_field(s, ranked);
  if (!field) return;
  std::optional<FieldCandidate> list;
  size_t prev_start = 0, start = s.skip_fillers(0);
  for (size_t i = start; i < s.size(); ++i) {
    if (s.tok(i).after != Break::Sentence) continue;
    const size_t end = i + 1;  // the sentence is [start, end)
    if (start >= end) {        // a speaker label alone
      start = s.skip_fillers(end);
      continue;
    }
    for (size_t k = start; k < end; ++k) {
      // The acknowledgement ends the sentence (its length may take in a speaker label after it).
      const size_t ack = marker_length(s, k, words().acknowledgements);
      if (ack == 0 || k + ack < end) continue;
      if (!restates(s, start, k, *field) || prev_start >= start || !echoes(s, prev_start, start, k)) break;
      if (!list) {
        list = FieldCandidate{};
        list->value = Json::array();
        list->first = list->cue_first = start;
      }
      append_new_items(list->value, items_of(s, start, k));
      list->last = k;
      break;
    }
    prev_start = start;
    start = s.skip_fillers(end);
  }
  if (!list) return;
  list->score = kAcknowledgedScore;
  ranked[*field].push_back(*list);
}

}  // namespace invox::rules
