#include "review/screen.hpp"

#include <fmt/format.h>

#include "review/evidence_context.hpp"

namespace invox::review {

namespace {

std::string styled(bool on, const char* code, const std::string& s) {
  return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, s) : s;
}

void row(std::string& out, const Style& st, const std::string& name, const std::string& text) {
  out += fmt::format("  {} {}\n", st.dim(fmt::format("{:<11}", name)), text);
}

std::string seconds(double s) { return fmt::format("{:.1f}", s); }

std::string audio_span(const EvidenceContext& c) {
  if (c.start && c.end) return fmt::format("audio {}–{} s", seconds(*c.start), seconds(*c.end));
  if (c.start) return fmt::format("audio from {} s", seconds(*c.start));
  return {};
}

}  // namespace

std::string Style::bold(const std::string& s) const { return styled(on, "1", s); }
std::string Style::dim(const std::string& s) const { return styled(on, "2", s); }
std::string Style::red(const std::string& s) const { return styled(on, "31", s); }
std::string Style::green(const std::string& s) const { return styled(on, "32", s); }
std::string Style::yellow(const std::string& s) const { return styled(on, "33", s); }
std::string Style::mark(const std::string& s) const { return on ? styled(on, "7;1", s) : ">>" + s + "<<"; }

std::string shown_value(const Json& value) {
  if (value.is_null()) return "(empty)";
  if (value.is_string()) return value.get<std::string>();
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string options_line(const Field& field) {
  if (field.type != FieldType::Enum) return {};
  std::string s;
  for (size_t i = 0; i < field.options.size(); ++i) s += fmt::format("{}{}) {}", i ? "  " : "", i + 1, field.options[i]);
  return s;
}

std::string render_issue(const ReviewForm& form, const Issue& issue, const Progress& p, const Style& st) {
  std::string out = "\n";
  out += st.dim(fmt::format("form {}/{}, issue {}/{}", p.form, p.forms, p.issue, p.issues)) + "  " +
         st.bold(form.stem) + st.dim(fmt::format("  ({})", form.form.template_id)) + "\n";
  const Field* field = issue.field.empty() ? nullptr : form.tmpl->find(issue.field);
  const FilledField* filled = field ? form.form.find(field->id) : nullptr;
  if (field) {
    std::string head = st.bold(field->display_label());
    head += st.dim(fmt::format("  {} · {}{}", field->id, to_string(field->type), field->required ? " · required" : ""));
    out += "  " + head + "\n";
    const Json value = filled ? filled->value : Json();
    row(out, st, "value", st.yellow(shown_value(value)) + (field->unit.empty() || value.is_null() ? "" : " " + field->unit));
    if (filled && !value.is_null()) {
      row(out, st, "confidence", fmt::format("{:.2f}{}", filled->confidence,
                                             filled->source.empty() ? "" : "   source " + filled->source));
    }
  } else {
    out += "  " + st.bold(issue.field.empty() ? "(whole form)" : issue.field) +
           (issue.field.empty() ? "" : st.dim("  not a field of the template")) + "\n";
  }
  row(out, st, "issue", st.red(std::string(to_string(issue.type))) +
                            st.dim(fmt::format(" ({})", to_string(issue.action))) + ": " + issue.detail);
  if (!issue.question.empty()) row(out, st, "ask", issue.question);
  if (field && field->type == FieldType::Enum) row(out, st, "options", options_line(*field));

  EvidenceContext ctx;
  if (filled && filled->evidence) ctx = evidence_context(form.form.transcript, filled->evidence);
  if (ctx.lines.empty() && field) ctx = mention_context(form.form.transcript, *field);
  const std::string audio = audio_span(ctx);
  if (!ctx.lines.empty() || !audio.empty()) {
    row(out, st, "transcript", st.dim(audio));
    for (const auto& l : ctx.lines) {
      out += "    " + st.dim("│") + " " + l.before + (l.marked.empty() ? "" : st.mark(l.marked)) + l.after + "\n";
    }
  } else if (!form.form.transcript.empty()) {
    row(out, st, "transcript", st.dim("(the transcript does not mention it)"));
  }
  return out;
}

std::string key_prompt(const Style& st) {
  return st.bold("[a]") + "ccept " + st.bold("[e]") + "dit " + st.bold("[c]") + "lear " + st.bold("[s]") + "kip " +
         st.bold("[n]") + "ext form " + st.bold("[q]") + "uit " + st.bold("[?]") + " help > ";
}

std::string help_text() {
  return "\n"
         "  a  accept   keep the value as it is (a person vouches for it)\n"
         "  e  edit     type a new value; it is checked like any extracted value and refused\n"
         "              with the reason when invalid (enum: type the option or its number)\n"
         "  c  clear    empty the field\n"
         "  s  skip     leave this issue open for later\n"
         "  n  next     leave the rest of this form open, go to the next form\n"
         "  q  quit     stop; every decision so far is saved (Ctrl-C and Ctrl-D too)\n"
         "  ?  help     this text\n"
         "  Each decision is written at once: the form is rewritten atomically and a line is\n"
         "  appended to review-log.jsonl. Run `invox review DIR` again to continue.\n";
}

}  // namespace invox::review
