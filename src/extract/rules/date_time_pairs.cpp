#include "extract/rules/date_time_pairs.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "extract/rules/lexical_data.hpp"
#include "util/strings.hpp"

namespace invox::rules {
namespace {

constexpr double kPartnerTime = 0.6;
constexpr size_t kReach = 10;  // words between the cue and the time ("is booked for thursday at")

// The stems of `text` without the words that name the field's type ("Induction time" -> induction).
std::vector<std::string> event_stems(const std::string& text, const lexicon::WordSet& type_words) {
  std::vector<std::string> out;
  for (const auto& t : tokenize(text).tokens)
    if (!type_words.contains(t.norm) && !is_stopword(t.norm)) out.push_back(t.stem);
  return out;
}

// The event a field is named for, by its label and by its id: "Logged in at" is also
// "received_time", the partner of "received_date" ("Date received").
std::vector<std::vector<std::string>> event_names(const Field& f, const lexicon::WordSet& type_words) {
  std::vector<std::vector<std::string>> out;
  for (const std::string& name : {f.label, util::join(util::split(f.id, '_'), " ")}) {
    auto stems = event_stems(name, type_words);
    if (!stems.empty()) out.push_back(std::move(stems));
  }
  return out;
}

}  // namespace

std::optional<size_t> partner_date(const Scan& s, size_t field) {
  const auto mine = event_names(*s.lex.fields[field].field, words().time_type_words);
  std::vector<std::pair<size_t, std::vector<std::vector<std::string>>>> dates;
  for (size_t g = 0; g < s.lex.fields.size(); ++g)
    if (g != field && s.lex.fields[g].field->type == FieldType::Date)
      dates.emplace_back(g, event_names(*s.lex.fields[g].field, words().date_type_words));
  // The time's label is matched first ("Induction time" ~ "Induction date"), then its id.
  for (const auto& name : mine)
    for (const auto& [g, theirs] : dates)
      if (std::find(theirs.begin(), theirs.end(), name) != theirs.end()) return g;
  return std::nullopt;
}

std::vector<FieldCandidate> time_after_partner_date(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  const Field& f = *s.lex.fields[field].field;
  if (f.type != FieldType::Time) return out;
  const auto partner = partner_date(s, field);
  if (!partner) return out;
  for (const auto& m : s.mentions) {
    if (m.field != *partner || m.is_value) continue;
    size_t seen = 0;
    for (size_t i = m.last; i < s.size() && seen < kReach; ++i) {
      if (i > m.last && s.tok(i - 1).after == Break::Sentence) break;
      if (s.tok(i).filler) continue;
      ++seen;
      // Another field's cue ends the stretch; the time field's own cue does not.
      if (const Mention* other = s.anchor_at(i, *partner, false); other && other->field != field) break;
      // "at quarter past six": only a time said as one, not any number after the date.
      auto p = s.prev_content(i);
      if (!p || !words().clock_openers.contains(s.tok(*p).norm)) continue;
      auto c = s.parse_typed(i, std::min(s.size(), i + 6), f);
      if (!c) continue;
      c->cue_first = m.first;
      c->score = kPartnerTime;
      out.push_back(*c);
      break;
    }
  }
  return out;
}

}  // namespace invox::rules
