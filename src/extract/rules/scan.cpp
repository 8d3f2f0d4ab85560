#include "extract/rules/scan.hpp"

#include <algorithm>

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

size_t Scan::skip_fillers(size_t i) const {
  while (i < size() && tok(i).filler) ++i;
  return i;
}

bool Scan::stands_alone(size_t last) const {
  size_t after = skip_fillers(last);
  if (last == 0 || tok(last - 1).after != Break::None || after >= size()) return true;
  const std::string& w = tok(after).norm;
  return is_stopword(w) || words().afternoon_words.contains(w) || words().morning_words.contains(w);
}

std::optional<size_t> Scan::prev_content(size_t i) const {
  while (i > 0) {
    --i;
    if (!tok(i).filler) return i;
  }
  return std::nullopt;
}

std::span<const Mention> Scan::mentions_in(size_t first, size_t last) const {
  // Mentions are sorted by position (find_mentions): a binary search keeps every lookup
  // logarithmic, so scans over long transcripts stay linear.
  auto before = [](const Mention& m, size_t at) { return m.first < at; };
  auto lo = std::lower_bound(mentions.begin(), mentions.end(), first, before);
  auto hi = std::lower_bound(lo, mentions.end(), std::max(first, last), before);
  return {lo, hi};
}

std::span<const Mention> Scan::mentions_at(size_t i) const { return mentions_in(i, i + 1); }

const Mention* Scan::anchor_at(size_t i, size_t field, bool values_too) const {
  const auto here = mentions_at(i);
  for (const auto& m : here) {
    if (m.field == field || !m.bounds) continue;
    if (m.is_value && !values_too) continue;
    if (!m.is_value && m.cue->kind == CueKind::Unit) continue;
    if (!m.is_value && m.cue->weak) continue;
    if (m.derived) continue;  // "quarantine and inspect the rest" does not start the inspector's name
    // The same span also names `field` (a shared alias): not a boundary.
    bool shared = false;
    for (const auto& o : here)
      if (o.field == field && o.last == m.last) shared = true;
    if (!shared) return &m;
  }
  return nullptr;
}

size_t Scan::region_end(size_t from, size_t field, bool stop_at_comma, size_t max_tokens, bool values_bound) const {
  size_t count = 0;
  size_t i = from;
  while (i < size()) {
    if (!tok(i).filler) {
      if (anchor_at(i, field, values_bound)) return i;
      if (++count > max_tokens) return i;
    }
    Break b = tok(i).after;
    if (b == Break::Sentence || (stop_at_comma && b == Break::Comma)) return i + 1;
    ++i;
  }
  return size();
}

namespace {
constexpr size_t kMaxQuestionTokens = 30;
}  // namespace

bool Scan::in_question(size_t i) const {
  for (size_t k = i; k < size() && k < i + kMaxQuestionTokens; ++k) {
    if (tok(k).question) return true;
    if (tok(k).after == Break::Sentence) return false;
  }
  return false;
}

bool next_sentence_same_voice(const Scan& s, size_t k, size_t a) {
  constexpr size_t kLabelWords = 3;
  for (size_t j = k + 1; j < a; ++j)
    if (s.tok(j).speaker) return false;
  const std::string_view gap = s.tt.text.substr(s.tok(k).end, s.tok(a).begin - s.tok(k).end);
  if (gap.find('\n') != std::string_view::npos || gap.find("\xE2\x80\x94") != std::string_view::npos ||
      gap.find("\xE2\x80\x93") != std::string_view::npos)
    return false;
  for (size_t j = a; j < s.size() && j < a + kLabelWords; ++j) {
    if (s.tok(j).colon_after) return false;
    if (s.tok(j).after != Break::None) break;
  }
  return true;
}

std::optional<size_t> Scan::answer_after(size_t i) const {
  // "And who sampled? Was that you? - No, I'm just the driver. Imogen Pryce took them.": a
  // question the same speaker asks right after is not the answer; the answer follows both.
  constexpr int kFollowUps = 2;
  if (!in_question(i)) return std::nullopt;
  int follow_ups = 0;
  for (size_t k = i; k < size(); ++k) {
    if (tok(k).after != Break::Sentence) continue;
    size_t a = skip_fillers(k + 1);
    if (a >= size()) return std::nullopt;
    if (tok(k).question && next_sentence_same_voice(*this, k, a) && in_question(a) && follow_ups < kFollowUps) {
      ++follow_ups;
      k = a;
      continue;
    }
    return a;
  }
  return std::nullopt;
}

size_t Scan::skip_answer_opener(size_t i) const {
  while (i < size() && (words().yes_words.contains(tok(i).norm) || words().no_words.contains(tok(i).norm)) &&
         tok(i).after != Break::None)
    i = skip_fillers(i + 1);
  return i;
}

size_t Scan::past_label_colon(size_t from) const {
  // Words between the cue and its colon ("Side effects covered:", "First aid by me, Ann Hale:").
  constexpr size_t kReach = 5;
  if (from == 0 || from >= size() || tok(from - 1).colon_after) return from;
  size_t n = 0;
  for (size_t i = from; i < size() && n < kReach; ++i) {
    const Token& t = tok(i);
    if (t.speaker) break;
    if (t.filler) continue;
    ++n;
    if (t.colon_after) return i + 1;
    if (t.after == Break::Sentence) break;
  }
  return from;
}

std::string_view Scan::span_text(size_t first, size_t last) const {
  if (first >= last || first >= size()) return {};
  return tt.text.substr(tok(first).begin, tok(last - 1).end - tok(first).begin);
}

size_t Scan::token_at_byte(size_t byte) const {
  auto it = std::lower_bound(tt.tokens.begin(), tt.tokens.end(), byte,
                             [](const Token& t, size_t at) { return t.begin < at; });
  return static_cast<size_t>(it - tt.tokens.begin());
}

std::vector<FieldCandidate> value_phrase_candidates(const Scan& s, size_t field) {
  constexpr double kValuePhraseFactor = 0.9;
  std::vector<FieldCandidate> out;
  for (const auto& m : s.mentions) {
    if (m.field != field || !m.is_value || m.value->value.is_null()) continue;
    FieldCandidate c;
    c.value = m.value->value;
    c.first = m.first;
    c.last = m.last;
    c.cue_first = m.first;
    c.score = m.strength * kValuePhraseFactor;
    out.push_back(c);
  }
  return out;
}

namespace {
// "quarantine the lot and inspect the rest": a cue word after a determiner and before a word
// that cannot open its value is a noun in running speech, not a label ("lot L447").
bool used_as_noun(const Scan& s, const Mention& m) {
  auto before = s.prev_content(m.first);
  if (!before || !words().determiners.contains(s.tok(*before).norm) || s.tok(*before).after != Break::None) return false;
  if (s.tok(m.last - 1).after != Break::None) return false;  // "And the plate? K L M ..." asks for it
  const size_t next = s.skip_fillers(m.last);
  if (next >= s.size()) return true;
  const auto& w = s.tok(next).norm;
  return words().dangling_words.contains(w) && !words().linking_words.contains(w);
}
}  // namespace

void mark_bounding_mentions(const TokenizedText& tt, const Lexicon& lex, std::vector<Mention>& mentions,
                            const NormalizeContext& ctx) {
  constexpr size_t kLook = 3;
  Scan probe{tt, lex, mentions, ctx, {}};
  std::vector<bool> bounds(mentions.size(), true);
  for (size_t k = 0; k < mentions.size(); ++k) {
    const Mention& m = mentions[k];
    if (m.is_value) continue;
    const Field& f = *lex.fields[m.field].field;
    if (m.cue->kind != CueKind::Lead) continue;
    if (f.type != FieldType::Boolean && used_as_noun(probe, m)) {
      bounds[k] = false;
      continue;
    }
    if (f.type != FieldType::Number && f.type != FieldType::Date && f.type != FieldType::Time) continue;
    bool found = false;
    size_t seen = 0;
    for (size_t i = m.last; i < tt.tokens.size() && seen < kLook && !found; ++i) {
      if (tt.tokens[i].filler) continue;
      ++seen;
      found = probe.parse_typed(i, std::min(tt.tokens.size(), i + 8), f).has_value();
    }
    // A value right before the cue ("two hours of labor") also makes it a real mention.
    if (!found && m.first > 0) found = probe.parse_typed(m.first - 1, m.first, f).has_value();
    bounds[k] = found;
  }
  for (size_t k = 0; k < mentions.size(); ++k) mentions[k].bounds = bounds[k];
}

namespace {
// "viewing at twelve oh five Birchmount Road": a number right before a street's name (a word or
// two and a street word, lexicon street_words) is the house number, not a clock time.
bool names_street_after(const Scan& s, size_t i) {
  constexpr size_t kNameWords = 2;
  for (size_t n = 0; i < s.size() && n <= kNameWords; ++i, ++n) {
    const Token& t = s.tok(i);
    if (t.filler || t.has_digit || is_stopword(t.norm) || (s.tt.cased && !t.capitalized)) return false;
    if (n > 0 && words().street_words.contains(t.norm)) return true;
    if (t.after != Break::None) return false;
  }
  return false;
}

// "the one by reception", "the April one": after a determiner ("the", "that"), "one" stands for
// a thing (of that month), not one o'clock or the first day.
bool pronoun_one(const Scan& s, const FieldCandidate& c, FieldType type) {
  const size_t words_before_one = c.last - c.first - 1;
  const bool shape = (type == FieldType::Time && words_before_one == 0) ||
                     (type == FieldType::Date && words_before_one == 1 && words().month_names.index_of(s.tok(c.first).norm));
  if (!shape || c.first == 0 || !words().pronoun_numbers.contains(s.tok(c.last - 1).norm)) return false;
  const Token& before = s.tok(c.first - 1);
  return before.after == Break::None &&
         (words().determiners.contains(before.norm) || words().pronoun_number_openers.contains(before.norm));
}

// "listed at five-twenty a week", "thirty-five a head": a number said per something is a rate.
bool said_per_period(const Scan& s, size_t after) {
  if (after + 1 >= s.size() || s.tok(after - 1).after != Break::None || s.tok(after).after != Break::None) return false;
  return words().rate_articles.contains(s.tok(after).norm) && words().rate_periods.contains(s.tok(after + 1).norm);
}
}  // namespace

std::optional<FieldCandidate> Scan::parse_typed(size_t i, size_t end, const Field& field) const {
  if (i >= end || i >= size()) return std::nullopt;
  size_t begin_byte = tok(i).begin;
  size_t end_byte = tok(end - 1).end;
  auto parsed = parse_value_prefix(tt.text.substr(begin_byte, end_byte - begin_byte), field, ctx);
  if (!parsed || parsed->consumed == 0 || parsed->value.is_null()) return std::nullopt;
  // Leading whitespace is allowed by parse_value_prefix; the value starts at token i.
  size_t stop = token_at_byte(begin_byte + parsed->consumed);
  if (stop <= i) stop = i + 1;
  FieldCandidate c;
  c.value = parsed->value;
  c.first = i;
  c.last = std::min(stop, end);
  c.score = 1.0;
  if (field.type == FieldType::Time && tok(c.last - 1).after == Break::None && names_street_after(*this, c.last))
    return std::nullopt;
  if (pronoun_one(*this, c, field.type)) return std::nullopt;
  if (field.type == FieldType::Time && said_per_period(*this, c.last)) return std::nullopt;
  // "on March third, forty-six dollars": a spoken year cut off before a unit word (the span
  // ended at another field's cue) is that unit's amount, so the date ends before it.
  if (field.type == FieldType::Date && c.last == end && c.last < size() && !tok(c.last - 1).has_digit &&
      c.last - i > 2 && is_unit_word(tok(c.last).norm)) {
    for (size_t shorter = c.last - 1; shorter > i + 1; --shorter)
      if (auto d = parse_typed(i, shorter, field); d && d->last < c.last && d->value != c.value) return d;
  }
  return c;
}

size_t sentence_start(const Scan& s, size_t i) {
  while (i > 0 && s.tok(i - 1).after != Break::Sentence) --i;
  return i;
}

size_t sentence_end(const Scan& s, size_t i) {
  while (i < s.size() && s.tok(i).after != Break::Sentence) ++i;
  return std::min(s.size(), i + 1);
}

}  // namespace invox::rules
