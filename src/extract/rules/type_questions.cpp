#include "extract/rules/type_questions.hpp"

#include <optional>

#include "extract/rules/count_questions.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/word_forms.hpp"

namespace invox::rules {

namespace {
constexpr double kTypeQuestionScore = 0.5;  // an answer, but to a question that names no field

bool is_type_word(const Token& t, const lexicon::WordSet& type_words) {
  for (const auto& w : type_words.items())
    if (stems_match(t.stem, stem(w))) return true;
  return false;
}

// The only field of `type` in the template, when it has no candidate yet.
std::optional<size_t> only_open_field(const Scan& s, const std::vector<std::vector<FieldCandidate>>& ranked,
                                      FieldType type) {
  std::optional<size_t> found;
  for (size_t f = 0; f < s.lex.fields.size(); ++f) {
    if (s.lex.fields[f].field->type != type) continue;
    if (found) return std::nullopt;
    found = f;
  }
  if (found && !ranked[*found].empty()) return std::nullopt;
  return found;
}

// Token i is the last of a question whose words, but for function words and a speaker label, are
// all words of `type_words` ("And the time?", "Dates?").
bool asks_only_type(const Scan& s, size_t i, const lexicon::WordSet& type_words) {
  if (!s.tok(i).question) return false;
  bool named = false;
  for (size_t k = i + 1; k-- > 0;) {
    if (k < i && s.tok(k).after == Break::Sentence) break;
    const Token& t = s.tok(k);
    if (t.filler) continue;
    if (is_type_word(t, type_words))
      named = true;
    else if (!is_stopword(t.norm))
      return false;
  }
  return named;
}

}  // namespace

void read_type_questions(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  const struct {
    FieldType type;
    const lexicon::WordSet& words;
  } kinds[] = {{FieldType::Time, words().time_type_words}, {FieldType::Date, words().date_type_words}};
  for (const auto& kind : kinds) {
    const auto field = only_open_field(s, ranked, kind.type);
    if (!field) continue;
    for (size_t i = 0; i < s.size(); ++i) {
      if (!asks_only_type(s, i, kind.words)) continue;
      // "Time? - Two guests arrived ..." is no time: the value ends its clause or meets a function word.
      if (auto c = first_value_in_answer(s, i, *field, kTypeQuestionScore,
                                         [&](const FieldCandidate& v) { return s.stands_alone(v.last); })) {
        ranked[*field].push_back(*c);
        break;
      }
    }
  }
}

}  // namespace invox::rules
