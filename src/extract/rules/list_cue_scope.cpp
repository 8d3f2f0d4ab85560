#include "extract/rules/list_cue_scope.hpp"

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

bool said_of_other_field(const Scan& s, const Mention& m) {
  if (s.tok(m.last - 1).after != Break::Comma || s.tok(m.last - 1).colon_after) return false;
  auto p = s.prev_content(m.first);
  if (!p || s.tok(*p).after != Break::None) return false;
  const size_t from = *p >= kMentionReach ? *p - kMentionReach : 0;
  for (const auto& o : s.mentions_in(from, *p + 1))
    if (o.field != m.field && !o.is_value && o.last == *p + 1) return true;
  return false;
}

bool in_plan(const Scan& s, const Mention& m) {
  constexpr size_t kReach = 10;  // "I'll need to come back with a new flue kit"
  size_t n = 0;
  for (auto p = s.prev_content(m.first); p && n < kReach; p = s.prev_content(*p), ++n) {
    if (s.tok(*p).after != Break::None) break;
    if (marker_length(s, *p, words().plan_phrases) > 0) return true;
  }
  return false;
}

bool present_scoped(const Field& f) {
  for (const auto& t : tokenize(f.description + " " + f.guidelines).tokens)
    if (words().present_scope_words.contains(t.norm)) return true;
  return false;
}

}  // namespace invox::rules
