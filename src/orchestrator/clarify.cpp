#include "orchestrator/clarify.hpp"

#include "invox/spoken.hpp"

namespace invox {

namespace {

void add_distinct(std::vector<Json>& out, const Json& value, const Field& field) {
  if (value.is_null()) return;
  for (const auto& v : out) {
    if (values_match(v, value, field)) return;
  }
  out.push_back(value);
}

}  // namespace

std::vector<Json> ambiguous_readings(const Json& raw, const Field& field, const NormalizeContext& context) {
  std::vector<Json> out;
  if (raw.is_array()) {
    for (const auto& e : raw) add_distinct(out, normalize_value_for_field(e, field, context).value, field);
  } else if (field.type == FieldType::Date) {
    // "3/4/92" where the locale does not decide: month first, then day first.
    for (const char* locale : {"en-US", "en-GB"}) {
      NormalizeContext c = context;
      c.locale = locale;
      add_distinct(out, normalize_value_for_field(raw, field, c).value, field);
    }
  } else if (field.type == FieldType::Enum) {
    // Each option alone, with only its own synonyms: the options the words match.
    for (const auto& option : field.options) {
      Field one = field;
      one.options = {option};
      one.option_aliases.clear();
      if (auto it = field.option_aliases.find(option); it != field.option_aliases.end()) one.option_aliases[option] = it->second;
      add_distinct(out, normalize_value_for_field(raw, one, context).value, field);
    }
  }
  if (out.size() < 2) out.clear();
  return out;
}

void attach_question(Issue& issue, const Field& field, const Json& raw, const NormalizeContext& context) {
  if (issue.action != IssueAction::Clarify) return;
  spoken::Ambiguity ambiguity;
  if (!raw.is_null()) {
    ambiguity.readings = ambiguous_readings(raw, field, context);
    if (raw.is_string()) ambiguity.heard = raw.get<std::string>();
  }
  issue.question = spoken::clarify_question(field, issue, ambiguity);
}

}  // namespace invox
