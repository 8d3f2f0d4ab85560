#include "extract/rules/rules_engine.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "core/english_words.hpp"
#include "extract/rules/acknowledged_lists.hpp"
#include "extract/rules/action_lists.hpp"
#include "extract/rules/announced_lists.hpp"
#include "extract/rules/choice_reader.hpp"
#include "extract/rules/clock_times.hpp"
#include "extract/rules/confidence_signals.hpp"
#include "extract/rules/count_questions.hpp"
#include "extract/rules/cue_lexicon.hpp"
#include "extract/rules/cue_matcher.hpp"
#include "extract/rules/doctor_introductions.hpp"
#include "extract/rules/event_dates.hpp"
#include "extract/rules/field_exclusions.hpp"
#include "extract/rules/fewshot_cues.hpp"
#include "extract/rules/group_colours.hpp"
#include "extract/rules/implied_booleans.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/named_things.hpp"
#include "extract/rules/proper_names.hpp"
#include "extract/rules/remaining_names.hpp"
#include "extract/rules/scan.hpp"
#include "extract/rules/speaker_roles.hpp"
#include "extract/rules/spoken_codes.hpp"
#include "extract/rules/text_reader.hpp"
#include "extract/rules/time_spans.hpp"
#include "extract/rules/type_questions.hpp"
#include "extract/rules/typed_reader.hpp"
#include "util/cancel.hpp"
#include "util/strings.hpp"
#include "util/text_fold.hpp"

namespace invox::rules {

namespace {
std::vector<FieldCandidate> candidates_for(const Scan& s, size_t field) {
  switch (s.lex.fields[field].field->type) {
    case FieldType::Number:
    case FieldType::Date:
    case FieldType::Time:
      return read_typed_field(s, field);
    case FieldType::Text: {
      auto out = read_text_field(s, field);
      for (auto& c : read_role_names(s, field)) out.push_back(std::move(c));
      for (auto& c : read_who_answers(s, field)) out.push_back(std::move(c));
      for (auto& c : read_doctor_introductions(s, field)) out.push_back(std::move(c));
      if (out.empty() && names_affiliation(s.lex.fields[field])) out = read_affiliation(s, field);
      if (out.empty()) out = read_product_model(s, field);
      if (out.empty()) out = read_presented_business(s, field);
      if (out.empty()) out = read_uncued_colour(s, field);
      if (out.empty()) out = read_unlabelled_codes(s, field);
      add_street_addresses(s, field, out);
      return out;
    }
    case FieldType::Textarea:
      return read_list_field(s, field);
    case FieldType::Enum:
      return read_enum_field(s, field);
    case FieldType::Boolean:
      return read_boolean_field(s, field);
    case FieldType::Group:
      return {};  // items are read by the group reader, not as one scalar candidate
  }
  return {};
}


// A text candidate cut before token `stop`, without dangling function words; nullopt when
// nothing would be left or the text does not start before `stop`.
std::optional<FieldCandidate> trimmed_text(const Scan& s, const FieldCandidate& t, size_t stop) {
  if (!t.value.is_string() || t.first >= stop || t.implied) return std::nullopt;
  size_t last = std::min(stop, t.last);
  while (last > t.first && (s.tok(last - 1).filler || words().dangling_words.contains(s.tok(last - 1).norm) ||
                            is_number_word(s.tok(last - 1).norm)))
    --last;
  if (last <= t.first) return std::nullopt;
  FieldCandidate out = t;
  out.last = last;
  out.value = std::string(s.span_text(t.first, last));
  return out;
}

// Values of these types occupy their tokens: two fields never share them.
bool claims_tokens(FieldType t) {
  return t == FieldType::Number || t == FieldType::Date || t == FieldType::Time || t == FieldType::Text;
}

// Orders a field's candidates: the best first. Among candidates close to the best score the
// last stated wins (later corrections, repeated mentions).
std::vector<FieldCandidate> rank(std::vector<FieldCandidate> cands, double keep_ratio) {
  if (cands.empty()) return cands;
  double best = 0.0;
  for (const auto& c : cands) best = std::max(best, c.score);
  std::stable_sort(cands.begin(), cands.end(), [&](const FieldCandidate& a, const FieldCandidate& b) {
    bool ka = a.score >= keep_ratio * best, kb = b.score >= keep_ratio * best;
    if (ka != kb) return ka;
    if (ka) return a.first > b.first;
    return a.score > b.score;
  });
  return cands;
}


// Number fields no cue found take the numbers no other field holds, in the order said: the
// first such field the first free number, and so on.
void assign_unlabeled_numbers(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  constexpr double kUnlabeledNumber = 0.4;
  const Lexicon& lex = s.lex;
  size_t from = 0;
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    const Field& field = *lex.fields[f].field;
    if (field.type != FieldType::Number || !ranked[f].empty()) continue;
    for (size_t i = from; i < s.size(); ++i) {
      if (s.tok(i).filler) continue;
      auto c = s.parse_typed(i, std::min(s.size(), i + 8), field);
      if (!c) continue;
      bool taken = false;
      for (size_t g = 0; g < lex.fields.size(); ++g)
        if (g != f && !ranked[g].empty() && claims_tokens(lex.fields[g].field->type) && overlaps(ranked[g][0], *c))
          taken = true;
      if (taken || said_with_exclusion(s, *c, f)) {
        i = c->last - 1;
        continue;
      }
      c->score = kUnlabeledNumber;
      c->cue_first = c->first;
      ranked[f].push_back(*c);
      from = c->last;
      break;
    }
  }
}

Candidate to_candidate(const Scan& s, size_t field, const FieldCandidate& c, const std::vector<FieldCandidate>& rivals,
                       double keep_ratio) {
  Candidate out;
  out.value = c.value;
  const ConfidenceSignals signals = confidence_signals(s, field, c, rivals, keep_ratio);
  out.confidence = combine_signals(signals);
  out.signals = reported_signals(signals);
  if (c.implied) return out;
  Evidence e;
  size_t first = std::min(c.cue_first, c.first);
  size_t last = std::max(c.last, first + 1);
  if (first < s.size()) {
    e.char_begin = s.tok(first).begin;
    e.char_end = s.tok(std::min(last, s.size()) - 1).end;
    e.snippet = std::string(s.tt.text.substr(*e.char_begin, *e.char_end - *e.char_begin));
    out.evidence = e;
  }
  return out;
}
}  // namespace

std::map<std::string, Candidate> extract_all(const Template& tmpl, std::string_view text,
                                             const std::vector<FewShot>& examples, const NormalizeContext& ctx,
                                             const EngineParams& params) {
  return extract_all(build_lexicon(tmpl), text, examples, ctx, params);
}

std::vector<size_t> pause_breaks(const Transcript& transcript, double min_pause_s) {
  std::vector<size_t> out;
  if (transcript.segments.size() < 2) return out;
  std::vector<std::string_view> texts;
  for (const auto& seg : transcript.segments) texts.push_back(seg.text);
  const auto spans = util::locate_pieces(transcript.text, texts);
  for (size_t i = 0; i + 1 < transcript.segments.size(); ++i)
    if (transcript.segments[i + 1].start - transcript.segments[i].end >= min_pause_s) out.push_back(spans[i].end);
  return out;
}

namespace {
// "paper towels", "corrected himself": in a transcript without capitals, a person's name made only
// of everyday English words (lexicon::everyday_word) is words around a name, not one.
bool everyday_words_only(const Scan& s, size_t field, const FieldCandidate& c) {
  const FieldLexicon& fl = s.lex.fields[field];
  if (s.tt.cased || !names_person(fl) || names_organisation(fl) || !c.value.is_string()) return false;
  std::string value = util::to_lower_ascii(c.value.get<std::string>());
  std::replace(value.begin(), value.end(), '-', ' ');
  bool any = false;
  for (const auto& word : util::split(value, ' ')) {
    if (word.empty()) continue;
    if (!lexicon::everyday_word(word)) return false;
    any = true;
  }
  return any;
}

// "tracking's j r seven seven zero four one nine j r seven seven zero four one nine": a code read
// back straight after it is said, with no punctuation between, reads as the code twice. The code
// once (as first written), or nullopt when the value is no such double.
std::optional<std::string> code_said_twice(const Json& v) {
  constexpr size_t kShortestCode = 3;  // "318318" is room 318; "4444" may be a code of its own
  if (!v.is_string()) return std::nullopt;
  const std::string& text = v.get<std::string>();
  std::string plain;
  std::vector<size_t> at;  // where each character of `plain` is in `text`
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] != '-' && text[i] != ' ') {
      plain += text[i];
      at.push_back(i);
    }
  const size_t half = plain.size() / 2;
  if (plain.size() % 2 != 0 || half < kShortestCode || plain.compare(0, half, plain, half, half) != 0)
    return std::nullopt;
  return text.substr(0, at[half - 1] + 1);
}

// "six P Z N two seven zero", "It's K P seven one two": letters said one by one spell a code, not
// a person's name. Two may be initials ("Signed by K P"), unless the guidelines ask for a first and
// last name.
bool spelled_letters_only(const Json& v, bool full_name) {
  constexpr size_t kInitials = 2;
  if (!v.is_string()) return false;
  size_t letters = 0;
  for (const auto& w : util::split(v.get<std::string>(), ' ')) {
    if (w.empty()) continue;
    if (w.size() > 2 || (w.size() == 2 && w[1] != '.')) return false;
    ++letters;
  }
  return letters > kInitials || (letters > 0 && full_name);
}

// Punctuated text says where its sentences end better than pauses do (a speaker pauses
// mid-sentence too): pauses are used only when the text has no sentence punctuation at all.
// Breaks inferred from the words (spoken_breaks) are no punctuation: pauses add to them.
void mark_pause_breaks(TokenizedText& tt, const std::vector<size_t>& pauses) {
  if (pauses.empty()) return;
  if (!tt.breaks_inferred && std::any_of(tt.tokens.begin(), tt.tokens.end(), [](const Token& t) { return t.after == Break::Sentence; }))
    return;
  for (size_t at : pauses) {
    // The last token ending at or before the pause.
    auto it = std::upper_bound(tt.tokens.begin(), tt.tokens.end(), at, [](size_t b, const Token& t) { return b < t.end; });
    if (it == tt.tokens.begin()) continue;
    Token& t = *std::prev(it);
    if (t.after == Break::None) t.after = Break::Sentence;
  }
}
}  // namespace

std::map<std::string, Candidate> extract_all(const Lexicon& template_lexicon, std::string_view text,
                                             const std::vector<FewShot>& examples, const NormalizeContext& ctx,
                                             const EngineParams& params) {
  // Few-shots add cues to a copy; without them the shared lexicon is used as it is.
  std::optional<Lexicon> learned;
  if (!examples.empty()) {
    learned = template_lexicon;
    std::vector<FewShot> used(examples.begin(),
                              examples.begin() + static_cast<long>(std::min(examples.size(), params.max_examples)));
    learn_cues(*learned, used, ctx);
  }
  const Lexicon& lex = learned ? *learned : template_lexicon;
  auto tt = tokenize(text);
  mark_pause_breaks(tt, params.pause_breaks);
  auto mentions = find_mentions(tt, lex);
  mark_bounding_mentions(tt, lex, mentions, ctx);
  Scan scan{tt, lex, mentions, ctx, {}};

  std::vector<std::vector<FieldCandidate>> ranked(lex.fields.size());
  // A long transcript takes a while per field: a stop request ends the work between fields
  // (the runners leave the input "not run").
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    if (util::stop_requested()) throw util::StopRequested{};
    // Before ranking: a name of everyday words may be the one a correction put last ("he corrected
    // himself"), and ranking keeps only that one.
    auto found = candidates_for(scan, f);
    std::erase_if(found, [&](const FieldCandidate& c) { return everyday_words_only(scan, f, c); });
    ranked[f] = rank(std::move(found), params.keep_ratio);
  }
  for (size_t f = 0; f < lex.fields.size(); ++f)
    if (yield_excluded(scan, ranked[f], f)) ranked[f] = rank(std::move(ranked[f]), params.keep_ratio);
  // A place field no cue filled: a named kind ("the Maple Gap weigh station"), a phrase after a
  // preposition of place, then a proper name ending with its kind ("on Orewa Beach").
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    if (!lex.fields[f].place_like) continue;
    if (ranked[f].empty()) ranked[f] = rank(read_named_kind(scan, f), params.keep_ratio);
    if (ranked[f].empty()) ranked[f] = read_place_phrase(scan, f);
    if (ranked[f].empty()) ranked[f] = rank(read_place_named_with_kind(scan, f), params.keep_ratio);
  }
  for (size_t f = 0; f < lex.fields.size(); ++f)
    if (ranked[f].empty() && lex.fields[f].building_name) ranked[f] = read_header_building(scan, f, ranked);
  assign_organisation_names(scan, ranked);
  for (size_t f = 0; f < lex.fields.size(); ++f)
    if (ranked[f].empty() && lex.fields[f].field->type == FieldType::Text) ranked[f] = read_affiliated_name(scan, f);
  // The first person field of a form is its subject; unnamed by any cue, look for an intro.
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    if (!lex.fields[f].person_name || lex.fields[f].field->type != FieldType::Text) continue;
    if (names_organisation(lex.fields[f])) continue;  // "Business name" holds no person
    if (ranked[f].empty()) ranked[f] = read_subject_name(scan, f);
    break;
  }
  if (params.names_by_elimination) {
    assign_remaining_person_name(scan, ranked);
    assign_remaining_people(scan, ranked);
  }

  for (size_t f = 0; f < lex.fields.size(); ++f)
    if (lex.fields[f].field->id == params.lead_field && ranked[f].empty()) ranked[f] = read_lead_phrase(scan, f);
  if (params.dosed_medicines)
    for (size_t f = 0; f < lex.fields.size(); ++f)
      if (ranked[f].empty()) ranked[f] = read_dosed_medicine(scan, f);

  read_count_questions(scan, ranked);
  read_type_questions(scan, ranked);
  if (params.imply_event_date) date_event(scan, ranked);
  future_dates(scan, ranked);
  if (params.unlabeled_numbers) assign_unlabeled_numbers(scan, ranked);
  read_announced_lists(scan, ranked);
  read_action_lists(scan, ranked);
  read_acknowledged_lists(scan, ranked);
  read_time_spans(scan, ranked);
  assign_unlabeled_times(scan, ranked);
  for (size_t f = 0; f < lex.fields.size(); ++f)
    if (lex.fields[f].field->type == FieldType::Time) ranked[f] = rank(std::move(ranked[f]), params.keep_ratio);
  for (size_t f = 0; f < lex.fields.size(); ++f)
    if (lex.fields[f].field->type == FieldType::Time)
      for (auto& c : ranked[f]) infer_day_half(scan, c);
  order_periods(scan, ranked);

  for (size_t f = 0; f < lex.fields.size(); ++f) {
    const FieldLexicon& fl = lex.fields[f];
    if (fl.code_like && scan.tt.breaks_inferred)
      for (auto& c : ranked[f])
        if (auto once = code_said_twice(c.value)) c.value = *once;
    if (fl.person_name)
      std::erase_if(ranked[f], [&](const FieldCandidate& c) {
        return spelled_letters_only(c.value, fl.full_name) || everyday_words_only(scan, f, c);
      });
  }

  // Assign the strongest fields first; a typed value already taken by another field is skipped.
  std::vector<size_t> order(lex.fields.size());
  for (size_t f = 0; f < order.size(); ++f) order[f] = f;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    double sa = ranked[a].empty() ? 0 : ranked[a][0].score, sb = ranked[b].empty() ? 0 : ranked[b][0].score;
    return sa > sb;
  });
  std::vector<std::pair<size_t, FieldCandidate>> taken;
  std::map<std::string, Candidate> out;
  for (size_t f : order) {
    FieldType type = lex.fields[f].field->type;
    for (const auto& c : ranked[f]) {
      bool clash = false;
      std::vector<size_t> to_trim;
      if (claims_tokens(type))
        for (size_t k = 0; k < taken.size(); ++k) {
          const auto& [g, t] = taken[k];
          if (!claims_tokens(lex.fields[g].field->type) || !overlaps(c, t)) continue;
          // A free-text phrase that ran on into a number, date or time ("ondansetron four
          // milligrams at 14:30") ends where that value starts.
          if (is_typed(type) && lex.fields[g].field->type == FieldType::Text && trimmed_text(scan, t, c.first))
            to_trim.push_back(k);
          else
            clash = true;
        }
      if (clash) continue;
      for (size_t k : to_trim) {
        auto& [g, t] = taken[k];
        t = *trimmed_text(scan, t, c.first);
        out[lex.fields[g].field->id] = to_candidate(scan, g, t, ranked[g], params.keep_ratio);
      }
      taken.emplace_back(f, c);
      out.emplace(lex.fields[f].field->id, to_candidate(scan, f, c, ranked[f], params.keep_ratio));
      break;
    }
  }
  imply_event_booleans(lex, out);
  return out;
}

}  // namespace invox::rules
