#include "extract/rules/listed_counts.hpp"

#include "extract/rules/corrections.hpp"
#include "extract/rules/count_readings.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
constexpr double kListedFactor = 0.8;  // counted by the reader, not said
constexpr size_t kLongestItem = 4;     // "the new lad Ben", "Ms Tierney"
constexpr size_t kLongestList = 24;    // tokens read after the colon
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

}  // namespace invox::rules
