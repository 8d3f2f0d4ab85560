#include "extract/rules/listed_counts.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "extract/rules/corrections.hpp"
#include "extract/rules/count_readings.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
constexpr double kListedFactor = 0.8;  // counted by the reader, not said
constexpr size_t kLongestItem = 4;     // "the new lad Ben", "Ms Tierney"
constexpr size_t kLongestList = 24;    // tokens read after the colon

// A word that says a state of counted things splits one set ("4 on board, 1 expired, 3 OK").
bool state_word(const std::string& w) {
  return words().defect_states.contains(w) || words().affirmations.contains(w) || words().yes_words.contains(w);
}

// The sum of two or more parts, or nullopt when one part is the sum of the others: then it is
// their total, not one more part ("6 chairs, 4 blue, 2 red"; "three cavities, two on the left,
// one on the right").
std::optional<double> sum_of(const std::vector<double>& parts) {
  if (parts.size() < 2) return std::nullopt;
  double sum = 0;
  for (double p : parts) sum += p;
  for (double p : parts)
    if (p == sum - p) return std::nullopt;
  return sum;
}
}  // namespace

std::optional<FieldCandidate> read_listed_count(const Scan& s, const Mention& m, size_t field) {
  const Field& f = *s.lex.fields[field].field;
  // A measurement has no count of things; only a plain count may be listed.
  if (!counts_things(f)) return std::nullopt;
  if (m.last == 0 || !s.tok(m.last - 1).colon_after || m.last >= s.size()) return std::nullopt;
  size_t items = 0, item_words = 0, i = s.skip_fillers(m.last), end = i;
  for (size_t seen = 0; i < s.size() && seen < kLongestList; ++i, ++seen) {
    const Token& t = s.tok(i);
    if (t.speaker) break;
    if (t.filler) continue;
    if (says_number(t) || is_negation_word(t.norm) || s.anchor_at(i, field, false)) return std::nullopt;
    if (size_t n = marker_length(s, i, words().list_joiners); n > 0) {
      if (item_words > 0) ++items;
      item_words = 0;
      i += n - 1;
      continue;
    }
    if (++item_words > kLongestItem) return std::nullopt;
    end = i + 1;
    if (t.after == Break::Comma) {
      ++items;
      item_words = 0;
    }
    if (t.after == Break::Sentence) break;
  }
  if (i >= s.size() || s.tok(i).after != Break::Sentence) return std::nullopt;  // the list must end
  if (item_words > 0) ++items;
  if (items < 2) return std::nullopt;
  FieldCandidate c;
  c.value = static_cast<double>(items);
  c.first = m.last;
  c.last = end;
  c.cue_first = m.first;
  c.score = m.strength * kListedFactor;
  return c;
}

std::optional<FieldCandidate> read_numbered_list(const Scan& s, const Mention& m, size_t field) {
  const Field& f = *s.lex.fields[field].field;
  if (!counts_things(f)) return std::nullopt;
  if (m.last == 0 || !s.tok(m.last - 1).colon_after || m.last >= s.size()) return std::nullopt;
  std::vector<double> parts;
  size_t i = s.skip_fillers(m.last), end = i;
  while (i < s.size() && !s.tok(i).speaker) {
    // An item opens with its number ("1 crisps", "two still water"); the list ends at an item
    // without one ("..., charged to guest folio").
    if (size_t n = marker_length(s, i, words().list_joiners)) i = s.skip_fillers(i + n);
    if (i >= s.size() || !says_number(s.tok(i))) break;
    size_t item_end = i;
    while (item_end < s.size() && s.tok(item_end).after == Break::None) ++item_end;
    item_end = std::min(item_end + 1, s.size());
    auto n = s.parse_typed(i, item_end, f);
    if (!n || n->first != i || !n->value.is_number() || n->last >= item_end) return std::nullopt;
    const double v = n->value.get<double>();
    if (v != std::floor(v) || v < 1) return std::nullopt;
    // The words after the number name what is counted: a few, and no other number among them.
    if (item_end - n->last > kLongestItem) return std::nullopt;
    // "4 on board, 1 expired, 3 OK": items that say a state split one set; they add up to nothing.
    for (size_t k = n->last; k < item_end; ++k)
      if (says_number(s.tok(k)) || s.anchor_at(k, field, false) || state_word(s.tok(k).norm)) return std::nullopt;
    parts.push_back(v);
    end = item_end;
    if (s.tok(item_end - 1).after == Break::Sentence) break;
    i = s.skip_fillers(item_end);
  }
  const auto sum = sum_of(parts);
  if (!sum) return std::nullopt;
  FieldCandidate c;
  c.value = *sum;
  c.first = m.last;
  c.last = end;
  c.cue_first = m.first;
  c.score = m.strength * kListedFactor;
  if (!within_range(c.value, f)) return std::nullopt;
  return c;
}

std::optional<FieldCandidate> sum_of_parts(const Scan& s, size_t field, const FieldCandidate& value) {
  constexpr size_t kMostParts = 6;
  constexpr size_t kLongestPart = 2;  // "outside", "still water": parts said as a word or two
  const Field& f = *s.lex.fields[field].field;
  if (!counts_things(f) || !value.value.is_number()) return std::nullopt;
  const double first = value.value.get<double>();
  if (first != std::floor(first) || first < 1) return std::nullopt;
  std::vector<double> parts{first};
  bool numbered = false;  // another part says its number ("and six inside"), not only "a"
  size_t i = value.last, end = value.last;
  // The words after each number name what it counts; the field's own cue among them ("ten
  // boxes and two pallets" for "Boxes") says the parts are different things.
  auto item_end = [&](size_t k, size_t& stop) -> bool {
    size_t words_seen = 0;
    for (; k < s.size(); ++k) {
      const Token& t = s.tok(k);
      if (t.speaker) return false;
      if (t.filler) continue;
      if (marker_length(s, k, words().list_joiners) > 0) break;
      if (says_number(t) || s.anchor_at(k, field, false) || state_word(t.norm) || ++words_seen > kLongestPart)
        return false;
      // "Two people had burns, one on ...", "six of them in analytics": a clause or a subset.
      if (words().copulas.contains(t.norm) || words().auxiliary_verbs.contains(t.norm) ||
          marker_length(s, k, words().partitive_heads) > 0 || marker_length(s, k, words().total_markers) > 0)
        return false;
      if (t.after != Break::None) {
        ++k;
        break;
      }
    }
    stop = k;
    return words_seen > 0;
  };
  if (!item_end(i, end)) return std::nullopt;
  i = end;
  while (i < s.size() && parts.size() < kMostParts && s.tok(i - 1).after != Break::Sentence) {
    size_t k = s.skip_fillers(i);
    if (size_t n = marker_length(s, k, words().list_joiners)) k = s.skip_fillers(k + n);
    if (k >= s.size()) break;
    double v = 0;
    size_t after = k + 1;
    if (words().singular_articles.contains(s.tok(k).norm)) {
      v = 1;
    } else if (says_number(s.tok(k))) {
      auto n = s.parse_typed(k, std::min(s.size(), k + kLongestItem), f);
      if (!n || n->first != k || !n->value.is_number()) break;
      v = n->value.get<double>();
      if (v != std::floor(v) || v < 1) break;
      after = n->last;
      numbered = true;
    } else {
      break;
    }
    size_t stop = after;
    if (!item_end(after, stop)) break;
    parts.push_back(v);
    end = stop;
    i = stop;
  }
  const auto sum = numbered ? sum_of(parts) : std::nullopt;
  if (!sum) return std::nullopt;
  FieldCandidate out = value;
  out.value = *sum;
  out.last = end;
  if (!within_range(out.value, f)) return std::nullopt;
  return out;
}

}  // namespace invox::rules
