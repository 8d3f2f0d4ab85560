#include "readback/readback_text.hpp"

#include <cctype>
#include <map>

#include "invox/spoken.hpp"

namespace invox::readback {

namespace {

bool digits_at(const std::string& s, std::initializer_list<size_t> positions) {
  for (size_t p : positions) {
    if (p >= s.size() || !std::isdigit(static_cast<unsigned char>(s[p]))) return false;
  }
  return true;
}

// "Vital signs / nursing observation" -> "vital signs, nursing observation": slashes are for the eye.
std::string form_name(const ReadbackInput& in) {
  std::string name = in.tmpl && !in.tmpl->title.empty() ? in.tmpl->title : in.form->template_id;
  std::string out;
  for (char c : name) {
    if (c == '/' || c == '-' || c == '_') {
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += c == '/' ? ", " : " ";
    } else if (!(c == ' ' && !out.empty() && out.back() == ' ')) {
      out += c;
    }
  }
  return out;
}

// The question for a flagged field: the clarify issue's own question first, else a request to
// confirm the value, else an open question.
std::string question_for(const Field& field, const FilledField* filled, const std::vector<const Issue*>& issues) {
  for (const Issue* i : issues) {
    if (!i->question.empty()) return i->question;
  }
  if (filled && !filled->value.is_null()) return spoken::confirm_question(field, filled->value);
  return spoken::clarify_question(field, *issues.front());
}

}  // namespace

Field field_for_value(const std::string& id, const Json& value) {
  Field f;
  f.id = id;
  f.label = id;
  if (value.is_boolean()) f.type = FieldType::Boolean;
  else if (value.is_number()) f.type = FieldType::Number;
  else if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (s.size() == 10 && s[4] == '-' && s[7] == '-' && digits_at(s, {0, 1, 2, 3, 5, 6, 8, 9})) f.type = FieldType::Date;
    else if (s.size() == 5 && s[2] == ':' && digits_at(s, {0, 1, 3, 4})) f.type = FieldType::Time;
  }
  return f;
}

std::vector<ReadbackLine> readback_lines(const ReadbackInput& in) {
  std::vector<ReadbackLine> lines;
  if (!in.form) return lines;
  std::map<std::string, std::vector<const Issue*>> flagged;
  if (in.report) {
    for (const auto& i : in.report->issues) {
      if (!i.field.empty()) flagged[i.field].push_back(&i);
    }
  }
  lines.push_back({"", false, "Reading back: " + form_name(in) + "."});
  std::vector<ReadbackLine> questions;
  for (const auto& [id, filled] : in.form->filled) {
    const Field* known = in.tmpl ? in.tmpl->find(id) : nullptr;
    const Field field = known ? *known : field_for_value(id, filled.value);
    if (auto it = flagged.find(id); it != flagged.end()) {
      questions.push_back({id, true, question_for(field, &filled, it->second)});
      continue;
    }
    if (filled.value.is_null()) continue;
    lines.push_back({id, false, spoken::value_statement(field, filled.value)});
  }
  // Issues about fields the form does not list (a required field of a newer template, say).
  for (const auto& [id, issues] : flagged) {
    if (in.form->find(id) || !in.tmpl || !in.tmpl->find(id)) continue;
    questions.push_back({id, true, question_for(*in.tmpl->find(id), nullptr, issues)});
  }
  if (lines.size() == 1 && questions.empty()) {
    lines.push_back({"", false, "Nothing has been filled in yet."});
    return lines;
  }
  const bool values = lines.size() > 1;
  for (auto& q : questions) lines.push_back(std::move(q));
  if (questions.empty()) lines.push_back({"", false, "Is that correct?"});
  else if (values) lines.push_back({"", false, "Is everything else correct?"});
  return lines;
}

std::string readback_text(const std::vector<ReadbackLine>& lines) {
  std::string out;
  for (const auto& l : lines) out += l.text + "\n";
  return out;
}

}  // namespace invox::readback
