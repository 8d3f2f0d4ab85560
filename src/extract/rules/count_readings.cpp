#include "extract/rules/count_readings.hpp"

#include <optional>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
// The token after `last` in the same clause (fillers skipped), if any.
std::optional<size_t> next_in_clause(const Scan& s, size_t last) {
  if (last == 0 || s.tok(last - 1).after != Break::None) return std::nullopt;
  size_t j = s.skip_fillers(last);
  if (j >= s.size()) return std::nullopt;
  return j;
}

// "the kitchen one", "this one": the number word stands for a thing said before. "just the
// one" stays a count; with a word between ("the hallway one") a determiner makes it a pronoun.
bool pronoun_number(const Scan& s, const FieldCandidate& c) {
  const auto& w = words();
  if (c.last != c.first + 1 || !w.pronoun_numbers.contains(s.tok(c.first).norm)) return false;
  auto p = s.prev_content(c.first);
  for (size_t between = 0; between < 3 && p; ++between) {
    const Token& t = s.tok(*p);
    if (t.after != Break::None) return false;
    if (w.pronoun_number_openers.contains(t.norm)) return true;
    if (w.determiners.contains(t.norm)) return between > 0;
    // Only modifiers sit between: a function word or a number ends the search.
    if (is_stopword(t.norm) || is_number_word(t.norm)) return false;
    p = s.prev_content(*p);
  }
  return false;
}

bool is_half(const FieldCandidate& c) { return c.value.is_number() && c.value.get<double>() == 0.5; }

// "It's half ten": the number after a bare "half" is a clock hour.
bool after_bare_half(const Scan& s, size_t first, const Field& f) {
  auto p = s.prev_content(first);
  if (!p || s.tok(*p).after != Break::None) return false;
  auto half = s.parse_typed(*p, *p + 1, f);
  return half && is_half(*half);
}
// "Eight years total, six of them ...": a part is a subset only of a number said just before
// it; "Spokes replaced, three of them" counts the spokes.
bool whole_said_before(const Scan& s, size_t first) {
  constexpr size_t kReach = 8;
  auto p = s.prev_content(first);
  for (size_t n = 0; n < kReach && p; ++n) {
    if (is_number_word(s.tok(*p).norm) || s.tok(*p).has_digit) return true;
    p = s.prev_content(*p);
  }
  return false;
}
}  // namespace

bool not_a_count(const Scan& s, const FieldCandidate& c, const Field& f) {
  const auto& w = words();
  if (pronoun_number(s, c) || after_bare_half(s, c.first, f)) return true;
  auto next = next_in_clause(s, c.last);
  if (!next) return false;
  const std::string& n = s.tok(*next).norm;
  if (w.distributive_words.contains(n)) return true;
  if (marker_length(s, *next, w.partitive_heads) > 0 && whole_said_before(s, c.first)) return true;
  // A single "half" before a determiner or a number: "half a tablet", "half ten".
  bool bare_half = is_half(c) && c.last - c.first <= 2;
  return bare_half && (w.determiners.contains(n) || is_number_word(n));
}

bool follows_other_cue(const Scan& s, size_t first, size_t field) {
  constexpr size_t kReach = 4;
  auto p = s.prev_content(first);
  for (size_t n = 0; n < kReach && p; ++n) {
    if (s.tok(*p).after == Break::Sentence) break;
    for (const auto& m : s.mentions_in(*p, *p + 1))
      if (!m.is_value && m.field != field) return true;
    p = s.prev_content(*p);
  }
  return false;
}

bool negated_phrase(const Scan& s, const FieldCandidate& c) {
  auto p = s.prev_content(c.first);
  return p && s.tok(*p).after == Break::None && words().is_negator(s.tok(*p).norm);
}

}  // namespace invox::rules
