#include "extract/rules/confidence_signals.hpp"

#include <algorithm>

#include "extract/rules/corrections.hpp"
#include "extract/rules/event_dates.hpp"
#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {

// Sentences looked at after a list for words that add to it ("Hang on. He also takes ...").
constexpr int kContinuationSentences = 2;

bool is_joiner_at(const Scan& s, size_t i) { return i < s.size() && marker_length(s, i, words().list_joiners) > 0; }

// The list stops mid-clause: more words of its sentence follow, and they are not another field's.
bool runs_on(const Scan& s, size_t field, const FieldCandidate& c) {
  if (c.last == 0 || c.last >= s.size()) return false;
  if (s.tok(c.last - 1).after != Break::None) return false;
  const size_t next = s.skip_fillers(c.last);
  return next < s.size() && !s.anchor_at(next, field, true) && !is_joiner_at(s, next);
}

// Right after the list, or in one of the next sentences, something is added to it.
bool continues(const Scan& s, size_t field, const FieldCandidate& c) {
  if (c.last == 0 || c.last >= s.size()) return false;
  const size_t next = s.skip_fillers(c.last);
  // "... fault and oil below minimum", ". And she wants ...": unless the joiner leads into
  // another field's cue ("parts X and Y and lockout required").
  if (const size_t joiner = marker_length(s, next, words().list_joiners); joiner > 0)
    return !s.anchor_at(s.skip_fillers(next + joiner), field, true);
  int sentences = s.tok(c.last - 1).after == Break::Sentence ? 1 : 0;
  for (size_t i = next; i < s.size() && sentences <= kContinuationSentences; ++i) {
    if (sentences > 0 && !s.tok(i).filler && marker_length(s, i, words().list_additions) > 0) return true;
    if (s.tok(i).after == Break::Sentence) ++sentences;
  }
  return false;
}

// The cue follows a content word of its own clause ("wound care and repositioning", "hours of
// service violation and ..."), or a joiner ("swapped the cable and tried another dock"): the list
// may have begun before it. A count before the cue ("two items, though: ...") is not such a word.
bool open_start(const Scan& s, const FieldCandidate& c) {
  const size_t cue = std::min(c.cue_first, c.first);
  if (cue >= s.size()) return false;
  auto p = s.prev_content(cue);
  if (!p) return false;
  const Token& t = s.tok(*p);
  if (t.after != Break::None || t.speaker) return false;
  if (is_joiner_at(s, *p)) return true;
  return !is_stopword(t.norm) && !is_linking_word(t.norm) && !is_number_word(t.norm) && !t.has_digit &&
         !words().determiners.contains(t.norm) && !words().subject_pronouns.contains(t.norm) &&
         !words().clause_openers.contains(t.norm);
}

// "damage to the front bumper hood and headlights": items said without a pause between them
// (no comma in the span) of which one runs to three words or more may be two items run
// together ("front bumper" and "hood"); where the split falls is a guess.
bool unmarked_split(const Scan& s, const FieldCandidate& c) {
  constexpr size_t kLongItemWords = 3;
  if (!c.value.is_array() || c.value.size() < 2 || c.first >= c.last || c.last > s.size()) return false;
  for (size_t i = c.first; i + 1 < c.last; ++i)
    if (s.tok(i).after == Break::Comma || s.tok(i).after == Break::Sentence) return false;
  for (const auto& item : c.value) {
    if (!item.is_string()) continue;
    const std::string& v = item.get_ref<const std::string&>();
    if (static_cast<size_t>(std::count(v.begin(), v.end(), ' ')) + 1 >= kLongItemWords) return true;
  }
  return false;
}

}  // namespace

ConfidenceSignals confidence_signals(const Scan& s, size_t field, const FieldCandidate& chosen,
                                     const std::vector<FieldCandidate>& ranked, double keep_ratio) {
  ConfidenceSignals sig;
  sig.reader_score = chosen.score;
  sig.implied = chosen.implied;
  sig.earlier_day_said = chosen.implied && s.lex.fields[field].field->type == FieldType::Date && earlier_day_said(s);
  sig.corrected = chosen.corrected;
  sig.cue_led = chosen.cue_first < chosen.first;
  sig.cue_distance = sig.cue_led ? chosen.first - chosen.cue_first : 0;
  double best = 0.0;
  for (const auto& c : ranked) best = std::max(best, c.score);
  for (const auto& c : ranked) {
    if (c.score < keep_ratio * best || c.value == chosen.value) continue;
    ++sig.rivals;
  }
  if (!chosen.implied && chosen.first < s.size()) {
    if (auto prev = s.prev_content(chosen.first)) sig.negated = is_negation_word(s.tok(*prev).norm);
    for (size_t i = chosen.first; i < std::min(chosen.last, s.size()); ++i) sig.literal = sig.literal || s.tok(i).has_digit;
  }
  if (!chosen.implied && s.lex.fields[field].field->type == FieldType::Textarea) {
    sig.list_runs_on = runs_on(s, field, chosen);
    sig.list_continues = continues(s, field, chosen);
    sig.list_open_start = open_start(s, chosen);
    sig.list_unmarked_split = unmarked_split(s, chosen);
  }
  return sig;
}

double combine_signals(const ConfidenceSignals& sig) {
  // Factors, not sums, so the reader's ordering is kept within each kind of finding. Rivals are
  // the strongest doubt: the transcript offers another reading of the same field.
  constexpr double kPerRival = 0.8;
  constexpr double kMostRivalDoubt = 0.5;
  constexpr double kNegated = 0.7;
  constexpr double kUncued = 0.9;
  double score = sig.reader_score;
  score *= std::max(kMostRivalDoubt, 1.0 - (1.0 - kPerRival) * sig.rivals);
  if (sig.negated && !sig.corrected) score *= kNegated;
  if (!sig.cue_led && !sig.implied) score *= kUncued;
  // "Keys were dropped last night, Sunday": the day the form is about may be that one, not today.
  constexpr double kEarlierDaySaid = 0.8;
  if (sig.earlier_day_said) score *= kEarlierDaySaid;
  // A list is right only when it holds every item and nothing else: a list that does not end
  // cleanly or may have more items elsewhere is doubtful even when its cue is strong.
  constexpr double kListRunsOn = 0.75;
  constexpr double kListContinues = 0.75;
  constexpr double kListOpenStart = 0.8;
  if (sig.list_runs_on) score *= kListRunsOn;
  if (sig.list_continues) score *= kListContinues;
  if (sig.list_open_start) score *= kListOpenStart;
  constexpr double kListUnmarkedSplit = 0.8;
  if (sig.list_unmarked_split) score *= kListUnmarkedSplit;
  return std::clamp(score, 0.05, 0.99);
}

std::map<std::string, double> reported_signals(const ConfidenceSignals& g) {
  constexpr double kFarCue = 20.0;   // words; further counts as far
  constexpr double kManyRivals = 3.0;
  auto flag = [](bool b) { return b ? 1.0 : 0.0; };
  return {{"found_after_cue", flag(g.cue_led)},
          {"cue_distance", std::min(1.0, static_cast<double>(g.cue_distance) / kFarCue)},
          {"rival_readings", std::min(1.0, static_cast<double>(g.rivals) / kManyRivals)},
          {"negation_before", flag(g.negated)},
          {"said_literally", flag(g.literal)},
          {"implied", flag(g.implied)},
          {"corrected", flag(g.corrected)},
          {"reader_score", std::clamp(g.reader_score, 0.0, 1.0)},
          {"list_runs_on", flag(g.list_runs_on)},
          {"list_continues", flag(g.list_continues)},
          {"list_open_start", flag(g.list_open_start)},
          {"list_unmarked_split", flag(g.list_unmarked_split)}};
}

}  // namespace invox::rules
