#include "extract/rules/restated_totals.hpp"

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

std::optional<FieldCandidate> restated_total(const Scan& s, size_t field, const FieldCandidate& value,
                                             const ValueReader& read) {
  constexpr size_t kReach = 30;  // content tokens: the parts of a sum fill a sentence or two
  if (!value.value.is_number()) return std::nullopt;
  size_t seen = 0;
  for (size_t i = value.last; i < s.size() && seen < kReach; ++i) {
    const Token& t = s.tok(i);
    if (t.speaker) return std::nullopt;  // the other speaker's numbers are not this sum
    if (t.filler) continue;
    ++seen;
    if (s.anchor_at(i, field, false)) return std::nullopt;
    bool clause_start = i > 0 && s.tok(i - 1).after != Break::None && s.tok(i - 1).after != Break::Join;
    size_t len = clause_start ? marker_length(s, i, words().total_markers) : 0;
    if (len == 0) continue;
    size_t k = s.skip_fillers(i + len);
    if (k >= s.size()) return std::nullopt;
    auto total = read(k, s.region_end(k, field, false, 6));
    if (total && total->first == k && total->value.is_number() &&
        total->value.get<double>() > value.value.get<double>())
      return total;
  }
  return std::nullopt;
}

}  // namespace invox::rules
