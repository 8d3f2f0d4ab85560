#include "extract/rules/upper_bounds.hpp"

#include "extract/rules/count_readings.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/transcript_tokens.hpp"

namespace invox::rules {

namespace {
// Above a value read after a cue (a ceiling is said on purpose), below a labelled reading.
constexpr double kCeilingScore = 0.92;
constexpr size_t kCeilingReach = 6;  // tokens from a number back to the ceiling marker after it

std::optional<FieldCandidate> number_at(const Scan& s, size_t i, size_t end, const Field& f) {
  auto c = s.parse_typed(i, end, f);
  if (!c || !c->value.is_number() || !within_range(c->value, f)) return std::nullopt;
  return c;
}

bool number_between(const Scan& s, size_t first, size_t last) {
  for (size_t k = first; k < last; ++k)
    if (!s.tok(k).filler && says_number(s.tok(k))) return true;
  return false;
}
}  // namespace

FieldCandidate range_top(const Scan& s, const FieldCandidate& value, const ValueReader& read) {
  if (!value.value.is_number() || value.last == 0 || value.last >= s.size()) return value;
  if (s.tok(value.last - 1).after == Break::Sentence) return value;
  const size_t k = s.skip_fillers(value.last);
  if (k >= s.size() || s.tok(k).speaker) return value;
  const std::string& joiner = s.tok(k).norm;
  bool range = words().range_connectors.contains(joiner);
  // "between forty and fifty": "and" joins a range only after its opener.
  if (!range && joiner == "and") {
    auto p = s.prev_content(value.first);
    range = p && words().range_openers.contains(s.tok(*p).norm);
  }
  if (!range || s.tok(k).after == Break::Sentence) return value;
  const size_t from = s.skip_fillers(k + 1);
  auto top = read(from, sentence_end(s, from));
  if (!top || !top->value.is_number() || top->first > from + 1) return value;
  if (top->value.get<double>() <= value.value.get<double>()) return value;
  FieldCandidate out = value;
  out.value = top->value;
  out.last = top->last;
  return out;
}

std::vector<FieldCandidate> ceiling_candidates(const Scan& s, size_t field) {
  if (!s.lex.fields[field].upper_bound) return {};
  const Field& f = *s.lex.fields[field].field;
  std::vector<FieldCandidate> out;
  auto keep = [&](FieldCandidate c, size_t cue) {
    c.score = kCeilingScore;
    c.cue_first = cue;
    out.push_back(std::move(c));
  };
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    // "we could stretch to fifteen hundred", "at most ten".
    if (size_t n = marker_length(s, i, words().ceiling_openers)) {
      const size_t from = s.skip_fillers(i + n);
      if (auto c = from < s.size() ? number_at(s, from, sentence_end(s, from), f) : std::nullopt;
          c && c->first == from)
        keep(*c, i);
      continue;
    }
    // "twenty-seven hundred, absolute max", "fifteen hundred, but that's the absolute max": the
    // nearest number before the marker in its sentence, with no number between; a marker that
    // names a quantity ("max height ninety") or is another field's cue is no ceiling.
    const size_t n = marker_length(s, i, words().ceiling_markers);
    if (n == 0 || !s.mentions_at(i).empty()) continue;
    const size_t after = s.skip_fillers(i + n);
    if (after < s.size() && s.tok(i + n - 1).after == Break::None && says_number(s.tok(after))) continue;
    const size_t start = sentence_start(s, i);
    const size_t reach = i > start + kCeilingReach ? i - kCeilingReach : start;
    for (size_t b = reach; b < i; ++b) {
      if (s.tok(b).filler || !says_number(s.tok(b))) continue;
      auto c = number_at(s, b, i, f);
      if (c && c->first == b && !number_between(s, c->last, i)) {
        keep(*c, i);
        break;
      }
    }
  }
  return out;
}

}  // namespace invox::rules
