#include "extract/rules/speaker_roles.hpp"

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"

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

// Token i is the word "name" in a question ("Can I get your full name?").
bool asks_for_name(const Scan& s, size_t i) { return s.tok(i).norm == "name" && s.in_question(i); }

bool label_names_field(const Scan& s, const std::vector<std::string>& label, size_t field) {
  for (const auto& cue : s.lex.fields[field].cues) {
    if (cue.phrase.stems.size() != 1 || cue.learned || cue.kind == CueKind::Unit) continue;
    for (const auto& stem : label)
      if (stem == cue.phrase.stems[0]) return true;
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
}  // namespace

std::vector<std::string> turn_label(const Scan& s, size_t i) { return label_before(s, i); }

bool field_has_labelled_speaker(const Scan& s, size_t field) {
  for (size_t i = 0; i < s.size(); ++i)
    if (s.tok(i).speaker && label_names_field(s, {s.tok(i).stem}, field)) return true;
  return false;
}

std::vector<FieldCandidate> read_role_names(const Scan& s, size_t field) {
  const FieldLexicon& fl = s.lex.fields[field];
  if (!fl.person_name || fl.field->type != FieldType::Text || !s.tt.cased) return {};
  if (!field_has_labelled_speaker(s, field)) return {};
  std::vector<FieldCandidate> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.tok(i).filler) continue;
    std::optional<FieldCandidate> c;
    std::vector<std::string> owner;
    if (size_t n = marker_length(s, i, words().self_introductions); n && opens_turn(s, i)) {
      size_t from = s.skip_fillers(i + n);
      if (from >= s.size()) continue;
      c = read_person_at(s, field, from, s.region_end(from, field, false, kNameRegion));
      owner = label_before(s, i);
    } else if (auto a = asks_for_name(s, i) ? s.answer_after(i) : std::nullopt) {
      // "Can I get your full name? - Patient: Ambrose Thibodeaux.": the answer opens with it.
      size_t from = s.skip_answer_opener(*a);
      if (from >= s.size()) continue;
      c = read_person_at(s, field, from, s.region_end(from, field, false, kNameRegion));
      owner = label_before(s, from);
    } else if (starts_name_mid_sentence(s, i) && s.in_question(i)) {
      c = read_person_at(s, field, i, s.region_end(i, field, false, kNameRegion));
      // A first name alone in a question is a greeting or an aside, not an identification.
      if (c && c->last - c->first < 2) c.reset();
      owner = next_label(s, i);
    }
    if (!c || owner.empty() || !label_names_field(s, owner, field)) continue;
    c->score = kRoleNameScore;
    c->cue_first = i;
    out.push_back(*c);
    i = c->last - 1;
  }
  return out;
}

}  // namespace invox::rules
