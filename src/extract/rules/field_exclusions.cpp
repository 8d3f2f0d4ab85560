#include "extract/rules/field_exclusions.hpp"

#include <algorithm>

namespace invox::rules {

bool said_with_exclusion(const Scan& s, const FieldCandidate& c, size_t field) {
  const auto& excluded = s.lex.fields[field].excluded_stems;
  if (excluded.empty() || c.first >= s.size() || c.implied) return false;
  // The value's clause, a few words either side at most (unpunctuated speech has no clauses):
  // "Three hundred and ten miles, about five hours of driving" says the hours without the miles.
  constexpr size_t kReach = 6;
  auto ends_clause = [&](size_t i) { return s.tok(i).after == Break::Sentence || s.tok(i).after == Break::Comma; };
  size_t from = c.first;
  while (from > 0 && c.first - from < kReach && !ends_clause(from - 1)) --from;
  const size_t last = c.last > c.first ? c.last - 1 : c.first;
  size_t to = last;
  while (to + 1 < s.size() && to - last < kReach && !ends_clause(to)) ++to;
  for (size_t i = from; i <= to; ++i) {
    if (i >= c.first && i < c.last) continue;
    const Token& t = s.tok(i);
    if (t.filler) continue;
    if (std::find(excluded.begin(), excluded.end(), t.stem) != excluded.end()) return true;
  }
  return false;
}

bool yield_excluded(const Scan& s, std::vector<FieldCandidate>& candidates, size_t field) {
  constexpr double kExcludedFactor = 0.5;  // below any rival the ranking keeps as a close call
  const FieldType type = s.lex.fields[field].field->type;
  if (type != FieldType::Number && type != FieldType::Date && type != FieldType::Time) return false;
  if (s.lex.fields[field].excluded_stems.empty() || candidates.size() < 2) return false;
  bool changed = false;
  for (auto& c : candidates)
    if (said_with_exclusion(s, c, field)) c.score *= kExcludedFactor, changed = true;
  return changed;
}

}  // namespace invox::rules
