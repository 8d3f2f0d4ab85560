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

}  // namespace invox::rules
