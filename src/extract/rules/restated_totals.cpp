#include "extract/rules/restated_totals.hpp"

#include <algorithm>

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

std::optional<FieldCandidate> restated_total(const Scan& s, size_t field, const FieldCandidate& value,
                                             const ValueReader& read) {
  constexpr size_t kReach = 30;  // content tokens: the parts of a sum fill a sentence or two
  if (!value.value.is_number()) return std::nullopt;
  const auto& excluded = s.lex.fields[field].excluded_stems;
  size_t seen = 0;
  // "seven but two are condemned so five": for a field whose guidelines leave some out
  // ("condemned or expired ones are not counted"), a smaller number restated after one of
  // those words is what remains to count.
  bool left_out = false;
  for (size_t i = value.last; i < s.size() && seen < kReach; ++i) {
    const Token& t = s.tok(i);
    if (t.speaker) return std::nullopt;  // the other speaker's numbers are not this sum
    if (t.filler) continue;
    ++seen;
    if (s.anchor_at(i, field, false)) return std::nullopt;
    left_out = left_out || std::find(excluded.begin(), excluded.end(), t.stem) != excluded.end();
    // Unpunctuated speech has no clause breaks to open a restatement.
    bool clause_start =
        !s.tt.cased || (i > 0 && s.tok(i - 1).after != Break::None && s.tok(i - 1).after != Break::Join);
    size_t len = clause_start ? marker_length(s, i, words().total_markers) : 0;
    if (len == 0) continue;
    size_t k = s.skip_fillers(i + len);
    if (k >= s.size()) return std::nullopt;
    auto total = read(k, s.region_end(k, field, false, 6));
    if (!total || total->first != k || !total->value.is_number()) continue;
    const double said = value.value.get<double>(), restated = total->value.get<double>();
    if (restated > said || (left_out && restated < said)) return total;
  }
  return std::nullopt;
}

}  // namespace invox::rules
