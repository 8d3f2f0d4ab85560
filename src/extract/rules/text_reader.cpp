#include "extract/rules/text_reader.hpp"

#include <algorithm>
#include <cctype>

#include "extract/rules/corrections.hpp"
#include "extract/rules/doctor_introductions.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/list_cue_scope.hpp"
#include "extract/rules/proper_names.hpp"
#include "extract/rules/readback_lists.hpp"
#include "extract/rules/speaker_roles.hpp"
#include "extract/rules/spoken_codes.hpp"
#include "extract/rules/text_values.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
constexpr double kTextFactor = 0.85;
constexpr double kNameBackFactor = 0.7;
constexpr size_t kCodeTokens = 16;  // a code spelled piece by piece ("B U S three zero one one")

// Whether token i lies inside a cue or value mention of a field other than `field`.
bool in_other_mention(const Scan& s, size_t i, size_t field) {
  const size_t from = i >= 8 ? i - 8 : 0;
  for (const auto& o : s.mentions_in(from, i + 1))
    if (o.field != field && o.first <= i && i < o.last) return true;
  return false;
}

// "No inspector present" negates the cue; in "the line was not stopped inspector James" the
// "not" belongs to another field's words ("stopped") and does not reach past them.
// Beyond the word right before the cue, the negation reaches across auxiliaries and
// determiners only: "She doesn't need any first aid".
bool negated_before(const Scan& s, const Mention& m) {
  constexpr int kReach = 4;
  auto p = s.prev_content(m.first);
  for (int n = 0; n < kReach && p; ++n) {
    const Token& t = s.tok(*p);
    if (t.after == Break::Sentence) break;
    if (words().is_negator(t.norm)) return true;
    if (in_other_mention(s, *p, m.field)) break;
    if (n > 0 && !is_auxiliary_word(t.norm)) break;
    p = s.prev_content(*p);
  }
  return false;
}

// "Guest complaint log.", "Incident report for ...": a cue right before a word for the
// document names the document, not a value.
bool names_document(const Scan& s, const Mention& m) {
  if (m.last >= s.size() || s.tok(m.last - 1).after != Break::None) return false;
  return words().document_words.contains(s.tok(m.last).norm);
}

std::optional<FieldCandidate> read_person_backward(const Scan& s, const Mention& m, size_t field) {
  // "Kim Ode will stand in for me": the name right before the cue (and an auxiliary verb);
  // "I'm Ines, the duty manager": a name in apposition, set off by a comma.
  auto p = s.prev_content(m.first);
  bool apposition = false;
  if (p && words().determiners.contains(s.tok(*p).norm) && s.tok(*p).after == Break::None) {
    p = s.prev_content(*p);
    apposition = true;
  }
  while (!apposition && p && words().auxiliary_verbs.contains(s.tok(*p).norm))
    p = s.prev_content(*p);
  if (!p || !s.tt.cased) return std::nullopt;
  const Token& before = s.tok(*p);
  if (apposition ? before.after != Break::Comma || before.colon_after : before.after != Break::None)
    return std::nullopt;
  size_t last = *p + 1;
  size_t first = last;
  while (p && s.tok(*p).capitalized && !is_stopword(s.tok(*p).norm) && last - *p <= 3) {
    if (s.anchor_at(*p, field, true)) break;
    first = *p;
    auto q = s.prev_content(*p);
    if (!q || s.tok(*q).after == Break::Sentence || s.tok(*q).after == Break::Comma) break;
    p = q;
  }
  if (first == last) return std::nullopt;
  // The run is a name by the same tests as a name after its cue ("Four users" is a count).
  auto c = read_person_at(s, field, first, last);
  if (!c) return std::nullopt;
  c->cue_first = c->first;
  c->score = m.strength * kNameBackFactor;
  return c;
}

// "for the payroll specialist role": a cue that ends a noun phrase names the words between the
// determiner and itself, when nothing after it is its value.
std::optional<FieldCandidate> read_phrase_backward(const Scan& s, const Mention& m, size_t field) {
  constexpr size_t kPhraseWords = 4;
  constexpr double kBackFactor = 0.8;
  size_t first = m.first;
  for (auto p = s.prev_content(m.first); p && m.first - *p <= kPhraseWords; p = s.prev_content(*p)) {
    const Token& t = s.tok(*p);
    if (t.after != Break::None || t.speaker) break;
    if (words().determiners.contains(t.norm)) {
      if (first == m.first) break;
      auto c = text_span(s, field, first, m.first);
      if (!c) break;
      c->cue_first = first;
      c->score = m.strength * kTextFactor * kBackFactor;
      return c;
    }
    if ((s.tt.cased && t.capitalized) || t.has_digit || is_stopword(t.norm) || is_linking_word(t.norm) ||
        is_number_word(t.norm) || s.anchor_at(*p, field, true))
      break;
    first = *p;
  }
  return std::nullopt;
}

// The value read before a cue when none follows it: a person's name ("Kim Ode will stand in")
// or, for other text, the noun phrase the cue ends.
std::optional<FieldCandidate> read_before_cue(const Scan& s, const Mention& m, size_t field) {
  if (s.lex.fields[field].person_name) return read_person_backward(s, m, field);
  return read_phrase_backward(s, m, field);
}

// The answer opens with the speaker pointing at themself ("That's me", "Me."): the token after
// that word, where their name may follow.
std::optional<size_t> self_reference(const Scan& s, size_t start) {
  constexpr size_t kOpening = 3;
  size_t n = 0;
  for (size_t i = start; i < s.size() && n < kOpening; ++i) {
    if (s.tok(i).filler) continue;
    ++n;
    if (words().self_reference_words.contains(s.tok(i).norm)) return s.skip_fillers(i + 1);
  }
  return std::nullopt;
}

// "Who's got the bay four patient?": a question whose "who" is followed by a verb of its own (or
// one of having) asks for the one who does it; the cue after it is the verb's object, not whom
// the answer names. "Who's your fire warden?" and "Who's the lead applicant?" ask for the cue's
// person.
bool asks_who_acts_on(const Scan& s, const Mention& m) {
  const size_t start = sentence_start(s, m.first);
  for (size_t i = start; i < m.first; ++i) {
    if (!is_who_word(s.tok(i).norm)) continue;
    const size_t next = s.skip_fillers(i + 1);
    if (next >= m.first) return false;
    const std::string& w = s.tok(next).norm;
    return words().possession_verbs.contains(w) ||
           (!words().determiners.contains(w) && !is_linking_word(w) && !is_stopword(w));
  }
  return false;
}

// "Who's your fire warden? - That's me, Odalys Verhoeven.": the answer to a question that
// names the field. A bare "yes" confirms the value said in the question itself instead.
std::optional<FieldCandidate> read_text_answer(const Scan& s, const Mention& m, size_t field) {
  constexpr double kAnswerFactor = 0.9;
  if (s.lex.fields[field].person_name && asks_who_acts_on(s, m)) return std::nullopt;
  auto a = s.answer_after(m.first);
  // "Yes." confirms; "Yeah, Marisol Quintero." gives the value after the yes.
  if (!a || (words().yes_words.contains(s.tok(*a).norm) && s.tok(*a).after != Break::Comma)) return std::nullopt;
  size_t start = s.skip_answer_opener(*a);
  if (start >= s.size()) return std::nullopt;
  const FieldLexicon& fl = s.lex.fields[field];
  std::optional<FieldCandidate> c;
  if (fl.code_like) {
    if (auto code = read_code(s, start, s.region_end(start, field, false, kCodeTokens), 5, fl))
      c = code_candidate(*code, 1.0);
  } else if (auto self = self_reference(s, start); self && *self < s.size()) {
    // "That's me, Odalys Verhoeven": the speaker answers with their own name.
    c = read_person_at(s, field, *self, s.region_end(*self, field, false, s.params.text_max_tokens));
    if (!c) return std::nullopt;
  } else if (fl.person_name) {
    auto span = read_phrase(s, field, start, false);
    // "How will you start? - Half a tablet ...": capitalized only because it opens the answer.
    if (span && span->first <= start + 4 && !sentence_opener_only(s, span->first, span->last)) c = span;
  } else {
    c = read_phrase(s, field, start, true);
  }
  if (!c) return std::nullopt;
  c->score = m.strength * kTextFactor * kAnswerFactor;
  c->cue_first = m.first;
  return c;
}

// "for the graduate engineer post, and you're down as ...": the cue ends its clause and the
// next clause opens with a joiner, so nothing after the cue is its value.
bool clause_ends_after(const Scan& s, const Mention& m) {
  if (s.tok(m.last - 1).after != Break::Comma || s.tok(m.last - 1).colon_after) return false;
  size_t next = s.skip_fillers(m.last);
  return next < s.size() && (words().clause_openers.contains(s.tok(next).norm) ||
                             words().list_enders.contains(s.tok(next).norm));
}

// Tokens [first, i) hold a list boundary: a clause break or a list joiner.
bool past_first_item(const Scan& s, size_t first, size_t i) {
  for (size_t k = first; k < i; ++k)
    if (s.tok(k).after != Break::None || marker_length(s, k, words().list_joiners) > 0) return true;
  return false;
}

// "no concerns at all": the cue says the list is empty, which is not part of an item.
bool says_none(const Scan& s, const Mention& m) {
  if (words().nothing_openers.contains(s.tok(m.first).norm)) return true;
  auto p = s.prev_content(m.first);
  return p && words().nothing_openers.contains(s.tok(*p).norm);
}

// In a cased transcript a cue word capitalized inside a run of capitalized words is part of a
// name ("a pharmacist at Harbourview Drugs", "Swiftway Couriers"), not a label.
bool inside_name(const Scan& s, const Mention& m) {
  if (!s.tt.cased || !s.tok(m.first).capitalized) return false;
  auto p = s.prev_content(m.first);
  if (!p) return false;
  const Token& t = s.tok(*p);
  // "I'm Inspector Ruiz", "Okay Inspector": capitalized words that start no name.
  bool word_of_name = t.norm.find('\'') == std::string::npos && !is_stopword(t.norm) &&
                      !words().subject_pronouns.contains(t.norm) && !words().greetings.contains(t.norm);
  return t.capitalized && t.after == Break::None && !t.speaker && word_of_name;
}

// A cue said as a lone negator ("not") is never a label: "I'm not living here" names nothing.
bool negator_cue(const Scan& s, const Mention& m) {
  return m.last == m.first + 1 && is_negation_word(s.tok(m.first).norm);
}

// A digit, written or said ("LX74", "L X seven four"), is among the value's words.
bool says_digits(const Scan& s, const FieldCandidate& c) {
  for (size_t i = c.first; i < c.last && i < s.size(); ++i)
    if (says_number(s.tok(i))) return true;
  return false;
}

// "the finishers in shed 4": a one-word cue of a place field said with nothing but a number
// after it is the first word of the place's name, not a label ("Location: 4" has its colon).
bool names_numbered_place(const Scan& s, const Mention& m, const FieldCandidate& value) {
  if (m.last != m.first + 1 || value.first != m.last || value.last != value.first + 1) return false;
  const Token& cue = s.tok(m.first);
  return cue.after == Break::None && !cue.colon_after && says_number(s.tok(value.first));
}

// Characters of the last group of a code said in groups ("oh two one, four four seven, eight eight
// three nine": 4), one per spoken digit; 0 when it was not said in groups.
size_t last_group_size(const Scan& s, const FieldCandidate& c) {
  size_t size = 0;
  for (size_t i = c.last; i-- > c.first;) {
    const Token& t = s.tok(i);
    if (i + 1 < c.last && t.after == Break::Comma) return size;
    if (t.filler) continue;
    if (t.has_digit) size += t.raw.size();
    else if (words().digit_words.index_of(t.norm) || words().spoken_zero.contains(t.norm)) ++size;
    else return 0;
  }
  return 0;
}

// "three one two... no wait, it's three two one at the end": a correction followed by a tail
// marker (lexicon tail_markers), or one as long as the last of the groups the code was said in
// ("eight eight three nine, no sorry, eight eight three one"), replaces only the code's last
// characters.
FieldCandidate with_corrected_tail(const Scan& s, const FieldCandidate& before, FieldCandidate after) {
  if (!after.corrected || !before.value.is_string() || !after.value.is_string()) return after;
  const std::string& whole = before.value.get_ref<const std::string&>();
  const std::string& tail = after.value.get_ref<const std::string&>();
  if (tail.empty() || tail.size() >= whole.size()) return after;
  if (!marker_length(s, s.skip_fillers(after.last), words().tail_markers) && last_group_size(s, before) != tail.size())
    return after;
  after.value = whole.substr(0, whole.size() - tail.size()) + tail;
  after.first = before.first;
  return after;
}

// "Plate L X seven four, no, L X seven three F K M", "It's N S four eight two... sorry, N S four
// eight three": a code, or a value with digits in it (a plate, a reference), is corrected by
// the next value of its kind.
std::optional<FieldCandidate> corrected_code(const Scan& s, size_t field, const FieldCandidate& c) {
  const FieldLexicon& fl = s.lex.fields[field];
  if (fl.code_like) {
    ValueReader reader = [&](size_t i, size_t e) -> std::optional<FieldCandidate> {
      auto r = read_code(s, i, std::max(e, s.region_end(i, field, false, kCodeTokens)), 3, fl);
      if (!r) return std::nullopt;
      return code_candidate(*r, c.score);
    };
    return with_corrected_tail(s, c, apply_corrections(s, field, c, reader));
  }
  if (!says_digits(s, c)) return c;
  ValueReader reader = [&](size_t i, size_t) -> std::optional<FieldCandidate> {
    auto r = read_phrase(s, field, i, false);
    if (!r || !says_digits(s, *r)) return std::nullopt;
    r->score = c.score;
    return r;
  };
  return with_corrected_tail(s, c, apply_corrections(s, field, c, reader));
}

// "It's R A four four seven one nine two" for an "RA number" whose codes hold letters: the
// acronym said letter by letter runs straight into the digits, so it opens the code.
bool cue_opens_code(const Scan& s, const Mention& m) {
  return m.cue->opens_code && m.last < s.size() && s.tok(m.last - 1).after == Break::None &&
         says_number(s.tok(m.last));
}

std::optional<FieldCandidate> read_one(const Scan& s, const Mention& m, size_t field) {
  const FieldLexicon& fl = s.lex.fields[field];
  if (auto answered = read_text_answer(s, m, field)) return corrected_code(s, field, *answered);
  if (m.cue->kind != CueKind::Inclusive && !fl.code_like && clause_ends_after(s, m))
    return read_before_cue(s, m, field);
  size_t start = m.cue->kind == CueKind::Inclusive ? m.first : m.last;
  if (fl.code_like) {
    // "Tag on the monitor is D S P one one zero seven": another field's option word before the
    // code does not end the search; only a cue does.
    if (cue_opens_code(s, m)) start = m.first;
    size_t end = s.region_end(start, field, false, kCodeTokens, false);
    auto code = read_code(s, start, end, m.cue->weak ? 1 : 5, fl);
    if (!code) return std::nullopt;
    FieldCandidate c = code_candidate(*code, m.strength * 0.95);
    c.cue_first = m.first;
    return corrected_code(s, field, c);
  }
  if (m.cue->kind != CueKind::Inclusive && s.tok(m.last - 1).after == Break::Sentence)
    return read_before_cue(s, m, field);
  if (m.cue->kind != CueKind::Inclusive) start = s.past_label_colon(start);
  auto span = read_phrase(s, field, start, m.cue->weak);
  if (!span) return fl.person_name ? read_person_backward(s, m, field) : std::nullopt;
  if (fl.place_like && names_numbered_place(s, m, *span)) {
    if (auto whole = text_span(s, field, m.first, span->last)) span = whole;
  }
  span->score = m.strength * kTextFactor;
  span->cue_first = m.first;
  return corrected_code(s, field, *span);
}

// "Plate 1600 kg": digits followed by a unit are a measurement, never a name or a reference.
bool measurement(const Scan& s, const FieldCandidate& c) {
  return c.value.is_string() && util::all_digits(c.value.get<std::string>()) && c.last < s.size() &&
         is_unit_word(s.tok(c.last).norm);
}
}  // namespace

std::vector<FieldCandidate> read_text_field(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  for (const auto& m : s.mentions) {
    if (m.field != field || m.is_value || m.cue->kind == CueKind::Unit) continue;
    if (!m.bounds || negated_before(s, m) || negator_cue(s, m) || inside_name(s, m) || names_document(s, m))
      continue;  // not a label
    if (auto c = read_one(s, m, field); c && !measurement(s, *c)) out.push_back(*c);
  }
  for (auto& c : value_phrase_candidates(s, field)) out.push_back(std::move(c));
  return out;
}

namespace {
// "a cut under her chin", "bump on his forehead": a one-word alias (a kind of item, not the
// field's own label word: "damage to the trunk" lists the trunk) followed by where it is is the
// first item itself, not a label before the list.
bool cue_names_first_item(const Scan& s, const Mention& m, size_t field) {
  if (m.last - m.first != 1 || s.tok(m.first).after != Break::None || s.tok(m.first).colon_after) return false;
  if (m.last >= s.size() || s.tok(m.last).filler) return false;
  const Field& f = *s.lex.fields[field].field;
  for (const auto& t : tokenize(f.label + " " + util::join(util::split(f.id, '_'), " ")).tokens)
    if (stems_match(t.stem, s.tok(m.first).stem)) return false;
  return words().item_place_prepositions.contains(s.tok(m.last).norm);
}
}  // namespace

std::vector<FieldCandidate> read_list_field(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  // "What have you tried? - I restarted it, and I tried the reset page.": a cue word inside a
  // later item of the answer to a question about the list is part of that item, not the label
  // of a new list. Outside answers a later cue may restate the list ("allergic to X, so
  // allergies are Y and X"), and in the first item it may be the better label.
  size_t answer_from = 0;
  size_t answer_until = 0;
  for (const auto& m : s.mentions) {
    if (m.field != field || m.is_value || m.cue->kind == CueKind::Unit) continue;
    if (m.first < answer_until && past_first_item(s, answer_from, m.first) && !says_none(s, m)) continue;
    if (!m.bounds || negated_before(s, m) || negator_cue(s, m) || names_document(s, m) || said_of_other_field(s, m) ||
        in_plan(s, m))
      continue;  // not a label, negated, or not about what was done
    size_t start = m.cue->kind == CueKind::Inclusive ? m.first : m.last;
    // "Any symptoms? - Headache, and some nausea.": a question's list is its answer.
    double factor = 1.0;
    if (auto a = s.answer_after(m.first); a && m.cue->kind != CueKind::Inclusive) {
      // "... and shots? - Yes. And honestly he's fine": a bare yes or no lists nothing.
      const Token& opener = s.tok(*a);
      if ((words().yes_words.contains(opener.norm) || words().no_words.contains(opener.norm)) &&
          opener.after == Break::Sentence)
        continue;
      start = s.skip_answer_opener(*a);
      factor = 0.9;
    } else if (m.cue->kind != CueKind::Inclusive && s.tok(m.last - 1).after == Break::Sentence) {
      continue;
    } else if (cue_names_first_item(s, m, field)) {
      start = m.first;
    } else if (m.cue->kind != CueKind::Inclusive) {
      start = s.past_label_colon(start);
    }
    auto items = read_items(s, field, start);
    if (!items) continue;
    items->score = m.strength * kTextFactor * factor;
    items->cue_first = m.first;
    if (factor < 1.0) {
      answer_from = items->first;
      answer_until = items->last;
    }
    out.push_back(*items);
  }
  // "Okay, so I'll put down ear ache and fever.": a list read back as it is written down.
  for (auto& c : read_readback_lists(s, field, !out.empty()))
    out.push_back(std::move(c));
  return out;
}

std::vector<FieldCandidate> read_place_phrase(const Scan& s, size_t field) {
  constexpr double kPlaceScore = 0.5;
  // A building's name is a proper name: lowercase words after "at" are somewhere else in it.
  if (s.lex.fields[field].building_name && !s.tt.cased) return {};
  Field time_field;
  time_field.type = FieldType::Time;
  Field date_field;
  date_field.type = FieldType::Date;
  for (size_t i = 0; i + 1 < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (t.filler) continue;
    // "at Carver Ridge", "Welcome to Kauri Point Retirement Village".
    const size_t opener = words().place_prepositions.contains(t.norm) ? 1 : marker_length(s, i, words().place_welcomes);
    if (opener == 0 || s.tok(i + opener - 1).after != Break::None) continue;
    size_t from = s.skip_fillers(i + opener);
    while (from < s.size() && words().determiners.contains(s.tok(from).norm)) ++from;
    if (from >= s.size()) break;
    const std::string& w = s.tok(from).norm;
    if (words().not_place_words.contains(w) || is_stopword(w) || is_linking_word(w)) continue;
    // "better than we got in January": a month or a weekday is a time, not a place.
    if (words().month_names.index_of(w) || words().weekday_names.index_of(w)) continue;
    // In a cased transcript a place named without a label is a proper name or an address
    // ("at Carver Ridge", "at 12 Elm Road"): "at the wall inside" is not one.
    if (s.tt.cased && !s.tok(from).capitalized && !s.tok(from).has_digit) continue;
    size_t end = s.region_end(from, field, true, 7);
    // A time or date that fills most of the phrase is not a place.
    bool temporal = false;
    for (const Field* tf : {&time_field, &date_field}) {
      auto c = s.parse_typed(from, end, *tf);
      if (c && (c->last - from) * 10 >= (end - from) * 6) temporal = true;
    }
    if (temporal) continue;
    auto c = read_phrase(s, field, from, false);
    if (!c) continue;
    // "at Larkfield House" is no street: a street's name ends with a street word.
    if (s.lex.fields[field].street_name && !words().street_words.contains(s.tok(c->last - 1).norm)) continue;
    // "in the Marlowe Tower lobby": a building's name is its capitalized words.
    if (s.lex.fields[field].building_name) {
      size_t name_end = c->first;
      while (name_end < c->last && s.tok(name_end).capitalized) ++name_end;
      if (name_end == c->first) continue;
      if (name_end < c->last) c = text_span(s, field, c->first, name_end);
      if (!c) continue;
    }
    c->score = kPlaceScore;
    c->cue_first = i;
    return {*c};
  }
  return {};
}

namespace {
// "License? - Here. - Tobias Kettleman.": a full name said as a sentence of its own is read
// off a card or given as an answer; the form's subject is the likeliest owner.
std::vector<FieldCandidate> read_name_alone(const Scan& s, size_t field) {
  constexpr double kAloneScore = 0.5;
  if (!s.tt.cased) return {};
  // With this field's role among the labelled speakers, a name said alone in another role's
  // turn ("Officer: Can I take your name? Witness: Florentyna Basak.") is that speaker's.
  const bool role_labelled = field_has_labelled_speaker(s, field);
  for (size_t i = s.skip_fillers(0); i < s.size(); i = s.skip_fillers(i + 1)) {
    auto p = s.prev_content(i);
    if (p && s.tok(*p).after != Break::Sentence) continue;  // sentence starts only
    // "- Yeah, Pieter Halvorsen.", "- Hi, Marcus Lindqvist. Sorry we're late": a yes or a
    // greeting before the name still opens the sentence, and then the name may also be set off
    // by where its owner is from ("Yep, Travis Beaulieu, Summit Aerial.").
    const bool opener = s.tok(i).after == Break::Comma &&
                        (words().yes_words.contains(s.tok(i).norm) || words().greetings.contains(s.tok(i).norm));
    // With this field's role labelled, an opened turn is read by `read_role_names`.
    if (opener && role_labelled) continue;
    // "- Yep, Danielle Okafor.": a person says who they are; an animal's name is said of it.
    if (opener && s.lex.fields[field].animal_name) continue;
    size_t opens = opener ? s.skip_fillers(i + 1) : i;
    if (opens >= s.size()) break;
    auto c = read_person_at(s, field, opens, s.region_end(opens, field, false, s.params.name_max_tokens + 1));
    // "Mrs Edwina Clatworthy.": a title before the name still opens the sentence.
    while (c && opens < c->first && is_rank_word(s.tok(opens).norm)) opens = s.skip_fillers(opens + 1);
    if (!c || c->first != opens || c->last - c->first < 2) continue;
    if (s.tok(c->last - 1).after != Break::Sentence && !(opener && name_set_off(s, c->last))) continue;
    if (words().organisation_heads.contains(s.tok(c->last - 1).norm)) continue;  // "Bluepeak Logistics."
    if (role_labelled && answers_name_question_as_other_role(s, c->first, field)) continue;
    c->score = kAloneScore;
    c->cue_first = c->first;
    return {*c};
  }
  return {};
}
}  // namespace

namespace {
// "the form's for Jaden Whitlow", "the report is for ...": "for" after a word for the document.
bool after_document_word(const Scan& s, size_t i) {
  auto p = s.prev_content(i);
  if (p && is_linking_word(s.tok(*p).norm)) p = s.prev_content(*p);
  if (!p || s.tok(*p).after != Break::None) return false;
  std::string w = s.tok(*p).norm;
  if (w.ends_with("'s")) w.resize(w.size() - 2);
  return words().document_words.contains(w);
}

// Another field of the template holds an organisation's staff member.
bool staff_field_other_than(const Scan& s, size_t field) {
  for (size_t g = 0; g < s.lex.fields.size(); ++g)
    if (g != field && names_organisation_staff(s.lex.fields[g])) return true;
  return false;
}
}  // namespace

std::vector<FieldCandidate> read_affiliated_name(const Scan& s, size_t field) {
  constexpr double kAffiliatedScore = 0.65;
  if (!names_organisation_staff(s.lex.fields[field])) return {};
  for (size_t i = 0; i + 1 < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    const size_t n = marker_length(s, i, words().self_introductions);
    if (n == 0) continue;
    const size_t from = s.skip_fillers(i + n);
    auto c = read_person_at(s, field, from, s.region_end(from, field, false, 6));
    if (!c || !followed_by_organisation(s, c->last)) continue;
    c->score = kAffiliatedScore;
    c->cue_first = i;
    return {*c};
  }
  return {};
}

std::vector<FieldCandidate> read_subject_name(const Scan& s, size_t field) {
  constexpr double kIntroScore = 0.7;
  constexpr double kForScore = 0.6;
  constexpr size_t kOpening = 14;  // tokens in which "<form> for <Name>" may occur
  std::vector<FieldCandidate> out;
  // When a turn is labelled with this field's role, its own introductions were read by
  // `read_role_names`; any other introduction is another speaker's ("Nurse: It's Colleen").
  if (field_has_labelled_speaker(s, field)) return read_name_alone(s, field);
  for (size_t i = 0; i + 1 < s.size(); ++i) {
    const Token& t = s.tok(i);
    if (t.filler) continue;
    double score = 0.0;
    size_t from = s.skip_fillers(i + 1);
    if (size_t n = marker_length(s, i, words().self_introductions)) {
      if (turn_names_other_person_field(s, i, field)) continue;  // "Nurse: I'm Priya" is the nurse
      if (introduces_doctor_of_other_field(s, i, field)) continue;  // "I'm Dr. Okafor" is the dentist
      score = kIntroScore;
      from = s.skip_fillers(i + n);
    } else if (t.norm == "for" && (i < kOpening || after_document_word(s, i))) {  // "<form> for <Name>"
      score = kForScore;
    }
    if (score == 0.0 || from >= s.size()) continue;
    // Skip a comma-separated filler ("this is, um, Ana Silva").
    size_t end = s.region_end(from, field, false, 6);
    auto c = read_person_at(s, field, from, end);
    if (!c) continue;
    // "I'm Dana Whitfield, with Bayview Rentals": with a field for the organisation's staff, a
    // name said with its organisation is that person's, not the form's subject.
    if (staff_field_other_than(s, field) && followed_by_organisation(s, c->last)) continue;
    c->score = score;
    c->cue_first = i;
    out.push_back(*c);
    break;
  }
  if (out.empty())
    if (auto c = read_name_answer(s, field)) out.push_back(*c);
  if (out.empty()) return read_name_alone(s, field);
  return out;
}

std::vector<FieldCandidate> read_lead_phrase(const Scan& s, size_t field) {
  // A guess from position alone; an earlier clause is likelier the name than a later one.
  constexpr double kLeadScore = 0.45;
  constexpr double kLaterClause = 0.05;
  constexpr size_t kClauses = 3;
  std::vector<FieldCandidate> out;
  for (size_t i = s.skip_fillers(0); i < s.size() && out.size() < kClauses; i = s.skip_fillers(i + 1)) {
    if (i > 0 && s.tok(i - 1).after == Break::None) continue;  // clause starts only
    if (i > 0 && s.tok(i - 1).after == Break::Sentence) break;
    std::optional<FieldCandidate> c;
    if (s.lex.fields[field].person_name)
      c = read_person_at(s, field, i, s.region_end(i, field, true, s.params.name_max_tokens + 2));
    else if (!s.anchor_at(i, field, true))
      c = read_phrase(s, field, i, true);
    if (!c) continue;
    c->score = kLeadScore - kLaterClause * static_cast<double>(out.size());
    c->cue_first = c->first;
    out.push_back(*c);
  }
  return out;
}

}  // namespace invox::rules
