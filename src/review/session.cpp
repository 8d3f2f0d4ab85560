#include "review/session.hpp"

#include <set>
#include <tuple>

#include <fmt/format.h>

#include "review/decision.hpp"
#include "review/screen.hpp"

namespace invox::review {

namespace {

using IssueKey = std::tuple<std::string, IssueType, std::string>;
IssueKey key_of(const Issue& i) { return {i.field, i.type, i.detail}; }

std::vector<Issue> open_issues(const ReviewForm& form, const std::set<IssueKey>& skipped) {
  std::vector<Issue> out;
  for (const auto& i : form.report.issues) {
    if (!skipped.count(key_of(i))) out.push_back(i);
  }
  return out;
}

enum class Next { SameForm, NextForm, Quit };
// What became of a decision: written; refused (the reason shown); not written because the form
// changed on disk (it was read again: show it afresh); or not written for another reason.
enum class Outcome { Saved, Refused, Reloaded, Failed };

// One form's walk; the state every step needs.
class FormWalk {
 public:
  FormWalk(Terminal& t, const SessionOptions& o, SessionResult& r, ReviewForm form, size_t index, size_t count)
      : t_(t), o_(o), r_(r), form_(std::move(form)), index_(index), count_(count), style_{t.colour()} {}

  Next run() {
    total_ = open_issues(form_, skipped_).size();
    for (;;) {
      const auto open = open_issues(form_, skipped_);
      if (open.empty()) return Next::SameForm;
      const Issue issue = open.front();
      t_.write(render_issue(form_, issue, {index_ + 1, count_, done_ + 1, std::max(total_, done_ + open.size())}, style_));
      const Next next = ask(issue);
      if (next != Next::SameForm) return next;
    }
  }

  // True when one of this walk's decisions made the form `complete` (not another reviewer's).
  [[nodiscard]] bool completed_here() const { return completed_here_; }

 private:
  // Keys until the issue is decided, skipped or the walk moves on.
  Next ask(const Issue& issue) {
    for (;;) {
      t_.write(key_prompt(style_));
      const int key = read_key(t_);
      t_.write(key > 32 && key < 127 ? std::string(1, static_cast<char>(key)) + "\n" : "\n");
      switch (key) {
        case 'a': case 'A':
          if (moves_on(decide(issue, Action::Accept, Json()))) return Next::SameForm;
          break;
        case 'c': case 'C':
          if (moves_on(decide(issue, Action::Clear, Json()))) return Next::SameForm;
          break;
        case 'e': case 'E':
          if (moves_on(edit(issue))) return Next::SameForm;
          break;
        case 's': case 'S': case ' ':
          skipped_.insert(key_of(issue));
          ++done_;
          return Next::SameForm;
        case 'n': case 'N':
          return Next::NextForm;
        case 'q': case 'Q': case kCtrlC: case kCtrlD: case kKeyEnd:
          return Next::Quit;
        case '?': case 'h': case 'H':
          t_.write(help_text());
          break;
        case 0:  // an arrow key or other escape sequence
          break;
        default:
          t_.write(style_.dim("unknown key; press ? for help") + "\n");
      }
    }
  }

  // Saved and Reloaded show the next screen; the others ask for a key again.
  static bool moves_on(Outcome o) { return o == Outcome::Saved || o == Outcome::Reloaded; }

  Outcome edit(const Issue& issue) {
    const Field* field = form_.tmpl->find(issue.field);
    if (!field) {
      t_.write(style_.red("this issue is not about one field of the template: accept or skip it") + "\n");
      return Outcome::Refused;
    }
    for (;;) {
      auto line = read_line(t_, fmt::format("new {} (Enter to save, Esc to cancel): ", field->display_label()));
      if (!line) {
        t_.write(style_.dim("edit cancelled") + "\n");
        return Outcome::Refused;
      }
      const Outcome o = decide(issue, Action::Edit, Json(*line));
      if (o != Outcome::Refused) return o;
      if (field->type == FieldType::Enum) t_.write("  options: " + options_line(*field) + "\n");
    }
  }

  // Applies and writes one decision.
  Outcome decide(const Issue& issue, Action action, const Json& input) {
    ReviewForm trial = form_;
    Expected<Change> change = Error::internal("no decision");
    if (issue.field.empty()) {
      if (action != Action::Accept) {
        t_.write(style_.red("this issue is about the whole form: accept or skip it") + "\n");
        return Outcome::Refused;
      }
      change = acknowledge_issue(trial, issue);
    } else {
      auto path = parse_value_path(issue.field);
      if (!path) change = path.error();
      else change = apply_decision(trial, ReviewDecision{*path, action, input}, o_.context);
    }
    if (!change) {
      t_.write(style_.red("refused: " + change.error().message) + "\n");
      return Outcome::Refused;
    }
    auto written = commit_form(o_.dir, trial, {*change}, Reviewer{o_.reviewer, o_.now()});
    if (!written) {
      t_.write(style_.red("not saved: " + written.error().message) + "\n");
      r_.errors.push_back(written.error().message);
      return Outcome::Failed;
    }
    if (*written == CommitResult::ChangedOnDisk) {
      t_.write(style_.yellow(fmt::format("{} changed on disk since it was shown (another reviewer?): read it again; "
                                         "this decision was not applied", form_.stem)) + "\n");
      reload();
      return Outcome::Reloaded;
    }
    form_ = std::move(trial);
    completed_here_ = form_.report.status == FormStatus::Complete;
    ++r_.decisions;
    ++done_;
    t_.write(style_.green(fmt::format("saved: {} {} -> {}", to_string(change->action), change->path.empty() ? "issue" : change->path,
                                      shown_value(change->to))) +
             style_.dim(fmt::format("  (form is now {})", to_string(form_.report.status))) + "\n");
    return Outcome::Saved;
  }

  void reload() {
    auto fresh = load_review_form(o_.dir, form_.stem, *o_.templates);
    if (!fresh) {
      t_.write(style_.red(fresh.error().message) + "\n");
      form_.report.issues.clear();  // nothing more to do on this form
      return;
    }
    form_ = std::move(*fresh);
    total_ = done_ + open_issues(form_, skipped_).size();
  }

  Terminal& t_;
  const SessionOptions& o_;
  SessionResult& r_;
  ReviewForm form_;
  size_t index_;
  size_t count_;
  Style style_;
  std::set<IssueKey> skipped_;
  size_t done_ = 0;   // issues decided or skipped so far
  size_t total_ = 0;  // issues of the form, as far as known
  bool completed_here_ = false;
};

}  // namespace

SessionResult run_review_session(Terminal& t, const SessionOptions& o) {
  SessionResult result;
  const Style style{t.colour()};
  const auto stems = stems_with_status(o.dir, FormStatus::NeedsReview);
  result.forms = stems.size();
  if (stems.empty()) {
    t.write(fmt::format("Nothing to review in {}: no form needs review.\n", o.dir.string()));
    return result;
  }
  t.write(fmt::format("{} form{} to review in {} (reviewer: {}); press ? for help.\n", stems.size(),
                      stems.size() == 1 ? "" : "s", o.dir.string(), o.reviewer));
  for (size_t i = 0; i < stems.size() && !result.quit; ++i) {
    auto form = load_review_form(o.dir, stems[i], *o.templates);
    if (!form) {
      t.write(style.red(form.error().message) + "\n");
      result.errors.push_back(form.error().message);
      continue;
    }
    if (form->report.status != FormStatus::NeedsReview) continue;  // finished by someone else meanwhile
    FormWalk walk(t, o, result, std::move(*form), i, stems.size());
    result.quit = walk.run() == Next::Quit;
    if (walk.completed_here()) result.completed.push_back(stems[i]);
  }
  t.write(fmt::format("\n{} decision{} saved; {} form{} now complete.{}\n", result.decisions,
                      result.decisions == 1 ? "" : "s", result.completed.size(), result.completed.size() == 1 ? "" : "s",
                      result.quit ? " Run the same command again to continue." : ""));
  return result;
}

}  // namespace invox::review
