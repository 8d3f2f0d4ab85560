#include "extract/rules/corrections.hpp"

#include <algorithm>

#include "extract/rules/clock_times.hpp"
#include "extract/rules/lexical_data.hpp"
#include "invox/normalize.hpp"

namespace invox::rules {

size_t marker_length(const Scan& s, size_t i, const std::vector<lexicon::Phrase>& markers,
                     const lexicon::Phrase** which) {
  for (const auto& m : markers) {
    size_t j = s.skip_fillers(i);
    size_t k = 0;
    for (; k < m.size(); ++k) {
      if (j >= s.size() || s.tok(j).norm != m[k]) break;
      j = s.skip_fillers(j + 1);
    }
    if (k == m.size()) {
      if (which) *which = &m;
      return j - i;
    }
  }
  return 0;
}

namespace {
// "About five years. Five and a half, really, counting the internship.": the next sentence of
// the same turn opens with a new value that a one-word correction marker right after it
// ("really", "actually") marks as the revision. The value's sentence must end within a word
// or two of it (its unit: "five years.").
std::optional<FieldCandidate> postposed_revision(const Scan& s, size_t field, const FieldCandidate& value,
                                                 const ValueReader& read) {
  constexpr size_t kUnitWords = 2;
  size_t end = value.last;
  for (size_t n = 0; end < s.size() && s.tok(end - 1).after != Break::Sentence && n < kUnitWords; ++n)
    ++end;
  if (end == 0 || end >= s.size() || s.tok(end - 1).after != Break::Sentence) return std::nullopt;
  size_t k = end;
  for (; k < s.size() && s.tok(k).filler; ++k)
    if (s.tok(k).speaker) return std::nullopt;  // another speaker answers, not a revision
  if (k >= s.size() || s.anchor_at(k, field, true)) return std::nullopt;
  auto next = read(k, s.region_end(k, field, false, 6));
  if (!next || next->last == 0 || s.tok(next->last - 1).after == Break::Sentence) return std::nullopt;
  const lexicon::Phrase* which = nullptr;
  if (!marker_length(s, next->last, correction_markers(), &which) || which->size() != 1) return std::nullopt;
  if (words().no_words.contains(which->front())) return std::nullopt;  // "five, no ..." is an answer
  return next;
}
// "Temperature at the start of the day": the form asks for the first reading, not the latest.
bool wants_first_reading(const Field& f) {
  return says_any_word({f.label, f.description, f.guidelines}, words().first_reading_words);
}

// "a hundred and thirty but the final is a hundred and ten", "capped at fifty metres but I only
// took it to forty-five": the first value of the field within a few words after "but", in the
// same sentence and before any field's cue.
std::optional<FieldCandidate> contrasted_value(const Scan& s, size_t field, size_t from, const ValueReader& read) {
  constexpr size_t kReach = 6;  // "but I only took it to"
  size_t seen = 0;
  for (size_t k = s.skip_fillers(from); k < s.size() && seen <= kReach; k = s.skip_fillers(k + 1), ++seen) {
    if (s.tok(k).speaker || s.anchor_at(k, field, true)) return std::nullopt;
    if (auto next = read(k, s.region_end(k, field, false, 6)); next && next->first == k) {
      // "seven but two are condemned": a number that opens a clause counts part of the first.
      if (next->last < s.size() && s.tok(next->last - 1).after == Break::None &&
          words().copulas.contains(s.tok(next->last).norm))
        return std::nullopt;
      return next;
    }
    if (s.tok(k).after == Break::Sentence) return std::nullopt;
  }
  return std::nullopt;
}

// A later reading of a measured number in the same sentence, with no "sorry": "heart rate one
// sixty-two when we got to him, now one forty-eight", "first heart rate was a hundred and four,
// latest is eighty-eight", "pulse has come down from one twenty to ninety-eight". Dates, times
// and words are left alone: "from nine to five" is a span, not a change.
std::optional<FieldCandidate> later_reading(const Scan& s, size_t field, const FieldCandidate& value,
                                            const ValueReader& read) {
  constexpr size_t kReach = 6;  // words between the value and the marker ("when we got to him")
  const Field& f = *s.lex.fields[field].field;
  if (f.type != FieldType::Number || value.last == 0 || value.last >= s.size() || wants_first_reading(f))
    return std::nullopt;
  auto read_after = [&](size_t k) -> std::optional<FieldCandidate> {
    for (size_t n = 0; n < 2 && k < s.size() && is_linking_word(s.tok(k).norm); ++n) k = s.skip_fillers(k + 1);
    if (k >= s.size() || s.anchor_at(k, field, true)) return std::nullopt;
    return read(k, s.region_end(k, field, false, 6));
  };
  if (auto p = s.prev_content(value.first); p && marker_length(s, *p, words().change_openers)) {
    size_t j = s.skip_fillers(value.last);
    if (j < s.size() && s.tok(value.last - 1).after == Break::None && s.tok(j).norm == "to")
      return read_after(s.skip_fillers(j + 1));
  }
  size_t seen = 0;
  for (size_t i = value.last; i < s.size() && seen < kReach; ++i) {
    if (s.tok(i - 1).after == Break::Sentence || s.tok(i).speaker) break;
    if (s.tok(i).filler) continue;
    if (s.anchor_at(i, field, true)) break;
    if (size_t len = marker_length(s, i, words().revision_markers)) return read_after(s.skip_fillers(i + len));
    if (size_t len = marker_length(s, i, words().contrast_markers)) return contrasted_value(s, field, i + len, read);
    ++seen;
  }
  return std::nullopt;
}
// "And the total's what, six kilowatts? - Six point four.": a number offered in a question is a
// guess; another voice answering with a number of the field's kind (after a "no", if any) says
// the value. "Yes, two on the garage" answers the guess and goes on to something else.
std::optional<FieldCandidate> answer_to_guess(const Scan& s, size_t field, const FieldCandidate& value,
                                              const ValueReader& read) {
  if (s.lex.fields[field].field->type != FieldType::Number || value.first >= s.size() || !s.in_question(value.first))
    return std::nullopt;
  auto a = s.answer_after(value.first);
  if (!a) return std::nullopt;
  const size_t end = sentence_end(s, value.first);
  if (end == 0 || end > *a || next_sentence_same_voice(s, end - 1, *a)) return std::nullopt;
  size_t k = *a;
  // Past the answerer's label ("Installer:", a label said once is no speaker label) and a "no".
  if (k < s.size() && s.tok(k).colon_after) k = s.skip_fillers(k + 1);
  while (k < s.size() && words().no_words.contains(s.tok(k).norm) && s.tok(k).after != Break::None)
    k = s.skip_fillers(k + 1);
  if (k >= s.size() || s.anchor_at(k, field, true)) return std::nullopt;
  auto answer = read(k, s.region_end(k, field, false, 6));
  if (!answer || answer->first != k) return std::nullopt;
  // "thirty-two foot? - Thirty-one.": a bare answer is in the guess's unit.
  const Token& unit = s.tok(value.last - 1);
  if (!says_number(unit) && says_number(s.tok(answer->last - 1))) {
    const std::string text = std::string(s.span_text(answer->first, answer->last)) + " " + unit.raw;
    auto scaled = parse_value_prefix(text, *s.lex.fields[field].field, s.ctx);
    if (!scaled || scaled->value.is_null() || scaled->consumed < text.size()) return std::nullopt;
    answer->value = scaled->value;
  }
  if (answer->value == value.value) return std::nullopt;
  return answer;
}

// Two clock times on the same hour of the 12-hour dial.
bool same_hour(const FieldCandidate& a, const FieldCandidate& b) {
  constexpr int kMinutesPerHour = 60, kDialHours = 12;
  const auto x = minutes_of(a), y = minutes_of(b);
  return x && y && *x / kMinutesPerHour % kDialHours == *y / kMinutesPerHour % kDialHours;
}

// Another field's cue or value ends the search for a correction; a day or a time of day (a date
// or time field's value, or a cue that is its own value: 'today') does not end a number's
// ("ninety-seven point nine, oh no wait, that's from your log. Today's is ninety-eight point
// six"), as it cannot be read as one.
bool bounds_correction(const Scan& s, size_t t, size_t field) {
  const Mention* a = s.anchor_at(t, field, true);
  if (!a) return false;
  const bool says_value = a->is_value || a->cue->kind == CueKind::Inclusive;
  if (!says_value || s.lex.fields[field].field->type != FieldType::Number) return true;
  const FieldType other = s.lex.fields[a->field].field->type;
  return other != FieldType::Date && other != FieldType::Time;
}
}  // namespace

FieldCandidate apply_corrections(const Scan& s, size_t field, FieldCandidate value, const ValueReader& read) {
  constexpr size_t kRetractionReach = 16;  // tokens: the rest of the sentence and the next one
  const size_t window = s.params.correction_window;
  // The later value replaces the earlier one; the evidence still starts at the first cue.
  auto take = [&value](const FieldCandidate& later) {
    const size_t cue_first = value.cue_first;
    value = later;
    value.cue_first = cue_first;
    value.corrected = true;
  };
  for (int guard = 0; guard < 6; ++guard) {
    size_t j = s.skip_fillers(value.last);
    // "one twenty-six over, sorry, one thirty-six over seventy-eight": a pair left hanging.
    if (j < s.size() && s.tok(j).after != Break::None && words().pair_separators.contains(s.tok(j).norm))
      j = s.skip_fillers(j + 1);
    if (j >= s.size()) break;
    // "what, eleven forty, eleven forty-five, no, eleven forty-six": the same hour said again at
    // once, with no word between, is the speaker settling on the minutes ("four fifteen p.m.,
    // three keys" is another thing, and so is a digit after a lone hour word: "lot seven seven
    // zero two").
    const Field& f = *s.lex.fields[field].field;
    if (f.type == FieldType::Time && value.last - value.first >= 2 && s.tok(value.last - 1).after != Break::Sentence &&
        !s.tok(j).speaker && !s.anchor_at(j, field, true)) {
      auto again = s.parse_typed(j, std::min(s.size(), j + 8), f);
      if (again && again->last > j && same_hour(value, *again)) {
        take(*again);
        continue;
      }
    }
    // Never across a sentence end for a rejection; corrections may run on.
    const lexicon::Phrase* which = nullptr;
    if (size_t len = marker_length(s, j, rejection_markers(), &which)) {
      size_t k = s.skip_fillers(j + len);
      bool skipped = false;
      for (size_t t = k; t < s.size() && t < k + 3; ++t) {
        if (s.anchor_at(t, field, true)) break;
        auto rejected = read(t, s.region_end(t, field, false, 4));
        if (rejected) {
          value.last = rejected->last;  // keep the value, step past the rejected one
          skipped = true;
          break;
        }
        if (s.tok(t).after == Break::Sentence) break;
      }
      if (skipped) continue;
      break;
    }
    // "It's a two. Well, actually, ... a four", "oh no wait", "It's more like fifty-five": a
    // turn opener or a function word or two may lead into the correction marker.
    size_t lead = 0;
    for (size_t k = j; lead < 2 && k < s.size() && !marker_length(s, k, correction_markers()); ++lead) {
      const std::string& n = s.tok(k).norm;
      bool opener = words().greetings.contains(n) && !words().yes_words.contains(n) && !words().no_words.contains(n);
      if (!opener && !is_stopword(n)) break;
      k = s.skip_fillers(k + 1);
      if (marker_length(s, k, correction_markers())) j = k;
    }
    if (size_t len = marker_length(s, j, correction_markers(), &which)) {
      auto is_bare_no = [](const lexicon::Phrase* p) { return p->size() == 1 && words().no_words.contains(p->front()); };
      const bool bare_no = is_bare_no(which);
      // "... twelve thousand dollars. No one was hurt": "no one" is a quantifier, not "no, one".
      if (bare_no && s.tok(s.skip_fillers(j)).after == Break::None && marker_length(s, j, words().zero_quantifiers) > len)
        break;
      size_t k = s.skip_fillers(j + len);
      // A bare "no" is more often an answer than a correction: its new value must follow at once,
      // unless it leads into another marker ("No, bump it to three and a half").
      const lexicon::Phrase* inner = nullptr;
      if (size_t more = bare_no ? marker_length(s, k, correction_markers(), &inner) : 0; more && !is_bare_no(inner)) {
        k = s.skip_fillers(k + more);
        which = inner;
      }
      size_t limit = is_bare_no(which) ? 3 : window;
      // "Nine degrees. Hang on, the probe was in the air. In the product it's three point eight":
      // a retraction (lexicon retraction_markers) says the value was wrong before it says the
      // right one, which may come a sentence later.
      // The marker that matched decides, so "No, hang on, ..." reaches as far as "hang on".
      const auto& retractions = words().retraction_markers;
      if (std::find(retractions.begin(), retractions.end(), *which) != retractions.end()) limit = kRetractionReach;
      size_t sentences = 0;
      bool found = false;
      size_t seen = 0;
      for (size_t t = k; t < s.size() && seen < limit; ++t) {
        if (s.tok(t).filler) continue;
        ++seen;
        if (s.tok(t).speaker || (t > k && s.tok(t - 1).after == Break::Sentence && ++sentences > 1)) break;
        if (bounds_correction(s, t, field)) break;
        auto next = read(t, s.region_end(t, field, false, 6));
        if (next) {
          take(*next);
          found = true;
          break;
        }
      }
      if (found) continue;
    }
    if (auto answered = answer_to_guess(s, field, value, read)) {
      take(*answered);
      continue;
    }
    auto revised = later_reading(s, field, value, read);
    if (!revised || revised->first <= value.first) revised = postposed_revision(s, field, value, read);
    if (revised) {
      take(*revised);
      continue;
    }
    break;
  }
  return value;
}

}  // namespace invox::rules
