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

// The question at token `opener` (`len` tokens of its opener) names, after the opener, a word of
// `own` that is not in `others`.
bool asks_about(const Scan& s, size_t opener, size_t len, const std::set<std::string>& own,
                const std::set<std::string>& others) {
  for (size_t k = opener + len; k < s.size(); ++k) {
    const Token& t = s.tok(k);
    if (!t.filler && t.norm.size() >= kMinWord && !is_stopword(t.norm) && has_stem(own, t.stem) &&
        !has_stem(others, t.stem))
      return true;
    if (t.after == Break::Sentence) break;
  }
  return false;
}

}  // namespace

std::optional<FieldCandidate> first_value_in_answer(const Scan& s, size_t question, size_t field, double score,
                                                    const std::function<bool(const FieldCandidate&)>& fits) {
  constexpr size_t kAnswerWords = 8;  // content tokens of the answer searched for the value
  const Field& f = *s.lex.fields[field].field;
  auto a = s.answer_after(question);
  if (!a) return std::nullopt;
  const size_t start = s.skip_answer_opener(*a);
  const size_t end = s.region_end(start, field, false, kAnswerWords + 4);
  size_t seen = 0;
  for (size_t k = start; k < end && seen < kAnswerWords; ++k) {
    if (s.tok(k).filler) continue;
    ++seen;
    auto c = s.parse_typed(k, end, f);
    if (!c || c->value.is_null() || !fits(*c)) continue;
    c->score = score;
    c->cue_first = question;
    return c;
  }
  return std::nullopt;
}

void read_count_questions(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  constexpr double kQuestionScore = 0.5;
  const auto& fields = s.lex.fields;
  std::vector<size_t> numbers;  // the template's number fields
  for (size_t f = 0; f < fields.size(); ++f)
    if (fields[f].field->type == FieldType::Number) numbers.push_back(f);
  std::vector<std::set<std::string>> own(fields.size()), others(fields.size());
  for (size_t f : numbers)
    own[f] = own_stems(*fields[f].field);
  std::vector<size_t> open;  // number fields still without a candidate
  for (size_t f : numbers) {
    if (!ranked[f].empty()) continue;
    open.push_back(f);
    for (size_t g : numbers)
      if (g != f) others[f].insert(own[g].begin(), own[g].end());
  }
  for (size_t i = 0; i < s.size() && !open.empty(); ++i) {
    const size_t len = s.tok(i).filler ? 0 : marker_length(s, i, words().count_questions);
    if (len == 0 || !s.in_question(i)) continue;
    std::erase_if(open, [&](size_t f) {
      if (!asks_about(s, i, len, own[f], others[f])) return false;
      const Field& field = *fields[f].field;
      auto c = first_value_in_answer(s, i, f, kQuestionScore, [&](const FieldCandidate& v) {
        return within_range(v.value, field) && !not_a_count(s, v, field);
      });
      if (c) ranked[f].push_back(*c);
      return c.has_value();
    });
  }
}

}  // namespace invox::rules
