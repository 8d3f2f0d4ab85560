#include "extract/rules/choice_reader.hpp"

#include <algorithm>
#include <cctype>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
constexpr double kBareOption = 0.7;      // option said without the field's cue
constexpr double kCueBonus = 0.25;       // the field's cue shortly before the option
constexpr size_t kCueDistance = 5;

// The phrase says "no" itself ("no faults"); a word of absence or failure alone ("broken") can
// still be negated ("none broken").
bool phrase_has_negation(const Mention& m) {
  for (const auto& st : m.value->phrase.stems)
    if (words().is_negator(st) || is_zero_quantifier(st)) return true;
  return false;
}

bool says_failure(const Mention& m) {
  for (const auto& w : util::split(util::to_lower_ascii(m.value->phrase.text), ' '))
    if (words().negative_states.contains(w)) return true;
  return false;
}

bool negated_option(const Scan& s, const Mention& m) {
  if (phrase_has_negation(m)) return false;
  // Two words back, and across words a negation reaches over ("No need for signs") and the
  // preposition that places what is denied ("not a mark on his face").
  constexpr int kWords = 2, kBridged = 5;
  auto p = s.prev_content(m.first);
  for (int n = 0, bridged = 0; n < kWords && bridged < kBridged && p; ++bridged) {
    const Token& t = s.tok(*p);
    if (t.after == Break::Sentence || t.after == Break::Comma) break;
    if (words().is_negator(t.norm) || is_zero_quantifier(t.norm)) return true;
    if (!is_auxiliary_word(t.norm) && !words().item_place_prepositions.contains(t.norm)) ++n;
    p = s.prev_content(*p);
  }
  // A rejection marker right before the option: "instead of X", "rather than X".
  for (const auto& marker : rejection_markers()) {
    size_t back = m.first;
    bool match = true;
    for (size_t k = marker.size(); k-- > 0 && match;) {
      auto q = s.prev_content(back);
      match = q && s.tok(*q).norm == marker[k];
      if (match) back = *q;
    }
    if (match) return true;
  }
  return false;
}

// The field's own cue ends within a few tokens before `i` in the same sentence.
bool own_cue_before(const Scan& s, size_t field, size_t i) {
  constexpr size_t kAnswerReach = 6;
  for (const auto& m : s.mentions_in(i > kMentionReach ? i - kMentionReach : 0, i)) {
    if (m.field != field || m.is_value || m.last > i) continue;
    // The field asked about in a question, the option early in the answer.
    if (auto a = s.answer_after(m.first); a && *a <= i && i - *a <= kAnswerReach) return true;
    if (i - m.last > kCueDistance) continue;
    bool crosses = false;
    for (size_t k = m.last - 1; k < i; ++k) crosses = crosses || s.tok(k).after == Break::Sentence;
    if (!crosses) return true;
  }
  return false;
}

bool own_cue_after(const Scan& s, size_t field, size_t last) {
  size_t j = s.skip_fillers(last);
  for (const auto& m : s.mentions_at(j))
    if (m.field == field && !m.is_value && s.tok(last - 1).after == Break::None) return true;
  return false;
}

// "Recheck in six weeks" reads the recheck date and "pain not assessed" says the pain score is
// missing; "Recheck of the feather plucking" says neither, so the word is the visit type's option.
bool typed_value_follows(const Scan& s, const Mention& cue) {
  constexpr size_t kGap = 3;  // "recheck in six weeks", "come back on the ninth"
  const Field& f = *s.lex.fields[cue.field].field;
  const size_t end = sentence_end(s, cue.last - 1);
  for (size_t i = cue.last; i < end && i < cue.last + kGap; ++i) {
    if (is_negation_word(s.tok(i).norm)) return true;
    if (s.parse_typed(i, std::min(end, i + 8), f)) return true;
  }
  return false;
}

// Another field's cue said as the very word of an option claims it, unless that field is a date,
// time or number whose value does not follow.
bool word_claimed_by(const Scan& s, const Mention& cue, const Mention& v) {
  const bool same_word = cue.first == v.first && cue.last == v.last;
  return !(same_word && is_typed(s.lex.fields[cue.field].field->type) && !typed_value_follows(s, cue));
}

// Another field's cue starts with the option ("rim tape" vs the brake option "rim"); a cue
// that merely ends with it ("going to storage") does not contest it.
bool contested(const Scan& s, const Mention& v) {
  for (const auto& m : s.mentions_at(v.first))
    if (!m.is_value && m.field != v.field && v.last <= m.last && word_claimed_by(s, m, v)) return true;
  return false;
}

// A word of `markers` opens the mention's clause within four words before it.
bool clause_opened_by(const Scan& s, const Mention& m, const lexicon::WordSet& markers) {
  auto p = s.prev_content(m.first);
  for (int n = 0; n < 4 && p; ++n) {
    const Token& t = s.tok(*p);
    if (t.after == Break::Sentence || t.after == Break::Comma) break;
    if (markers.contains(t.norm)) return true;
    p = s.prev_content(*p);
  }
  return false;
}

// "... until the cover is back on", "if the shop is called": not a statement of fact.
bool hypothetical(const Scan& s, const Mention& m) { return clause_opened_by(s, m, words().hypothetical_markers); }

// The cue opens its clause ("Lights working", "no helmet needed", "so a helmet was worn"):
// the clause then states this field; a cue deep inside another phrase ("missing handlebar
// bell" in a parts list) says less about it.
bool clause_initial(const Scan& s, const Mention& m) {
  auto p = s.prev_content(m.first);
  for (int n = 0; n < 4; ++n) {
    if (!p) return true;
    const Token& t = s.tok(*p);
    if (t.after == Break::Sentence || t.after == Break::Comma) return true;
    bool prefix = words().determiners.contains(t.norm) || words().clause_openers.contains(t.norm) ||
                  is_negation_word(t.norm) || is_auxiliary_word(t.norm);
    if (!prefix) return false;
    p = s.prev_content(*p);
  }
  return false;
}

bool own_cue_word(const Scan& s, size_t field, const Token& t);

// A negator right before a word of the field's own cues (across determiners and possessives:
// "not his head") in the sentence that starts at token `from`.
bool negates_own_word(const Scan& s, size_t from, size_t field) {
  for (size_t i = from; i < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (!t.filler && own_cue_word(s, field, t)) {
      auto p = s.prev_content(i);
      while (p && *p >= from && words().determiners.contains(s.tok(*p).norm))
        p = s.prev_content(*p);
      if (p && *p >= from && words().is_negator(s.tok(*p).norm) && s.tok(*p).after == Break::None) return true;
    }
    if (t.after == Break::Sentence) break;
  }
  return false;
}

// The answer to a yes/no question about the field ("Any falls? - No, he never went down."):
// a yes or no word opening the answer, else a negation in its first sentence, within ten words
// ("She said she pressed it and nothing happened"); nullopt when the answer settles nothing (it
// opens with an uncertain word, or the question is the last turn).
std::optional<bool> answered_polarity(const Scan& s, size_t answer, size_t field) {
  constexpr size_t kAnswerWords = 10;
  const std::string& first = s.tok(answer).norm;
  if (words().yes_words.contains(first)) return true;
  if (words().no_words.contains(first)) return false;
  if (words().uncertain_words.contains(first)) return std::nullopt;
  // "Did he hit his head? - His shoulder took it, not his head.": the answer negates the very
  // thing asked about.
  if (negates_own_word(s, answer, field)) return false;
  // "The hall does have a licence, but no, we're bringing our own.": a no after a contrast in the
  // answer's sentence is the answer.
  for (size_t i = answer; i + 1 < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (t.speaker || (i > answer && s.tok(i - 1).after == Break::Sentence)) break;
    if (const size_t contrast = marker_length(s, i, words().contrast_markers); contrast > 0) {
      const size_t nx = s.skip_fillers(i + contrast);
      if (nx < s.size() && words().no_words.contains(s.tok(nx).norm)) return false;
    }
  }
  size_t n = 0;
  bool later_clause = false;
  for (size_t i = answer; i < s.size() && n < kAnswerWords; ++i) {
    const Token& t = s.tok(i);
    if (t.filler) continue;
    ++n;
    // "Just the one, no injuries": past a comma, "no" before a noun denies another thing.
    const bool denies_other = later_clause && is_zero_quantifier(t.norm) && t.after == Break::None;
    if (is_negation_word(t.norm) && !denies_other) return false;
    if (t.after == Break::Sentence) break;
    later_clause = later_clause || t.after == Break::Comma;
  }
  return true;
}

// "I can remote in if you like.": an offer or request in the cue's sentence, which the other
// speaker answers like a question. Returns where that answer starts.
std::optional<size_t> offer_answer(const Scan& s, const Mention& m) {
  for (size_t i = sentence_start(s, m.first); i < s.size(); ++i) {
    if (marker_length(s, i, words().offer_markers) > 0) {
      for (size_t k = i; k < s.size(); ++k) {
        if (s.tok(k).after != Break::Sentence) continue;
        size_t a = s.skip_fillers(k + 1);
        if (a < s.size()) return a;
        break;
      }
      return std::nullopt;
    }
    if (s.tok(i).after == Break::Sentence) break;
  }
  return std::nullopt;
}

// "Four cartons of glassware are broken" says nothing about the seal: a one-word yes/no
// phrase from the guidelines ("'broken' -> false") said of another field's thing (its cue
// earlier in the sentence, or the word itself is its cue) belongs to that thing, unless a
// content word of the field's own cues is near ("The seal's been cut"; any such word, also one
// another field shares).
bool about_other_field(const Scan& s, size_t field, const Mention& v) {
  for (const auto& m : s.mentions_in(sentence_start(s, v.first), v.last))
    if (m.field != field && !m.is_value && word_claimed_by(s, m, v)) return true;
  return false;
}

bool own_words_near(const Scan& s, size_t field, const Mention& v) {
  constexpr size_t kBefore = 40, kAfter = 12;
  const auto& cues = s.lex.fields[field].cues;
  size_t end = std::min(s.size(), v.last + kAfter);
  for (size_t i = v.first > kBefore ? v.first - kBefore : 0; i < end; ++i) {
    if (i >= v.first && i < v.last) continue;
    const std::string& st = s.tok(i).stem;
    if (is_stopword(st)) continue;
    for (const auto& c : cues)
      if (!c.weak && std::find(c.phrase.stems.begin(), c.phrase.stems.end(), st) != c.phrase.stems.end()) return true;
  }
  return false;
}

// "I can't test the alarm" for "Fire alarm tested": a word of the field's own cues said as a
// verb before the cue word carries the negation to it, as an auxiliary does.
bool own_cue_word(const Scan& s, size_t field, const Token& t) {
  if (is_stopword(t.stem)) return false;
  for (const auto& c : s.lex.fields[field].cues)
    for (const auto& st : c.phrase.stems)
      if (!c.weak && stems_match(st, t.stem)) return true;
  return false;
}

// Where the negation that flips the cue is (so evidence can show it), or nullopt when the cue
// is affirmed.
// "the one by the kitchen exit is dead": a cue after a preposition that follows a noun of its
// clause says where that noun is; what the clause then says is about the noun, not the cue.
bool locative_modifier(const Scan& s, const Mention& m) {
  constexpr size_t kModifiers = 3;  // "the", "kitchen", ... between the preposition and the cue
  constexpr size_t kLongest = 2;    // "next to"
  const auto& preps = words().locative_prepositions;
  auto p = s.prev_content(m.first);
  for (size_t n = 0; n <= kModifiers && p; ++n) {
    if (s.tok(*p).after != Break::None) return false;
    for (size_t len = 1; len <= kLongest && len <= *p + 1; ++len) {
      size_t start = *p + 1 - len;
      if (marker_length(s, start, preps) != len) continue;
      auto head = s.prev_content(start);
      return head && s.tok(*head).after == Break::None;
    }
    if (says_number(s.tok(*p))) return false;
    p = s.prev_content(*p);
  }
  return false;
}

// "did not", "didn't", "has not": a negated auxiliary negates the verb after it even when no
// determiner follows the verb, as in note-style "Did not hit head". A bare "not" after a noun
// ("pain not assessed doctor informed") does not reach past its verb.
bool auxiliary_negation(const Scan& s, std::optional<size_t> at) {
  if (!at || !words().is_negator(s.tok(*at).norm)) return false;
  const Token& t = s.tok(*at);
  if (t.after != Break::None) return false;
  if (words().has_negator_suffix(t.norm)) return true;
  auto q = s.prev_content(*at);
  return q && s.tok(*q).after == Break::None && is_auxiliary_word(s.tok(*q).norm);
}

// "No need to come back" where "need to" is another field's cue: a cue said only in words a
// negation reaches across (lexicon negation_bridges) is no boundary for that negation.
bool said_in_bridges(const Scan& s, const Mention& a) {
  for (size_t i = a.first; i < a.last; ++i)
    if (!s.tok(i).filler && !is_auxiliary_word(s.tok(i).norm)) return false;
  return true;
}

std::optional<size_t> polarity_negative(const Scan& s, const Mention& m, size_t field) {
  // Inside the (possibly gapped) cue span: "lights are not working".
  for (size_t i = m.first; i < m.last; ++i)
    if (!s.tok(i).filler && is_negation_word(s.tok(i).norm)) return i;
  // A yes or no said right after the cue is its answer, whatever came before: in unpunctuated
  // "ppe worn no medical treatment required yes" the "no" answered the field before.
  if (size_t nx = s.skip_fillers(m.last); nx < s.size() && s.tok(m.last - 1).after != Break::Sentence) {
    if (words().yes_words.contains(s.tok(nx).norm)) return std::nullopt;
    if (words().no_words.contains(s.tok(nx).norm)) return nx;
  }
  // Before, within the clause, separated from the cue only by auxiliaries ("won't be
  // available", "no one was home"); "lights not checked, owner informed" is not negated.
  // A verb's negation reaches over the verb itself too: "he wasn't wearing a helmet", "didn't
  // have any photos" (one word before a determiner or auxiliary; "no" negates the noun after it,
  // not a verb; "pain not assessed doctor informed" negates nothing of "doctor informed").
  auto p = s.prev_content(m.first);
  bool verb_skipped = false, bridged = false;
  for (size_t n = 0; n < s.params.polarity_before && p; ++n) {
    const Token& t = s.tok(*p);
    if (t.after == Break::Sentence || t.after == Break::Comma) break;
    if (const Mention* a = s.anchor_at(*p, field, false); a && !said_in_bridges(s, *a)) break;
    if (is_negation_word(t.norm)) {
      if (verb_skipped && (!words().is_negator(t.norm) || words().nothing_openers.contains(t.norm))) break;
      return *p;
    }
    // "Nothing today needs numbing": a word for the day or the moment is no verb between.
    const bool deictic = words().day_deictics.contains(t.norm) || words().present_deictics.contains(t.norm);
    if (!deictic && !is_auxiliary_word(t.norm) && !own_cue_word(s, field, t)) {
      if (verb_skipped || is_stopword(t.norm)) break;
      if (!bridged && !auxiliary_negation(s, s.prev_content(*p))) break;
      verb_skipped = true;
    }
    bridged = bridged || is_auxiliary_word(t.norm);
    p = s.prev_content(*p);
  }
  // After, within the clause; a negation right before another field's cue belongs to it.
  size_t i = m.last;
  if (m.last > 0 && (s.tok(m.last - 1).after == Break::Sentence)) return std::nullopt;
  // A clause-opening cue is the subject: its predicate may come later ("the bell on the
  // handlebar is actually missing").
  size_t window = clause_initial(s, m) && s.tt.cased ? 8 : s.params.polarity_after;
  for (size_t n = 0; n < window && i < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (t.filler) continue;
    if (const Mention* a = s.anchor_at(i, field, true); a && !locative_modifier(s, *a)) break;
    ++n;
    if (is_affirmation_word(t.norm)) return std::nullopt;
    // "police report number two zero two six": a zero among other digits is one of them.
    if (is_number_word(t.norm) &&
        ((i > 0 && says_number(s.tok(i - 1))) || (i + 1 < s.size() && says_number(s.tok(i + 1))))) {
      if (t.after == Break::Sentence || t.after == Break::Comma) break;
      continue;
    }
    if (is_negation_word(t.norm)) {
      // ... unless the sentence ends with it ("Injuries: no. Police called: yes.").
      size_t nx = s.skip_fillers(i + 1);
      if (t.after != Break::Sentence && nx < s.size() && s.anchor_at(nx, field, true)) break;
      // "Seals not broken", "none broken": a negation of a word of absence or failure affirms.
      if (t.after == Break::None && nx < s.size() && words().is_negator(t.norm) &&
          words().negative_states.contains(s.tok(nx).norm))
        return std::nullopt;
      return i;
    }
    if (t.after == Break::Sentence || t.after == Break::Comma) break;
  }
  return std::nullopt;
}
// "No battery, right?": a negative statement asked back with a tag; a yes confirms the negative.
bool negative_tag_question(const Scan& s, const Mention& m, size_t field) {
  constexpr size_t kReach = 12;
  for (size_t k = m.last; k < s.size() && k < m.last + kReach; ++k) {
    if (!s.tok(k).question) {
      if (s.tok(k).after == Break::Sentence) return false;
      continue;
    }
    return k >= m.last && words().question_tags.contains(s.tok(k).norm) && polarity_negative(s, m, field).has_value();
  }
  return false;
}

// "We can just drop off, you won't need staff? - Drop-off's fine.": a negative statement asked
// back as a question (its clause opens with its subject, not with a verb or a question word);
// a yes confirms the negative, as after a tag.
bool negative_statement_question(const Scan& s, const Mention& m, size_t field) {
  size_t start = m.first;
  while (start > 0 && s.tok(start - 1).after == Break::None && !s.tok(start - 1).speaker) --start;
  start = s.skip_fillers(start);
  if (start >= m.first || !words().subject_pronouns.contains(s.tok(start).norm)) return false;
  auto negator = polarity_negative(s, m, field);
  return negator && *negator < m.first;  // "He's castrated, isn't he?" is a tag, not a negative
}

// "Battery fitted? - No, the battery's phase two.": the field's cue in the first sentence of the
// answer to a question about the same field is part of that answer, whose yes or no decides it.
bool in_answer_to_own_question(const Scan& s, const Mention& m, size_t field) {
  size_t start = sentence_start(s, m.first);
  while (start > 0 && s.tok(start - 1).speaker) --start;  // "Installer:" opens the answer
  if (start == 0 || !s.tok(start - 1).question) return false;
  for (const auto& q : s.mentions_in(sentence_start(s, start - 1), start))
    if (q.field == field && !q.is_value) return true;
  return false;
}

// "questions about on-call": an option word joined by a hyphen to a word outside the match is
// part of a compound ("on-call" is no "call"), not the option said.
bool part_of_compound(const Scan& s, const Mention& m) {
  auto hyphen_between = [&](size_t a, size_t b) {
    return s.tt.text.substr(s.tok(a).end, s.tok(b).begin - s.tok(a).end) == "-";
  };
  return (m.first > 0 && hyphen_between(m.first - 1, m.first)) ||
         (m.last < s.size() && hyphen_between(m.last - 1, m.last));
}

// "Zoom", "Teams": an option alias written as a name matches only a capitalized word in a
// cased transcript ("which this team isn't" says nothing about Teams).
bool name_alias_in_lowercase(const Scan& s, const Mention& m) {
  const std::string& written = m.value->phrase.text;
  if (!s.tt.cased || written.empty() || m.value->phrase.stems.size() != 1) return false;
  if (!std::isupper(static_cast<unsigned char>(written[0]))) return false;
  if (std::none_of(written.begin() + 1, written.end(), [](char ch) { return std::islower(static_cast<unsigned char>(ch)); }))
    return false;  // all capitals: an abbreviation, compared as written elsewhere
  const std::string& raw = s.tok(m.first).raw;
  return !raw.empty() && std::islower(static_cast<unsigned char>(raw[0]));
}

// "I'm accepting it, with the breakage noted" for the options "accepted" and "accepted with
// exceptions" (alias "accepting with the breakage noted"): a longer phrase of the field that
// starts with the matched one and whose other content words follow within a few words, in
// order, in the same sentence and with no negation among them, is the more precise answer.
// Returns it and the token after its last word.
std::optional<std::pair<const ValuePhrase*, size_t>> longer_phrase(const Scan& s, size_t field, const Mention& m) {
  constexpr size_t kReach = 6;
  const auto& said = m.value->phrase.stems;
  std::optional<std::pair<const ValuePhrase*, size_t>> best;
  size_t best_words = 0;
  for (const auto& v : s.lex.fields[field].values) {
    const auto& st = v.phrase.stems;
    if (v.value.is_null() || st.size() <= said.size() || !std::equal(said.begin(), said.end(), st.begin())) continue;
    size_t i = m.last, seen = 0, found = 0, needed = 0;
    bool ok = m.last > 0 && s.tok(m.last - 1).after != Break::Sentence;
    for (size_t k = said.size(); k < st.size() && ok; ++k) {
      if (is_stopword(st[k])) continue;
      ++needed;
      ok = false;
      if (i > m.last && s.tok(i - 1).after == Break::Sentence) break;
      for (; i < s.size() && seen < kReach; ++i) {
        const Token& t = s.tok(i);
        if (t.filler) continue;
        ++seen;
        if (is_negation_word(t.norm)) break;
        if (t.stem == st[k]) {
          ok = true;
          ++found;
          ++i;
          break;
        }
        if (t.after == Break::Sentence) break;
      }
    }
    if (!ok || needed == 0 || found <= best_words) continue;
    best_words = found;
    best = std::make_pair(&v, i);
  }
  return best;
}
}  // namespace

std::vector<FieldCandidate> read_enum_field(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  for (const auto& m : s.mentions) {
    if (m.field != field || !m.is_value || m.value->value.is_null()) continue;
    // "Let's bring him on-site for the panel": a plan or a condition is not what happened.
    if (negated_option(s, m) || name_alias_in_lowercase(s, m) || part_of_compound(s, m) || hypothetical(s, m) ||
        clause_opened_by(s, m, words().plan_markers))
      continue;
    bool cue_near = own_cue_before(s, field, m.first) || own_cue_after(s, field, m.last);
    double score = m.strength * kBareOption + (cue_near ? kCueBonus : 0.0);
    bool weak_word = m.value->phrase.stems.size() == 1 && is_stopword(m.value->phrase.stems[0]);
    if ((contested(s, m) || weak_word) && !cue_near) continue;
    FieldCandidate c;
    c.value = m.value->value;
    c.first = m.first;
    c.last = m.last;
    c.cue_first = m.first;
    if (auto longer = longer_phrase(s, field, m)) {
      c.value = longer->first->value;
      c.last = longer->second;
    }
    for (const auto& q : s.mentions_in(m.first > kMentionReach ? m.first - kMentionReach : 0, m.first))
      if (q.field == field && !q.is_value && q.last <= m.first && m.first - q.last <= kCueDistance) c.cue_first = q.first;
    c.score = score;
    out.push_back(c);
  }
  return out;
}

// Where a word of good order (lexicon fine_states) is said of the cue's thing, in its clause
// within a few words after it ("Frame's fine", "Frame and rack look okay?"). Of a field that
// records a problem ("Frame damage") it turns yes into no.
std::optional<size_t> fine_state_after(const Scan& s, const Mention& m) {
  constexpr size_t kWords = 4;
  if (s.tok(m.last - 1).after != Break::None) return std::nullopt;  // "no flies, good": good of the absence
  for (size_t i = m.last, n = 0; i < s.size() && n < kWords; ++i) {
    const Token& t = s.tok(i);
    if (t.filler) continue;
    if (words().fine_states.contains(t.norm)) return i;
    if (t.speaker || t.after == Break::Sentence || t.after == Break::Comma) break;
    ++n;
  }
  return std::nullopt;
}

std::vector<FieldCandidate> read_boolean_field(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  for (const auto& m : s.mentions) {
    if (m.field != field) continue;
    FieldCandidate c;
    c.first = m.first;
    c.last = m.last;
    c.cue_first = m.first;
    if (m.is_value) {
      if (m.value->value.is_null()) continue;
      if (m.value->phrase.stems.size() == 1 && about_other_field(s, field, m) && !own_words_near(s, field, m)) continue;
      c.value = m.value->value;
      c.score = m.strength;
      // "no hazmat placards": a phrase that means yes, negated right before it, says no; "none
      // broken" for "'broken' -> false" says yes, as the phrase says a failure (lexicon
      // negative_states) that is negated. A negated alternative ("no safe place on file" for
      // "left in a safe place -> false") says nothing of the field.
      if (c.value.is_boolean() && negated_option(s, m)) {
        if (c.value.get<bool>()) c.value = false;
        else if (says_failure(m)) c.value = true;
      }
    } else {
      if (m.cue->kind == CueKind::Unit || m.cue->weak || locative_modifier(s, m)) continue;
      // "Okay if I remote in?": a question or an offer is read before the "if" that makes a
      // statement hypothetical, since its answer states the fact.
      auto offered = s.in_question(m.first) ? std::nullopt : offer_answer(s, m);
      if (!offered && hypothetical(s, m) && !s.in_question(m.first)) continue;
      if (s.in_question(m.first) || offered) {
        // A question states nothing; its answer does (none: the question is the last word).
        auto a = offered ? offered : s.answer_after(m.first);
        if (!a) continue;
        auto yes = answered_polarity(s, *a, field);
        if (yes && (negative_tag_question(s, m, field) || negative_statement_question(s, m, field))) {
          if (!*yes) continue;  // "No battery, right? - No." agrees or denies: unclear
          yes = false;
        }
        if (!yes) continue;
        if (s.lex.fields[field].records_problem && fine_state_after(s, m)) yes = !*yes;  // "look okay? - Yeah"
        c.value = *yes;
        c.score = m.strength * 0.8;
        c.last = std::max(c.last, *a + 1);
        out.push_back(c);
        continue;
      }
      if (in_answer_to_own_question(s, m, field)) continue;
      auto negator = polarity_negative(s, m, field);
      c.value = !negator.has_value();
      // "Frame's fine" says there is no frame damage; "the frame's not fine" that there is.
      if (auto fine = s.lex.fields[field].records_problem ? fine_state_after(s, m) : std::nullopt)
        c.value = negator && *negator >= m.last && *negator < *fine;
      if (negator) {  // the evidence shows what decided the value: "Not pregnant"
        c.cue_first = std::min(c.cue_first, *negator);
        c.last = std::max(c.last, *negator + 1);
      }
      c.score = m.strength * 0.85 * (clause_initial(s, m) ? 1.0 : 0.7);
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace invox::rules
