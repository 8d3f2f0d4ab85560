#include "extract/rules/speaker_roles.hpp"

#include <algorithm>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
constexpr double kRoleNameScore = 0.85;  // above a self-introduction guess, below a labelled value
constexpr size_t kNameRegion = 6;

// Stems of the label run ending at or before token i (the label tokens themselves).
std::vector<std::string> label_before(const Scan& s, size_t i) {
  size_t k = std::min(i + 1, s.size());
  while (k > 0 && !s.tok(k - 1).speaker) --k;
  if (k == 0) return {};
  size_t first = k - 1;
  while (first > 0 && s.tok(first - 1).speaker) --first;
  std::vector<std::string> out;
  for (size_t j = first; j < k; ++j) out.push_back(s.tok(j).stem);
  return out;
}

// Stems of the next speaker label after token i.
std::vector<std::string> next_label(const Scan& s, size_t i) {
  size_t k = i + 1;
  while (k < s.size() && !s.tok(k).speaker) ++k;
  std::vector<std::string> out;
  for (; k < s.size() && s.tok(k).speaker; ++k) out.push_back(s.tok(k).stem);
  return out;
}

// Token i lies in the first sentence of its turn: "Caller: Hi, this is Thaddeus Okereke" is
// a self-introduction, "Officer: I'm Rhodri Bevan. This is Calloway and Reade" presents
// something else.
bool opens_turn(const Scan& s, size_t i) {
  while (i > 0 && !s.tok(i - 1).speaker) {
    --i;
    if (s.tok(i).after == Break::Sentence) return false;
  }
  return i > 0;
}

// Token i is the word "name" (or "surname") in a question ("Can I get your full name?").
bool asks_for_name(const Scan& s, size_t i) { return s.tok(i).norm.ends_with("name") && s.in_question(i); }

// "I'm Ravi Sandhu", "my name is ...": an introduction in the first person names the speaker
// wherever it comes in the turn; "this is" and "it's" may present something else later on.
bool first_person_intro(const Scan& s, size_t i) {
  const std::string& w = s.tok(i).norm;
  return words().subject_pronouns.contains(w) || words().determiners.contains(w);
}

// When the turn holding token i follows a turn that ends with a question: one past that
// question's last token.
std::optional<size_t> question_before_turn(const Scan& s, size_t i) {
  size_t k = i;
  while (k > 0 && !s.tok(k - 1).speaker) --k;
  while (k > 0 && s.tok(k - 1).speaker) --k;
  if (k == 0 || !s.tok(k - 1).question) return std::nullopt;
  return k;
}

bool answers_question(const Scan& s, size_t i) { return question_before_turn(s, i).has_value(); }

// The words from `k` to the end of their sentence are a capitalized run of a few words, an
// organisation's name ("Perth Drone Rescue.", "Hollins and Pike, we spoke ...").
bool organisation_run(const Scan& s, size_t k) {
  constexpr size_t kMaxWords = 5;
  for (size_t n = 0; k < s.size() && n < kMaxWords; ++k, ++n) {
    const Token& t = s.tok(k);
    if (t.speaker || t.filler || t.has_digit) return false;
    if (!t.capitalized && (n == 0 || !is_stopword(t.norm))) return false;
    if (t.after != Break::None) return t.capitalized;
  }
  return false;
}

// "And you're Mrs...?", "You are...?": the question before the turn at token i asks the listener
// who they are, leaving the name for them to say (nothing or only a title after "you're").
bool asks_who_listener_is(const Scan& s, size_t i) {
  const auto question_end = question_before_turn(s, i);
  if (!question_end) return false;
  const size_t end = *question_end;
  for (size_t q = sentence_start(s, end - 1); q < end; ++q) {
    const size_t n = marker_length(s, q, words().second_person_questions);
    if (n == 0) continue;
    const size_t after = q + n;  // past fillers, so past the answer's speaker label too
    if (after >= end) return true;
    if (s.skip_fillers(after + 1) < end) continue;
    if (is_rank_word(s.tok(after).norm)) return true;
  }
  return false;
}

// A turn that opens with the speaker's full name: by itself ("Operator: Jamal Osei-Bonsu, FL
// eleven, tagged out."), after confirming who the speaker is ("Síofra, is it? - Customer: Yes,
// Síofra Keane, come in."), after a greeting ("Tech: Morning, Callum Reid, Sentry Pest
// Solutions.") or after "me," ("Who's on the picker? - Operator: Me, Sione Fifita."): where the
// name starts; nullopt for any other turn (a name that answers "Who signs off?" or "First
// patient?" is someone else's, unless the labelled speaker says it is them).
std::optional<size_t> turn_opening_name(const Scan& s, size_t i) {
  if (i == 0 || !s.tok(i - 1).speaker || s.in_question(i)) return std::nullopt;
  const Token& t = s.tok(i);
  const bool opener = words().yes_words.contains(t.norm) || words().greetings.contains(t.norm) ||
                      words().self_reference_words.contains(t.norm);
  if (t.capitalized && !t.filler && !opener)
    return answers_question(s, i) && !asks_who_listener_is(s, i) ? std::nullopt : std::optional<size_t>(i);
  if (t.after != Break::Comma || !opener) return std::nullopt;
  return s.skip_fillers(i + 1);
}

// "How were the Texels in Long Acre?": capitalized words right after "in" or "at" name a place,
// not the person the question is asked of.
bool after_place_word(const Scan& s, size_t i) {
  auto p = s.prev_content(i);
  return p && s.tok(*p).after == Break::None && words().place_prepositions.contains(s.tok(*p).norm);
}

// "Employee: Yeah, today's my last day, so. Rafael Duarte, from marketing.": a later sentence
// of a turn that is only a full name, or a full name and where its owner is from, is the
// speaker saying who they are. (A name that opens the turn is `turn_opening_name`'s.)
std::optional<FieldCandidate> own_name_sentence(const Scan& s, size_t field, size_t i) {
  const Token& t = s.tok(i);
  if (i == 0 || s.tok(i - 1).speaker || !t.capitalized || t.filler || s.in_question(i)) return std::nullopt;
  auto p = s.prev_content(i);
  if (!p || s.tok(*p).speaker || s.tok(*p).after != Break::Sentence) return std::nullopt;
  auto c = read_person_at(s, field, i, s.region_end(i, field, false, kNameRegion));
  if (!c || c->first != i || c->last - c->first < 2 || !name_set_off(s, c->last)) return std::nullopt;
  return c;
}

// "Mr Dunne, Oisin Dunne": a name said short and restated in full right after a comma is the
// full one.
FieldCandidate restated_in_full(const Scan& s, size_t field, const FieldCandidate& c) {
  if (c.last >= s.size() || s.tok(c.last - 1).after != Break::Comma) return c;
  const size_t from = s.skip_fillers(c.last);
  if (from >= s.size() || s.tok(from).speaker) return c;
  auto full = read_person_at(s, field, from, s.region_end(from, field, false, kNameRegion));
  if (!full || full->first != from || full->last - full->first < 2 || full->last - full->first <= c.last - c.first)
    return c;
  if (s.tok(full->last - 1).norm != s.tok(c.last - 1).norm) return c;
  return *full;
}

// A person's name within the first few words of the sentence at `from` ("My husband's
// actually, Graeme Tully."); when that sentence gives only a surname the next sentence of the
// turn may give the full name ("Pell. Harriet Pell.").
std::optional<FieldCandidate> name_in_answer(const Scan& s, size_t field, size_t from) {
  constexpr size_t kLeadWords = 4;
  for (int sentence = 0; sentence < 2 && from < s.size(); ++sentence) {
    size_t k = from;
    for (size_t n = 0; k < s.size() && n < kLeadWords; ++n) {
      if (auto c = read_person_at(s, field, k, s.region_end(k, field, false, kNameRegion)))
        return restated_in_full(s, field, *c);
      if (s.tok(k).after == Break::Sentence) break;
      k = s.skip_fillers(k + 1);
    }
    while (k < s.size() && s.tok(k).after != Break::Sentence)
      ++k;
    if (k + 1 >= s.size() || s.tok(k + 1).speaker) break;
    from = s.skip_fillers(k + 1);
  }
  return std::nullopt;
}

// The label is one of the field's one-word cues ("Patient" for "Patient name"), or the person
// word a longer cue ends with ("Nurse:" for the alias "receiving nurse").
bool label_names_field(const Scan& s, const std::vector<std::string>& label, size_t field) {
  for (const auto& cue : s.lex.fields[field].cues) {
    if (cue.phrase.stems.empty() || cue.learned || cue.kind == CueKind::Unit) continue;
    const std::string& head = cue.phrase.stems.back();
    if (cue.phrase.stems.size() > 1 && !is_person_word_stem(head)) continue;
    // "Tech:" names the field whose cue is "technician" (synonyms in the lexicon).
    for (const auto& stem : label)
      if (compare_stems(stem, head) == StemMatch::Same) return true;
  }
  return false;
}

// A name run that starts mid-sentence (the word before it is lowercase): "speaking with
// Cornelius Wabash", not "Sure."
bool starts_name_mid_sentence(const Scan& s, size_t i) {
  if (!s.tok(i).capitalized) return false;
  auto p = s.prev_content(i);
  return p && s.tok(*p).after == Break::None && !s.tok(*p).capitalized && !s.tok(*p).speaker;
}

// "You're Harold Besserman?", "Are you Mrs Gill?": the capitalized name after "you're" or "are
// you" in a question, asked of the next speaker (who then says "That's me").
bool asks_if_named(const Scan& s, size_t i) {
  if (!s.tok(i).capitalized || !s.in_question(i)) return false;
  auto p = s.prev_content(i);
  if (!p || s.tok(*p).after != Break::None) return false;
  for (const auto& phrase : words().second_person_questions) {
    if (*p + 1 < phrase.size()) continue;
    const size_t from = *p + 1 - phrase.size();
    if (marker_length(s, from, {phrase}) == i - from) return true;
  }
  return false;
}

// "HR", "IT": a department said as its letters.
bool is_acronym(const Token& t) {
  constexpr size_t kMaxLetters = 4;
  if (t.raw.size() < 2 || t.raw.size() > kMaxLetters) return false;
  return std::all_of(t.raw.begin(), t.raw.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

// The words of a department said after a name: lowercase, at most a few words ending their
// clause; not a time or a thing ("in five minutes", "in the morning") and not a clause that
// runs on. Returns its end, or `first` when there is none.
size_t unit_words_end(const Scan& s, size_t first) {
  constexpr size_t kUnitWords = 3;
  for (size_t i = first; i < s.size() && i < first + kUnitWords; ++i) {
    const Token& t = s.tok(i);
    if ((t.capitalized && !is_acronym(t)) || t.filler || t.has_digit || is_stopword(t.norm) || is_number_word(t.norm) ||
        words().determiners.contains(t.norm) || words().subject_pronouns.contains(t.norm) ||
        (s.tt.breaks_inferred && is_negation_word(t.norm)))
      // Unpunctuated speech runs on into the next clause ("in marketing nothing will print"):
      // its function word ends the unit there.
      return s.tt.breaks_inferred && i > first && !t.capitalized && !t.has_digit ? i : first;
    if (t.after != Break::None) return i + 1;
  }
  return first;
}

// Token i starts a person's own name: after a self-introduction ("this is"), a greeting or
// "me," ("Hi, Ivo Brandt", "That's me, Ada Lind"), or at a sentence start. Where the name
// starts, or nullopt.
std::optional<size_t> own_name_start(const Scan& s, size_t i, bool& introduced) {
  introduced = false;
  if (size_t n = marker_length(s, i, words().self_introductions)) {
    introduced = true;
    return s.skip_fillers(i + n);
  }
  if (!s.tok(i).capitalized || s.tok(i).filler) return std::nullopt;
  auto p = s.prev_content(i);
  if (!p || s.tok(*p).after == Break::Sentence) return i;
  const Token& before = s.tok(*p);
  if (before.after == Break::Comma &&
      (words().greetings.contains(before.norm) || words().self_reference_words.contains(before.norm)))
    return i;
  return std::nullopt;
}
}  // namespace

std::vector<std::string> turn_label(const Scan& s, size_t i) { return label_before(s, i); }

// A full name ending before token `end` is set off as its speaker's own: its sentence ends there,
// or where its owner is from follows ("Tane Wihongi from Southern Cross Fire", "Skye Mabuza,
// Perth Drone Rescue.") or, after a comma, the speaker goes on about themself ("Derek
// Oyelaran, I sampled these").
bool name_set_off(const Scan& s, size_t end) {
  const Break after = s.tok(end - 1).after;
  if (after == Break::Sentence) return true;
  if (end >= s.size() || s.tok(end).speaker) return false;
  const Token& next = s.tok(end);
  // "Mary Jones from the ward rang": without a comma, only an organisation's name may follow.
  if (words().affiliation_openers.contains(next.norm))
    return after == Break::Comma || (after == Break::None && organisation_run(s, end + 1));
  if (after != Break::Comma) return false;
  return next.norm == "i" || next.norm.starts_with("i'") || organisation_run(s, end);
}

bool turn_names_other_person_field(const Scan& s, size_t i, size_t field) {
  const auto owner = label_before(s, i);
  if (owner.empty()) return false;
  for (size_t g = 0; g < s.lex.fields.size(); ++g)
    if (g != field && s.lex.fields[g].person_name && label_names_field(s, owner, g)) return true;
  return false;
}

bool answers_name_question_as_other_role(const Scan& s, size_t i, size_t field) {
  const auto owner = turn_label(s, i);
  if (owner.empty() || label_names_field(s, owner, field)) return false;
  // Back over the answer's speaker label to the question that ends the sentence before it.
  size_t k = i;
  while (k > 0 && s.tok(k - 1).speaker) --k;
  if (k == 0 || !s.tok(k - 1).question) return false;
  for (size_t q = k - 1;; --q) {
    if (asks_for_name(s, q)) return true;
    if (q == 0 || s.tok(q - 1).after == Break::Sentence) return false;
  }
}

std::optional<FieldCandidate> read_name_answer(const Scan& s, size_t field) {
  constexpr double kAnswerScore = 0.55;  // whose name was asked is known only from the question
  if (!s.tt.cased) return std::nullopt;
  for (size_t i = 0; i < s.size(); ++i) {
    auto a = asks_for_name(s, i) ? s.answer_after(i) : std::nullopt;
    if (!a) continue;
    size_t from = s.skip_answer_opener(*a);
    if (from < s.size() && s.tok(from).after == Break::None && words().record_imperatives.contains(s.tok(from).norm))
      from = s.skip_fillers(from + 1);
    if (from >= s.size()) continue;
    auto c = name_in_answer(s, field, from);
    if (!c || c->last - c->first < 2 || !name_set_off(s, c->last)) continue;
    if (answers_name_question_as_other_role(s, c->first, field) || turn_names_other_person_field(s, c->first, field))
      continue;
    c->score = kAnswerScore;
    c->cue_first = i;
    return c;
  }
  return std::nullopt;
}

bool field_has_labelled_speaker(const Scan& s, size_t field) {
  for (size_t i = 0; i < s.size(); ++i)
    if (s.tok(i).speaker && label_names_field(s, {s.tok(i).stem}, field)) return true;
  return false;
}

namespace {
// "for a Mr... Anselm Drury? - That's him.": the answer to the question holding token i points
// at a third person within its first words.
bool answer_points_elsewhere(const Scan& s, size_t i) {
  constexpr size_t kOpening = 3;
  auto a = s.answer_after(i);
  size_t n = 0;
  for (size_t k = a ? *a : s.size(); k < s.size() && n < kOpening; ++k) {
    if (s.tok(k).filler) continue;
    ++n;
    if (words().third_party_references.contains(s.tok(k).norm)) return true;
    if (s.tok(k).after == Break::Sentence) break;
  }
  return false;
}
}  // namespace

std::vector<FieldCandidate> read_role_names(const Scan& s, size_t field) {
  const FieldLexicon& fl = s.lex.fields[field];
  if (!fl.person_name || fl.field->type != FieldType::Text || !s.tt.cased) return {};
  if (!field_has_labelled_speaker(s, field)) return {};
  std::vector<FieldCandidate> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    std::optional<FieldCandidate> c;
    std::vector<std::string> owner;
    size_t intro = marker_length(s, i, words().self_introductions);
    if (intro && (opens_turn(s, i) || first_person_intro(s, i))) {
      size_t from = s.skip_fillers(i + intro);
      if (from >= s.size()) continue;
      c = read_person_at(s, field, from, s.region_end(from, field, false, kNameRegion));
      owner = label_before(s, i);
    } else if (auto a = asks_for_name(s, i) ? s.answer_after(i) : std::nullopt) {
      // "Can I get your full name? - Patient: Ambrose Thibodeaux.": the answer opens with it.
      size_t from = s.skip_answer_opener(*a);
      if (from >= s.size()) continue;
      c = name_in_answer(s, field, from);
      owner = label_before(s, from);
    } else if (auto from = turn_opening_name(s, i)) {
      // "Customer: Yes, Síofra Keane, come in.": a full name that opens a turn is the speaker's.
      c = *from < s.size() ? read_person_at(s, field, *from, s.region_end(*from, field, false, kNameRegion))
                           : std::nullopt;
      if (c && (c->last - c->first < 2 || c->first != *from ||
                (s.tok(c->last - 1).after == Break::None && !name_set_off(s, c->last))))
        c.reset();
      owner = label_before(s, i);
    } else if ((starts_name_mid_sentence(s, i) || asks_if_named(s, i)) && s.in_question(i) && !after_place_word(s, i)) {
      c = read_person_at(s, field, i, s.region_end(i, field, false, kNameRegion));
      // A first name alone in a question is a greeting or an aside, not an identification; "That's
      // him." says the name is someone else's.
      if (c && (c->last - c->first < 2 || answer_points_elsewhere(s, i))) c.reset();
      owner = next_label(s, i);
    } else if ((c = own_name_sentence(s, field, i))) {
      owner = label_before(s, i);
    }
    if (!c || owner.empty() || !label_names_field(s, owner, field)) continue;
    c->score = kRoleNameScore;
    c->cue_first = i;
    out.push_back(*c);
    i = c->last - 1;
  }
  return out;
}

namespace {
// "Person who took the samples" -> "took"; "Person who did the check" -> "check": the verb the
// description says the person did, or the thing done after a form of "do".
std::optional<std::string> description_action(const FieldLexicon& fl) {
  if (!fl.field) return std::nullopt;
  const auto t = tokenize(fl.field->description);
  for (size_t i = 0; i + 1 < t.tokens.size(); ++i) {
    if (t.tokens[i].norm != "who") continue;
    size_t k = i + 1;
    while (k < t.tokens.size() && is_linking_word(t.tokens[k].norm)) ++k;
    if (k >= t.tokens.size()) return std::nullopt;
    if (!words().support_verbs.contains(t.tokens[k].norm)) return t.tokens[k].stem;
    ++k;
    while (k < t.tokens.size() && words().determiners.contains(t.tokens[k].norm)) ++k;
    if (k < t.tokens.size()) return t.tokens[k].stem;
    return std::nullopt;
  }
  return std::nullopt;
}

// What the field's person does, as words a question may ask it with: the verb of an agent cue
// ("found" of "found by") and the base of an agent noun ("first aid" of "first aider", "find" of
// "finder"), and what its description says the person did.
std::vector<std::vector<std::string>> agent_actions(const FieldLexicon& fl) {
  constexpr size_t kMinBase = 3;
  std::vector<std::vector<std::string>> out;
  if (auto a = description_action(fl)) out.push_back({*a});
  for (const auto& cue : fl.cues) {
    const auto& st = cue.phrase.stems;
    if (st.empty() || cue.learned || cue.kind == CueKind::Unit) continue;
    if (st.size() >= 2 && st.back() == "by") {
      out.push_back({st.front()});
    } else if (st.back().size() >= kMinBase + 2 && (st.back().ends_with("er") || st.back().ends_with("or"))) {
      std::vector<std::string> base = st;
      base.back().resize(base.back().size() - 2);
      out.push_back(std::move(base));
    }
  }
  return out;
}

// The words of `action` follow token k (each the same word, fillers skipped).
bool says_action_at(const Scan& s, size_t k, const std::vector<std::string>& action) {
  for (const auto& w : action) {
    k = s.skip_fillers(k);
    if (k >= s.size() || compare_stems(s.tok(k).stem, w) != StemMatch::Same) return false;
    ++k;
  }
  return true;
}

// Token i is "who" of a question that, within its next few words, names one of `actions`.
bool asks_who_did(const Scan& s, size_t i, const std::vector<std::vector<std::string>>& actions) {
  constexpr size_t kReach = 4;  // "who was it that found", "who was on first aid"
  if (!s.in_question(i) || !is_who_word(s.tok(i).norm)) return false;
  size_t seen = 0;
  for (size_t k = i + 1; k < s.size() && seen < kReach; ++k) {
    if (s.tok(k).filler) continue;
    ++seen;
    for (const auto& a : actions)
      if (says_action_at(s, k, a)) return true;
    if (s.tok(k).after == Break::Sentence) break;
  }
  return false;
}

// "First aid by me, Lorna Fitch: cold compress.", "Weekly test done by me, Carly Nguyen.": one
// of the field's actions at token k, then within a few words "me" and the speaker's full name.
std::optional<FieldCandidate> names_self_as_agent(const Scan& s, size_t field, size_t k,
                                                  const std::vector<std::vector<std::string>>& actions) {
  constexpr size_t kReach = 4;  // "test done by me", "first aid was me"
  if (s.tok(k).filler || s.in_question(k)) return std::nullopt;
  if (std::none_of(actions.begin(), actions.end(), [&](const auto& a) { return says_action_at(s, k, a); }))
    return std::nullopt;
  size_t seen = 0;
  for (size_t j = k + 1; j < s.size() && seen < kReach; ++j) {
    if (s.tok(j).filler) continue;
    ++seen;
    if (s.tok(j).after == Break::Sentence || s.tok(j).speaker) return std::nullopt;
    if (!words().self_reference_words.contains(s.tok(j).norm)) continue;
    const size_t from = s.skip_fillers(j + 1);
    if (from >= s.size()) return std::nullopt;
    auto c = read_person_at(s, field, from, s.region_end(from, field, false, kNameRegion));
    if (!c || c->first != from || c->last - c->first < 2) return std::nullopt;
    c->score = kRoleNameScore;
    c->cue_first = k;
    return c;
  }
  return std::nullopt;
}

// "This is Mick O'Halloran doing the goat check": a speaker who introduces themself and, within
// a few words of the name in the same sentence, says one of the field's actions is its person.
std::optional<FieldCandidate> introduced_as_agent(const Scan& s, size_t field, size_t i,
                                                  const std::vector<std::vector<std::string>>& actions) {
  constexpr size_t kReach = 5;  // "doing the goat check", "here to take the samples"
  const size_t intro = marker_length(s, i, words().self_introductions);
  if (!intro || s.in_question(i)) return std::nullopt;
  const size_t from = s.skip_fillers(i + intro);
  if (from >= s.size()) return std::nullopt;
  auto c = read_person_at(s, field, from, s.region_end(from, field, false, kNameRegion));
  if (!c || c->first != from || c->last - c->first < 2) return std::nullopt;
  size_t seen = 0;
  for (size_t k = c->last; k < s.size() && seen < kReach; ++k) {
    if (s.tok(k).speaker || (k > c->last && s.tok(k - 1).after == Break::Sentence)) break;
    if (s.tok(k).filler) continue;
    ++seen;
    if (std::any_of(actions.begin(), actions.end(), [&](const auto& a) { return says_action_at(s, k, a); })) {
      c->score = kRoleNameScore;
      c->cue_first = i;
      return c;
    }
  }
  return std::nullopt;
}

// "And first aid?": token i opens a question that is only one of `actions` (after a linking
// word), asking who did it as much as what was done; only a name opening the answer is read.
bool asks_bare_action(const Scan& s, size_t i, const std::vector<std::vector<std::string>>& actions) {
  if (!s.in_question(i) || (i > 0 && s.tok(i - 1).after == Break::None && !s.tok(i - 1).filler)) return false;
  size_t k = s.skip_fillers(i);
  if (k < s.size() && words().clause_openers.contains(s.tok(k).norm)) k = s.skip_fillers(k + 1);
  for (const auto& a : actions) {
    if (!says_action_at(s, k, a)) continue;
    size_t last = k;
    for (size_t n = 0; n < a.size(); ++n) last = s.skip_fillers(last) + 1;
    if (last > 0 && s.tok(last - 1).question) return true;
  }
  return false;
}
}  // namespace

std::vector<FieldCandidate> read_who_answers(const Scan& s, size_t field) {
  const FieldLexicon& fl = s.lex.fields[field];
  if (!fl.person_name || fl.field->type != FieldType::Text) return {};
  const auto actions = agent_actions(fl);
  if (actions.empty()) return {};
  std::vector<FieldCandidate> out;
  // Questions are told by their punctuation; speech without capitals has none.
  for (size_t i = 0; i < s.size() && s.tt.cased; ++i) {
    const bool who = asks_who_did(s, i, actions);
    const bool bare = !who && asks_bare_action(s, i, actions);
    if (!who && !bare) continue;
    auto a = s.answer_after(i);
    if (!a) continue;
    const size_t from = s.skip_answer_opener(*a);
    auto c = name_in_answer(s, field, from);
    if (!c) continue;
    // After a bare action the answer may say what was done; only a full name opening it is who.
    if (bare && (c->last - c->first < 2 || sentence_start(s, c->first) != sentence_start(s, from) ||
                 c->first > from + 2))
      continue;
    c->score = kRoleNameScore;
    c->cue_first = i;
    out.push_back(*c);
  }
  for (size_t k = 0; k < s.size(); ++k)
    if (auto c = names_self_as_agent(s, field, k, actions)) {
      out.push_back(*c);
      k = c->last;
    } else if ((c = introduced_as_agent(s, field, k, actions))) {
      out.push_back(*c);
      k = c->last;
    }
  return out;
}

namespace {
bool own_words_in(const FieldLexicon& fl, const lexicon::WordSet& set) {
  if (!fl.field || fl.field->type != FieldType::Text || fl.person_name || fl.code_like) return false;
  std::vector<std::string> own = util::split(util::to_lower_ascii(fl.field->id), '_');
  for (const auto& t : tokenize(fl.field->label).tokens) own.push_back(t.norm);
  for (const auto& w : own)
    if (set.contains(w)) return true;
  return false;
}
}  // namespace

bool names_affiliation(const FieldLexicon& fl) {
  return own_words_in(fl, words().affiliation_words) || own_words_in(fl, words().job_title_words);
}

std::vector<FieldCandidate> read_affiliation(const Scan& s, size_t field) {
  constexpr double kAffiliationScore = 0.5;  // read from where it is said, not from a label
  constexpr size_t kRoleWords = 4;            // "office manager", "his assistant," before "in"
  // Without capitals only a name its speaker introduces is one (own_name_start), and only a
  // unit that ends its clause is read ("this is beatrix vandermolen from legal i'm locked out").
  // A job is said after a name ("Rosa Mbeki, backend engineer"), not "from" or "in" it.
  const bool department = own_words_in(s.lex.fields[field], words().affiliation_words);
  for (size_t i = 0; i < s.size(); ++i) {
    bool introduced = false;
    auto from = own_name_start(s, i, introduced);
    const bool own = from.has_value();
    // Any full name may be followed by its owner's department or job after a comma.
    // ("Caller Osric Vane, HR": a capitalized cue before the name is not part of it.)
    if (!from && s.tok(i).capitalized && !s.tok(i).filler &&
        (i == 0 || !s.tok(i - 1).capitalized || s.anchor_at(i - 1, field, false)))
      from = i;
    if (!from || *from >= s.size()) continue;
    auto name = read_person_at(s, field, *from, s.region_end(*from, field, false, kNameRegion));
    // Without "this is" only a full name is a person ("Sure." is not).
    if (!name || (!introduced && name->last - name->first < 2)) continue;
    size_t e = name->last;
    std::optional<std::pair<size_t, size_t>> unit;
    for (size_t k = e; own && department && k < s.size() && k <= e + kRoleWords && !unit; ++k) {
      if (s.tok(k).speaker || (k > e && s.tok(k - 1).after == Break::Sentence)) break;
      if (!words().affiliation_openers.contains(s.tok(k).norm) || s.tok(k).after != Break::None) continue;
      if (size_t end = unit_words_end(s, k + 1); end > k + 1) unit = std::make_pair(k + 1, end);
    }
    // "Hi, Ivo Brandt, accounts payable.", "Caller Osric Pendleton, HR, extension ...": set
    // off by commas.
    // A comma ends only a department said as its letters ("Kettlewell Rentals, rental car,"
    // lists an expense); "Rentals" says it is a business, not a person.
    if (!unit && s.tok(e - 1).after == Break::Comma && !words().organisation_heads.contains(s.tok(e - 1).norm)) {
      size_t end = unit_words_end(s, e);
      bool ends_sentence = end > e && s.tok(end - 1).after == Break::Sentence;
      if (end > e && (ends_sentence || (end == e + 1 && is_acronym(s.tok(e))))) unit = std::make_pair(e, end);
    }
    if (!unit) continue;
    FieldCandidate c;
    c.value = std::string(s.span_text(unit->first, unit->second));
    c.first = unit->first;
    c.last = unit->second;
    c.cue_first = name->first;
    c.score = kAffiliationScore;
    return {c};
  }
  return {};
}

}  // namespace invox::rules
