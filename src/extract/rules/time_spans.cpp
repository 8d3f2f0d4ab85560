#include "extract/rules/time_spans.hpp"

#include <algorithm>
#include <optional>

#include "extract/rules/clock_times.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
// Two times joined as a span say what they are, but no label names the fields.
constexpr double kSpanScore = 0.55;
constexpr size_t kTimeTokens = 8;  // "a quarter past eleven in the morning"

// The only time field of the template with the role, or nullopt.
std::optional<size_t> only_field(const Lexicon& lex, PeriodRole role) {
  std::optional<size_t> out;
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    const Field& field = *lex.fields[f].field;
    if (field.type != FieldType::Time || period_role(field) != role) continue;
    if (out) return std::nullopt;
    out = f;
  }
  return out;
}

struct Span {
  FieldCandidate from, to;
};

// The span said starting at token i, or nullopt.
std::optional<Span> span_at(const Scan& s, size_t i, const Field& time) {
  size_t joiner = i + 1;
  while (joiner < s.size() && joiner < i + kTimeTokens && !words().time_span_joiners.contains(s.tok(joiner).norm))
    ++joiner;
  if (joiner >= s.size() || joiner >= i + kTimeTokens || s.tok(joiner).after != Break::None) return std::nullopt;
  auto from = s.parse_typed(i, joiner, time);
  if (!from || from->first != i || from->last != joiner || s.tok(joiner - 1).after != Break::None) return std::nullopt;
  const size_t next = s.skip_fillers(joiner + 1);
  if (next >= s.size()) return std::nullopt;
  auto to = s.parse_typed(next, std::min(s.size(), next + kTimeTokens), time);
  // "from ten to twelve people": the end of a span of times ends its clause.
  if (!to || to->first != next || !s.stands_alone(to->last)) return std::nullopt;
  // "ten to four", "quarter till five": one time, read whole, unless the span's end goes on
  // past it ("ten till eleven thirty").
  auto whole = s.parse_typed(i, std::min(s.size(), i + kTimeTokens), time);
  if (whole && whole->first == i && whole->last >= to->last) return std::nullopt;
  return Span{*from, *to};
}
}  // namespace

void read_time_spans(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  const auto start = only_field(s.lex, PeriodRole::Start);
  const auto end = only_field(s.lex, PeriodRole::End);
  if (!start || !end || (!ranked[*start].empty() && !ranked[*end].empty())) return;
  const Field& time = *s.lex.fields[*start].field;
  // A cue gave one end of the span another time: the span is not the period's.
  auto agrees = [&](size_t f, const FieldCandidate& c) { return ranked[f].empty() || overlaps(ranked[f][0], c); };
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    auto span = span_at(s, i, time);
    if (!span) continue;
    if (!agrees(*start, span->from) || !agrees(*end, span->to)) {
      i = span->to.last - 1;
      continue;
    }
    for (FieldCandidate* c : {&span->from, &span->to}) {
      c->score = kSpanScore;
      c->cue_first = span->from.first;
    }
    if (ranked[*start].empty()) ranked[*start].push_back(span->from);
    if (ranked[*end].empty()) ranked[*end].push_back(span->to);
    return;
  }
}

}  // namespace invox::rules
