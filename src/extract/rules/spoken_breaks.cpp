#include "extract/rules/spoken_breaks.hpp"

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {

// Below this many words a transcript is a phrase ("temp 38.2 pulse 88"), not speech to split.
constexpr size_t kMinWords = 12;
// A spoken question is short: one whose end is not found within this many words is not marked,
// as its answer cannot be told from its own words.
constexpr size_t kQuestionWords = 12;

bool opens_clause(const std::vector<Token>& toks, size_t i) {
  if (i == 0 || !words().spoken_clause_openers.contains(toks[i].norm)) return false;
  const std::string& before = toks[i - 1].norm;
  return !words().clause_joiners.contains(before) && !words().spoken_clause_openers.contains(before);
}

// Words of the question that starts at token i, or 0: a question word with its verb ("how
// many"), an auxiliary before a subject ("did you"), or "any" after a value or a clause's end.
size_t question_length(const std::vector<Token>& toks, size_t i) {
  if (const size_t n = phrase_length_at(toks, i, words().question_openers)) return n;
  if (i + 1 >= toks.size()) return 0;
  if (i > 0 && words().open_question_words.contains(toks[i].norm) &&
      (toks[i - 1].after != Break::None || says_number(toks[i - 1])))
    return 1;
  if (words().question_auxiliaries.contains(toks[i].norm) && words().question_subjects.contains(toks[i + 1].norm) &&
      (i == 0 || !words().clause_joiners.contains(toks[i - 1].norm)))
    return 2;
  return 0;
}

// The transcript has no sentence or clause punctuation at all over enough words to need it.
bool unpunctuated(const TokenizedText& t) {
  if (t.tokens.size() < kMinWords) return false;
  for (const auto& tok : t.tokens)
    if (tok.after == Break::Sentence || tok.after == Break::Comma) return false;
  return true;
}

}  // namespace

void infer_spoken_breaks(TokenizedText& t) {
  if (!unpunctuated(t)) return;
  t.breaks_inferred = true;
  auto& toks = t.tokens;
  // A Join ("e-stop", "132/84") is written punctuation and stays.
  const auto end_clause_after = [&](size_t k) {
    if (toks[k].after == Break::None) toks[k].after = Break::Sentence;
  };
  constexpr size_t kNone = static_cast<size_t>(-1);
  size_t asking = kNone;  // first token after the words that opened a question
  for (size_t i = 0; i < toks.size(); ++i) {
    const bool response = words().turn_responses.contains(toks[i].norm);
    const size_t question = question_length(toks, i);
    if (i > 0 && (response || question > 0 || opens_clause(toks, i))) {
      // The next clause ends the question; its last word carries the question mark.
      if (asking != kNone && i > asking) {
        if (i - asking <= kQuestionWords) toks[i - 1].question = true;
        asking = kNone;
      }
      end_clause_after(i - 1);
    }
    if (response) end_clause_after(i);
    if (question > 0) {
      asking = i + question;
      i += question - 1;
    }
  }
  if (asking != kNone && toks.size() - asking <= kQuestionWords) toks.back().question = true;
}

}  // namespace invox::rules
