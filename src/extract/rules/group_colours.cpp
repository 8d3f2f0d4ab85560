#include "extract/rules/group_colours.hpp"

#include <algorithm>

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

std::vector<std::string> colour_fields(const std::vector<Field>& fields) {
  std::vector<std::string> out;
  for (const Field& f : fields) {
    if (f.type != FieldType::Text) continue;
    std::string own = f.id + " " + f.label;
    std::replace(own.begin(), own.end(), '_', ' ');
    auto tt = tokenize(own);
    if (std::any_of(tt.tokens.begin(), tt.tokens.end(),
                    [](const Token& t) { return words().colour_field_words.contains(t.norm); }))
      out.push_back(f.id);
  }
  return out;
}

bool is_colour_word(const Token& t) { return words().colour_words.contains(t.norm); }
bool is_colour_shade(const Token& t) { return words().colour_shades.contains(t.norm); }

std::vector<FieldCandidate> read_uncued_colour(const Scan& s, size_t field) {
  constexpr double kUncuedColour = 0.45;
  const Field& f = *s.lex.fields[field].field;
  if (colour_fields({f}).empty()) return {};
  auto said = first_colour(s.tt, 0, s.size(), [&](const Token& t) {
    return !t.speaker && !(s.tt.cased && t.capitalized && &t != &s.tt.tokens.front());
  });
  if (!said) return {};
  for (size_t i = said->first; i < said->last; ++i)
    if (s.anchor_at(i, field, false)) return {};
  FieldCandidate c;
  c.value = said->value;
  c.first = said->first;
  c.last = said->last;
  c.cue_first = said->first;
  c.score = kUncuedColour;
  return {c};
}

}  // namespace invox::rules
