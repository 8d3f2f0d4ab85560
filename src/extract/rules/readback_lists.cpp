#include "extract/rules/readback_lists.hpp"

#include <algorithm>
#include <optional>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"

namespace invox::rules {

namespace {
constexpr double kReadbackScore = 0.85;  // the field says a read-back wins: as strong as its label
constexpr double kSoleListScore = 0.5;   // a guess: the form's only list, no cue said
constexpr size_t kColonReach = 4;        // "I'm writing up four: ..."

bool sole_list_field(const Scan& s, size_t field) {
  for (size_t g = 0; g < s.lex.fields.size(); ++g)
    if (g != field && s.lex.fields[g].field->type == FieldType::Textarea) return false;
  return true;
}

// Where the list read back after a record phrase ending before token `from` starts: past a
// count and a colon ("I'm writing up four: ..."), else right after the phrase. A clause with
// its own subject or a question word ("I'll note I spoke to you", "I'm writing up what
// happened") and a phrase that ends its clause ("I'll log that.") read back nothing.
std::optional<size_t> list_start(const Scan& s, size_t from) {
  if (from == 0 || from >= s.size()) return std::nullopt;
  const Token& last = s.tok(from - 1);
  if (last.colon_after) return s.skip_fillers(from);
  size_t n = 0;
  for (size_t k = from; k < s.size() && n < kColonReach; ++k) {
    if (s.tok(k).filler) continue;
    ++n;
    if (s.tok(k).colon_after) return s.skip_fillers(k + 1);
    if (s.tok(k).after != Break::None) break;
  }
  if (last.after != Break::None) return std::nullopt;
  size_t i = s.skip_fillers(from);
  if (i >= s.size()) return std::nullopt;
  const std::string& w = s.tok(i).norm;
  if (words().subject_pronouns.contains(w)) return std::nullopt;
  if ((is_stopword(w) || is_linking_word(w)) && !words().determiners.contains(w)) return std::nullopt;
  return i;
}
}  // namespace

std::vector<FieldCandidate> read_readback_lists(const Scan& s, size_t field, bool cue_found) {
  double score = 0.0;
  if (s.lex.fields[field].takes_readback)
    score = kReadbackScore;
  else if (!cue_found && sole_list_field(s, field))
    score = kSoleListScore;
  if (score == 0.0) return {};
  std::vector<FieldCandidate> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    const size_t n = marker_length(s, i, words().record_phrases);
    if (n == 0) continue;
    auto start = list_start(s, i + n);
    auto items = start ? read_items(s, field, *start) : std::nullopt;
    if (!items) {
      i += n - 1;
      continue;
    }
    items->score = score;
    items->cue_first = i;
    out.push_back(*items);
    i = std::max(i, items->last);
  }
  return out;
}

}  // namespace invox::rules
