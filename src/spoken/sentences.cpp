#include "invox/spoken.hpp"

#include <optional>

#include "spoken/spoken_value.hpp"
#include "util/strings.hpp"

namespace invox::spoken {

namespace {

// More options than this are not read out in a question; the speaker is asked openly.
constexpr size_t kMaxOptionsSaid = 6;

bool plural_word(const std::string& w) {
  if (w.size() < 3 || w.back() != 's') return false;
  const char before = w[w.size() - 2];
  return before != 's' && before != 'u' && before != 'i';
}

// "filed", "found", "taken": a past participle, as labels of yes/no fields and lists end in.
// "need" and "speed" end in "ed" without being one.
bool participle_word(const std::string& w) {
  if (w.size() <= 3) return false;
  if (w.ends_with("ed")) return !w.ends_with("eed");
  return w == "found" || w == "taken" || w == "given" || w == "done";
}

// "allergies" takes "are": an English plural ends in "s" but not "ss", "us" or "is" ("address",
// "status", "diagnosis"). In "procedures performed" or "defects found" the noun comes before the
// participle.
bool plural(const std::string& label) {
  const auto words = util::split(label, ' ');
  if (words.empty()) return false;
  if (plural_word(words.back())) return true;
  return participle_word(words.back()) && words.size() >= 2 && plural_word(words[words.size() - 2]);
}

// A "no" for a label that ends in a participle is said as the negated label: "police report not
// filed". A bare "no" after a label is the word a recognizer most often mishears ("filed now"),
// and without punctuation "filed no injuries reported" reads as "no injuries"; "not" inside the
// label is heard reliably and keeps the answer with its own label.
std::optional<std::string> negated_label(const std::string& label) {
  auto words = util::split(label, ' ');
  if (words.empty() || !participle_word(words.back())) return std::nullopt;
  words.insert(words.end() - 1, "not");
  return util::join(words, " ");
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
        return "What is the " + label + ": " + spoken_list(field.options, "or") + "?";
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

// Any other label takes "negative" for a no, as voice procedure says it: the one-syllable "no" at
// the end of a sentence is heard as "now" ("guards in place now"), which reads as a yes.
std::string boolean_answer(const Json& value, const std::string& said) {
  return value == Json(false) ? std::string("negative") : said;
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
    return "Was the " + label + " " + spoken_list(said, "or") + "?";
  }
  if (issue.type == IssueType::Ambiguous || issue.type == IssueType::Invalid) {
    // The words were unclear and no reading stands out: say what was heard, then ask.
    const std::string heard = ambiguity.heard.empty() ? "" : "I heard \"" + ambiguity.heard + "\". ";
    return heard + open_question(field);
  }
  return open_question(field);
}

std::string value_statement(const Field& field, const Json& value) {
  const std::string label = spoken_label(field);
  const std::string said = spoken_value(field, value);
  if (field.type == FieldType::Boolean) {
    const auto negated = value == Json(false) ? negated_label(label) : std::nullopt;
    return negated ? capitalized(*negated) + "." : capitalized(label) + ": " + boolean_answer(value, said) + ".";
  }
  if (ends_in_preposition(label)) return capitalized(label) + " " + said + ".";
  return capitalized(label) + (plural(label) ? " are " : " is ") + said + ".";
}

std::string confirm_question(const Field& field, const Json& value) {
  const std::string label = spoken_label(field);
  const std::string said = spoken_value(field, value);
  if (field.type == FieldType::Boolean) {
    const auto negated = value == Json(false) ? negated_label(label) : std::nullopt;
    return (negated ? capitalized(*negated) : capitalized(label) + ": " + boolean_answer(value, said)) +
           ", is that right?";
  }
  if (ends_in_preposition(label)) return capitalized(label) + " " + said + ", is that right?";
  return std::string(plural(label) ? "Are the " : "Is the ") + label + " " + said + "?";
}

}  // namespace invox::spoken
