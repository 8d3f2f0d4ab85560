#pragma once
// Shared state and navigation helpers for the value readers: the tokenized transcript, the
// lexicon, all mentions, and where a field's value region ends (the next mention of another
// field, a sentence end, or a clause end for short text values).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "extract/rules/cue_lexicon.hpp"
#include "extract/rules/cue_matcher.hpp"
#include "extract/rules/transcript_tokens.hpp"
#include "invox/json.hpp"
#include "invox/normalize.hpp"

namespace invox::rules {

// No reader relates two mentions farther apart than this many tokens (cue distances are a few
// tokens, a question's answer starts within ~30): lookups of nearby mentions search only this
// window, which keeps every reader linear in the transcript's length.
constexpr size_t kMentionReach = 256;

struct ReadParams {
  size_t typed_lookahead = 6;  // tokens scanned after a cue for a number/date/time
  size_t text_max_tokens = 10;
  size_t name_max_tokens = 4;
  size_t list_max_tokens = 30;
  size_t correction_window = 9;  // tokens after a correction marker to find the new value
  size_t polarity_before = 4;    // tokens before a boolean cue searched for a negation
  size_t polarity_after = 3;
};

// A value read for one field.
struct FieldCandidate {
  Json value;
  double score = 0.0;
  size_t first = 0;  // token span of the value
  size_t last = 0;
  size_t cue_first = 0;  // where the evidence starts (cue or value)
  bool corrected = false;
  bool implied = false;  // not said: taken from the situation (no evidence span)
  bool half_guessed = false;  // a clock time whose am/pm was inferred, not said with it
};

// The two candidates' token spans share a token.
[[nodiscard]] inline bool overlaps(const FieldCandidate& a, const FieldCandidate& b) {
  return a.first < b.last && b.first < a.last;
}

// Number, date and time fields: the types whose values are parsed from typed phrases.
[[nodiscard]] inline bool is_typed(FieldType t) {
  return t == FieldType::Number || t == FieldType::Date || t == FieldType::Time;
}

struct Scan {
  const TokenizedText& tt;
  const Lexicon& lex;
  const std::vector<Mention>& mentions;
  const NormalizeContext& ctx;
  ReadParams params;

  [[nodiscard]] const Token& tok(size_t i) const { return tt.tokens[i]; }
  [[nodiscard]] size_t size() const { return tt.tokens.size(); }
  // Next non-filler token at or after i (size() when none).
  [[nodiscard]] size_t skip_fillers(size_t i) const;
  // Previous non-filler token before i, or nullopt.
  [[nodiscard]] std::optional<size_t> prev_content(size_t i) const;
  // The mentions starting at token i (mentions are sorted by position).
  [[nodiscard]] std::span<const Mention> mentions_at(size_t i) const;
  // The mentions starting in tokens [first, last), in position order.
  [[nodiscard]] std::span<const Mention> mentions_in(size_t first, size_t last) const;
  // A cue mention (or, when `values_too`, a value mention) of a field other than `field`
  // starting at token i.
  [[nodiscard]] const Mention* anchor_at(size_t i, size_t field, bool values_too) const;
  // The region after a cue: tokens [from, end) until the next other-field anchor, sentence
  // end (clause end when `stop_at_comma`), or `max_tokens` content tokens.
  [[nodiscard]] size_t region_end(size_t from, size_t field, bool stop_at_comma, size_t max_tokens,
                                  bool values_bound = true) const;
  // The value after a cue that ends at token `from` starts past a colon a few words later in
  // its sentence ("Side effects covered: ...", "First aid by me, Ann Hale: ..."); `from` when
  // there is none.
  [[nodiscard]] size_t past_label_colon(size_t from) const;
  // Byte text of tokens [first, last).
  [[nodiscard]] std::string_view span_text(size_t first, size_t last) const;
  // Token index of the first token starting at or after byte offset `byte`.
  [[nodiscard]] size_t token_at_byte(size_t byte) const;
  // Token i lies in a sentence that ends with '?'.
  [[nodiscard]] bool in_question(size_t i) const;
  // When token i lies in a question ("When was your last drill?"), the first content token of
  // the answer (the next sentence, past a speaker label); nullopt otherwise.
  [[nodiscard]] std::optional<size_t> answer_after(size_t i) const;
  // Skips a confirmation or yes/no word opening an answer ("Yes, ...", "Sure.", "Correct,").
  [[nodiscard]] size_t skip_answer_opener(size_t i) const;
  // A value read without a cue that ends at token `last` stands alone: it ends its clause or
  // meets a function word or a day-part word ("at five." / "at five in the afternoon"), not a
  // content word that makes it a count or an ordinal of a thing ("at five pallets", "the second
  // floor").
  [[nodiscard]] bool stands_alone(size_t last) const;
  // Parses a value of `field`'s type at token i, not past token `end`.
  [[nodiscard]] std::optional<FieldCandidate> parse_typed(size_t i, size_t end, const Field& field) const;
};

// Nothing between the end of one sentence (token `k`) and the next (from token `a`) says another
// voice speaks: no speaker label, line break or long dash between them, and no "Word:" opening
// the next one (a label said only once is no speaker label, yet still someone else's turn).
[[nodiscard]] bool next_sentence_same_voice(const Scan& s, size_t k, size_t a);

// The first token of the sentence that holds token i.
[[nodiscard]] size_t sentence_start(const Scan& s, size_t i);
// One past the last token of the sentence that holds token i.
[[nodiscard]] size_t sentence_end(const Scan& s, size_t i);

// The field's value-phrase mentions (guideline maps such as "'nothing stolen' -> 0") as
// candidates; placeholders (null values) are left out.
[[nodiscard]] std::vector<FieldCandidate> value_phrase_candidates(const Scan& s, size_t field);

// Marks typed-field cue mentions that no value of their type follows as non-boundaries.
void mark_bounding_mentions(const TokenizedText& tt, const Lexicon& lex, std::vector<Mention>& mentions,
                            const NormalizeContext& ctx);

}  // namespace invox::rules
