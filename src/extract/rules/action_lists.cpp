#include "extract/rules/action_lists.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"

namespace invox::rules {

namespace {
constexpr double kActionScore = 0.5;  // the speaker's own past action, but no label
constexpr size_t kMinPastLength = 5;  // "used", "fed" are too short to be told from other words by "-ed"
constexpr size_t kBetweenWords = 2;   // "we also", "I have just"

// The past forms a word of a field's text stands for: a regular participle is its own
// ("replaced"); an irregular one stands for every past form of its verb ("given": gave, given;
// "done": did, done).
std::set<std::string> past_forms(const std::string& w) {
  for (const auto& group : words().verb_forms)
    if (std::find(group.begin() + 1, group.end(), w) != group.end()) return {group.begin() + 1, group.end()};
  if (words().done_forms.contains(w)) return {words().done_forms.items().begin(), words().done_forms.items().end()};
  if (w.size() >= kMinPastLength && w.ends_with("ed") && !is_stopword(w)) return {w};
  return {};
}

std::set<std::string> field_past_forms(const Field& f) {
  std::string text = f.label + " " + f.description;
  for (const auto& a : f.aliases)
    text += " " + a;
  std::set<std::string> out;
  for (const auto& t : tokenize(text).tokens)
    for (auto& form : past_forms(t.norm))
      out.insert(form);
  return out;
}

// "I did fall": an emphatic "did" before a verb's base form ("fall", "tell") says nothing done.
bool before_base_verb(const Scan& s, size_t i) {
  i = s.skip_fillers(i);
  if (i >= s.size()) return false;
  const auto& groups = words().verb_forms;
  return std::any_of(groups.begin(), groups.end(), [&](const auto& g) { return g.front() == s.tok(i).norm; });
}

// Token i is "I" or "we" followed, past at most a few function words that are no negators, by
// one of `forms`: the token after the verb, or 0.
size_t action_told_at(const Scan& s, size_t i, const std::set<std::string>& forms) {
  if (!words().first_person_subjects.contains(s.tok(i).norm)) return 0;
  // "if we replaced it": a condition, not what was done.
  if (auto p = s.prev_content(i);
      p && s.tok(*p).after == Break::None && words().hypothetical_markers.contains(s.tok(*p).norm))
    return 0;
  size_t between = 0;
  for (size_t k = i + 1; k < s.size(); ++k) {
    const Token& prev = s.tok(k - 1);
    if (prev.after != Break::None) return 0;
    const Token& t = s.tok(k);
    if (t.filler) continue;
    if (forms.contains(t.norm)) return t.after == Break::Sentence || before_base_verb(s, k + 1) ? 0 : k + 1;
    if (!is_stopword(t.norm) || words().negators.contains(t.norm) || ++between > kBetweenWords) return 0;
  }
  return 0;
}
}  // namespace

void read_action_lists(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  const auto& fields = s.lex.fields;
  std::vector<std::set<std::string>> forms(fields.size());
  std::map<std::string, size_t> owners;  // how many list fields a past form stands for
  for (size_t f = 0; f < fields.size(); ++f) {
    if (fields[f].field->type != FieldType::Textarea) continue;
    forms[f] = field_past_forms(*fields[f].field);
    for (const auto& w : forms[f])
      ++owners[w];
  }
  for (size_t f = 0; f < fields.size(); ++f) {
    if (fields[f].field->type != FieldType::Textarea || !ranked[f].empty()) continue;
    std::erase_if(forms[f], [&](const std::string& w) { return owners[w] > 1; });
    if (forms[f].empty()) continue;
    std::optional<FieldCandidate> list;
    for (size_t i = 0; i < s.size(); ++i) {
      const size_t start = action_told_at(s, i, forms[f]);
      if (start == 0) continue;
      auto items = read_items(s, f, start);
      // The first item is what follows the verb ("a full-mouth debridement"), not a later clause.
      if (!items || !items->value.is_array() || items->value.empty() || items->first > s.skip_fillers(start) + 1)
        continue;
      if (!list) {
        list = items;
        list->cue_first = i;
      } else {
        append_new_items(list->value, items->value);
        list->last = items->last;
      }
      i = items->last;
    }
    if (!list) continue;
    list->score = kActionScore;
    ranked[f].push_back(*list);
  }
}

}  // namespace invox::rules
