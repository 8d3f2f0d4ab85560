#include "extract/rules/announced_lists.hpp"

#include <algorithm>
#include <optional>

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"

namespace invox::rules {

namespace {
// The count and the item boundaries agree, but no label names the field.
constexpr double kAnnouncedScore = 0.6;
constexpr size_t kMinCount = 2, kMaxCount = 9;
constexpr size_t kModifierWords = 2;  // "two new bits", "three small things"
constexpr size_t kOfWords = 2;        // "bits of water damage"

// The count said at token i ("two", "3"), or nullopt.
std::optional<size_t> count_at(const Scan& s, size_t i) {
  Field number;
  number.type = FieldType::Number;
  auto c = s.parse_typed(i, i + 1, number);
  if (!c || !c->value.is_number()) return std::nullopt;
  const double n = c->value.get<double>();
  for (size_t count = kMinCount; count <= kMaxCount; ++count)
    if (n == static_cast<double>(count)) return count;
  return std::nullopt;
}

// The textarea field whose label has a word of [first, last) ("damage"), or nullopt.
std::optional<size_t> named_list_field(const Scan& s, size_t first, size_t last) {
  for (size_t f = 0; f < s.lex.fields.size(); ++f) {
    const FieldLexicon& fl = s.lex.fields[f];
    if (fl.field->type != FieldType::Textarea) continue;
    for (size_t k = first; k < last; ++k)
      if (std::find(fl.label_stems.begin(), fl.label_stems.end(), s.tok(k).stem) != fl.label_stems.end()) return f;
  }
  return std::nullopt;
}

struct Announcement {
  size_t count = 0;
  size_t items = 0;  // where the list starts
  std::optional<size_t> field;
};

std::optional<Announcement> announcement_at(const Scan& s, size_t i,
                                            const std::vector<std::vector<FieldCandidate>>& ranked) {
  auto n = count_at(s, i);
  if (!n || s.tok(i).after != Break::None) return std::nullopt;
  size_t k = i + 1;
  while (k < s.size() && k <= i + kModifierWords && !words().list_announcements.contains(s.tok(k).norm)) {
    const Token& t = s.tok(k);
    if (t.after != Break::None || t.filler || is_stopword(t.norm) || says_number(t)) return std::nullopt;
    ++k;
  }
  if (k >= s.size() || !words().list_announcements.contains(s.tok(k).norm)) return std::nullopt;
  size_t end = k + 1;
  std::optional<size_t> field;
  // "bits of damage": the words after "of" may name the list's field.
  if (s.tok(k).after == Break::None && end < s.size() && s.tok(end).norm == "of") {
    size_t of_end = end + 1;
    while (of_end < s.size() && of_end < end + 1 + kOfWords && s.tok(of_end - 1).after == Break::None)
      ++of_end;
    field = named_list_field(s, end + 1, of_end);
    if (!field) return std::nullopt;
    end = of_end;
  }
  const Token& last = s.tok(end - 1);
  // The list follows a colon, or in speech without punctuation the announcement directly.
  if (!last.colon_after && !(!s.tt.cased && last.after == Break::None)) return std::nullopt;
  if (!field) field = only_empty_list_field(s, ranked);
  if (!field || end >= s.size()) return std::nullopt;
  return Announcement{*n, end, field};
}

// "two things first the valet was rude ... and second he scratched our car": items counted off
// with ordinals are clauses, which a list reading cuts wrong.
bool enumerated(const Scan& s, size_t first, size_t last) {
  for (size_t k = first; k < last; ++k) {
    const std::string& w = s.tok(k).norm;
    if (words().digit_ordinals.index_of(w) || words().item_openers.contains(w)) return true;
  }
  return false;
}
}  // namespace

std::optional<size_t> only_empty_list_field(const Scan& s, const std::vector<std::vector<FieldCandidate>>& ranked) {
  std::optional<size_t> out;
  for (size_t f = 0; f < s.lex.fields.size(); ++f) {
    if (s.lex.fields[f].field->type != FieldType::Textarea || !ranked[f].empty()) continue;
    if (out) return std::nullopt;
    out = f;
  }
  return out;
}

void read_announced_lists(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  for (size_t i = 0; i + 2 < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    auto a = announcement_at(s, i, ranked);
    if (!a) continue;
    auto c = read_items(s, *a->field, a->items);
    if (!c || !c->value.is_array() || c->value.size() != a->count || enumerated(s, a->items, c->last)) continue;
    // A cue read the list from the announcement on ("Two things worry me: ..."): this reading
    // replaces it.
    std::erase_if(ranked[*a->field], [&](const FieldCandidate& o) { return o.first <= i && i < o.last; });
    c->score = kAnnouncedScore;
    c->cue_first = i;
    ranked[*a->field].push_back(*c);
  }
}

}  // namespace invox::rules
