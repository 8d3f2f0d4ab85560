#include "extract/rules/implied_booleans.hpp"

#include <algorithm>
#include <vector>

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
constexpr double kImpliedFactor = 0.8;  // a guess from another field: less sure than that field

std::vector<std::string> description_stems(const Field& f) {
  std::vector<std::string> out;
  for (const auto& st : make_phrase(f.description).stems)
    if (!is_stopword(st)) out.push_back(st);
  return out;
}
}  // namespace

void imply_event_booleans(const Lexicon& lex, std::map<std::string, Candidate>& out) {
  for (const auto& b : lex.fields) {
    if (b.field->type != FieldType::Boolean || out.count(b.field->id)) continue;
    const auto& mine = b.label_stems;
    if (mine.empty()) continue;
    for (const auto& t : lex.fields) {
      const FieldType type = t.field->type;
      if (type != FieldType::Time && type != FieldType::Date && type != FieldType::Textarea) continue;
      auto it = out.find(t.field->id);
      if (it == out.end() || it->second.value.is_null() || it->second.value == Json("")) continue;
      // A list is named by its description too: "New damage" is true when "Damage description"
      // ("New damage found") lists any.
      std::vector<std::string> theirs = t.label_stems;
      if (type == FieldType::Textarea)
        for (const auto& st : description_stems(*t.field)) theirs.push_back(st);
      // "Parent contacted at" covers "Parent contacted" though only a function word is added.
      bool covered =
          (theirs.size() > mine.size() || util::to_lower_ascii(t.field->label) != util::to_lower_ascii(b.field->label)) &&
          std::all_of(mine.begin(), mine.end(), [&](const std::string& st) {
            return std::any_of(theirs.begin(), theirs.end(), [&](const std::string& o) { return stems_match(st, o); });
          });
      if (!covered) continue;
      Candidate c;
      c.value = true;
      c.confidence = it->second.confidence * kImpliedFactor;
      c.evidence = it->second.evidence;
      out.emplace(b.field->id, std::move(c));
      break;
    }
  }
}

}  // namespace invox::rules
