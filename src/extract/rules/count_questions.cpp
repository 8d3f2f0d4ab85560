#include "extract/rules/count_questions.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "extract/rules/corrections.hpp"
#include "extract/rules/count_readings.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/word_forms.hpp"

namespace invox::rules {

namespace {
constexpr size_t kMinWord = 4;

// Content stems of a field's label and description.
std::set<std::string> own_stems(const Field& f) {
  std::set<std::string> out;
  for (const auto& t : tokenize(f.label + " " + f.description).tokens)
    if (t.norm.size() >= kMinWord && !is_stopword(t.norm) && !t.has_digit) out.insert(t.stem);
  return out;
}

// "living" ~ "live": stem() keeps the final "e" of a four-letter word that its "-ing" form drops.
bool same_root(const std::string& a, const std::string& b) { return stems_match(a, b) || a + "e" == b || b + "e" == a; }

bool has_stem(const std::set<std::string>& stems, const std::string& st) {
  return std::any_of(stems.begin(), stems.end(), [&](const std::string& w) { return same_root(w, st); });
}
}  // namespace

std::optional<FieldCandidate> read_count_question(const Scan& s, size_t field) {
  constexpr double kQuestionScore = 0.5;
  constexpr size_t kAnswerWords = 8;  // content tokens of the answer searched for the number
  const Field& f = *s.lex.fields[field].field;
  const auto own = own_stems(f);
  std::set<std::string> others;
  for (const auto& fl : s.lex.fields)
    if (fl.field != &f && fl.field->type == FieldType::Number)
      for (const auto& st : own_stems(*fl.field))
        others.insert(st);
  for (size_t i = 0; i < s.size(); ++i) {
    const size_t len = s.tok(i).filler ? 0 : marker_length(s, i, words().count_questions);
    if (len == 0 || !s.in_question(i)) continue;
    bool about = false;
    for (size_t k = i + len; k < s.size() && !about; ++k) {
      const Token& t = s.tok(k);
      if (!t.filler && t.norm.size() >= kMinWord && !is_stopword(t.norm))
        about = has_stem(own, t.stem) && !has_stem(others, t.stem);
      if (t.after == Break::Sentence) break;
    }
    if (!about) continue;
    auto a = s.answer_after(i);
    if (!a) continue;
    const size_t start = s.skip_answer_opener(*a);
    const size_t end = s.region_end(start, field, false, kAnswerWords + 4);
    size_t seen = 0;
    for (size_t k = start; k < end && seen < kAnswerWords; ++k) {
      if (s.tok(k).filler) continue;
      ++seen;
      auto c = s.parse_typed(k, end, f);
      if (!c || !within_range(c->value, f) || not_a_count(s, *c, f)) continue;
      c->score = kQuestionScore;
      c->cue_first = i;
      return c;
    }
  }
  return std::nullopt;
}

}  // namespace invox::rules
