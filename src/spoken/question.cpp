#include "spoken/question.hpp"

#include "spoken/spoken_value.hpp"

namespace invox::spoken {

namespace {

// More options than this are not read out in a question; the speaker is asked openly.
constexpr size_t kMaxOptionsSaid = 6;

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string or_list(const std::vector<std::string>& items) {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) s += i + 1 == items.size() ? " or " : ", ";
    s += items[i];
  }
  return s;
}

// "allergies" takes "are"; an English plural label ends in "s" but not "ss", "us" or "is"
// ("address", "status", "diagnosis").
bool plural(const std::string& label) {
  if (label.size() < 3 || label.back() != 's') return false;
  const char before = label[label.size() - 2];
  return before != 's' && before != 'u' && before != 'i';
}

// "Reported by", "Assigned to": a label that ends in a preposition names a person or place, not a
// thing, so "What is the reported by?" would be wrong.
bool ends_in_preposition(const std::string& label) {
  const size_t space = label.find_last_of(' ');
  const std::string last = space == std::string::npos ? label : label.substr(space + 1);
  return last == "by" || last == "to" || last == "for" || last == "from" || last == "with";
}

std::string reading(const Field& field, const Json& value) {
  // Two readings of a date differ in day and month: "the third of April" says which is which.
  if (field.type == FieldType::Date && value.is_string()) return spoken_date(value.get<std::string>(), DateStyle::DayFirst);
  return spoken_value(field, value);
}

bool same_year(const std::vector<Json>& dates) {
  for (const auto& d : dates) {
    if (!d.is_string() || d.get<std::string>().size() != 10) return false;
    if (d.get<std::string>().substr(0, 4) != dates.front().get<std::string>().substr(0, 4)) return false;
  }
  return true;
}

std::string open_question(const Field& field) {
  const std::string label = spoken_label(field);
  switch (field.type) {
    case FieldType::Boolean:
      return capitalized(label) + ": yes or no?";
    case FieldType::Enum:
      if (!field.options.empty() && field.options.size() <= kMaxOptionsSaid) {
        return "What is the " + label + ": " + or_list(field.options) + "?";
      }
      break;
    case FieldType::Number:
      if (!field.unit.empty()) return "What is the " + label + ", in " + spoken_unit(field.unit) + "?";
      break;
    default:
      break;
  }
  if (ends_in_preposition(label)) return "Who or what is it " + label + "?";
  return std::string(plural(label) ? "What are the " : "What is the ") + label + "?";
}

}  // namespace

std::string clarify_question(const Field& field, const Issue& issue, const Ambiguity& ambiguity) {
  const std::string label = spoken_label(field);
  if (ambiguity.readings.size() >= 2) {
    std::vector<std::string> said;
    const bool drop_year = field.type == FieldType::Date && same_year(ambiguity.readings);
    for (const auto& r : ambiguity.readings) {
      said.push_back(drop_year ? spoken_date(r.get<std::string>(), DateStyle::DayFirst, false) : reading(field, r));
    }
    return "Was the " + label + " " + or_list(said) + "?";
  }
  if (issue.type == IssueType::Ambiguous || issue.type == IssueType::Invalid) {
    // The words were unclear and no reading stands out: say what was heard, then ask.
    const std::string heard = ambiguity.heard.empty() ? "" : "I heard \"" + ambiguity.heard + "\". ";
    return heard + open_question(field);
  }
  return open_question(field);
}

std::string confirm_question(const Field& field, const Json& value) {
  const std::string label = spoken_label(field);
  const std::string said = spoken_value(field, value);
  if (field.type == FieldType::Boolean) return capitalized(label) + ": " + said + ", is that right?";
  if (ends_in_preposition(label)) return capitalized(label) + " " + said + ", is that right?";
  return std::string(plural(label) ? "Are the " : "Is the ") + label + " " + said + "?";
}

}  // namespace invox::spoken
