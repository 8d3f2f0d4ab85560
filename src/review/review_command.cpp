#include "review/review_command.hpp"

#include <fmt/format.h>

#include "invox/models.hpp"
#include "invox/normalize.hpp"
#include "invox/template_set.hpp"
#include "review/apply.hpp"
#include "review/learn.hpp"
#include "review/session.hpp"
#include "util/file_io.hpp"
#include "util/time_format.hpp"

namespace invox::review {

namespace fs = std::filesystem;

namespace {

void print(std::FILE* f, const std::string& s) { std::fputs(s.c_str(), f); }

// --learn after the review: failures are reported, never undo what review wrote.
int learn(const ReviewCommandOptions& o, const std::vector<std::string>& completed, std::FILE* out, std::FILE* err) {
  if (!o.learn || completed.empty()) {
    if (o.learn) print(out, "--learn: no form was made complete; nothing added to the history store\n");
    return 0;
  }
  auto store = open_history_store(*o.learn, o.services);
  if (!store) {
    print(err, fmt::format("invox: error: --learn: {}\n", store.error().message));
    return 1;
  }
  const auto r = review::learn_reviewed(**store, o.dir, completed);
  for (const auto& f : r.failed) print(err, fmt::format("invox: error: --learn: {}\n", f));
  print(out, fmt::format("--learn: added {} reviewed form{} to the history store\n", r.added, r.added == 1 ? "" : "s"));
  return r.failed.empty() ? 0 : 1;
}

Expected<int> run_apply(const ReviewCommandOptions& o, const TemplateSet& templates, const std::string& reviewer,
                        std::FILE* out, std::FILE* err) {
  auto doc = util::read_json_file(o.apply_file);
  if (!doc) return Error::config(fmt::format("--apply: {}", doc.error().message));
  review::ApplyOptions a;
  a.dir = o.dir;
  a.templates = &templates;
  a.context = o.context;
  a.who = {reviewer, util::utc_now_iso8601()};
  auto r = review::apply_decisions(*doc, a);
  if (!r) return r.error();
  std::vector<std::string> completed;
  for (const auto& f : r->forms) {
    print(out, fmt::format("{}: {} change{} applied, status {}\n", f.stem, f.changes, f.changes == 1 ? "" : "s",
                           to_string(f.status)));
    if (f.completed) completed.push_back(f.stem);
  }
  for (const auto& rejected : r->rejected) print(err, fmt::format("invox: error: rejected: {}\n", rejected));
  const int learned = learn(o, completed, out, err);
  return r->rejected.empty() && learned == 0 ? 0 : 1;
}

}  // namespace

Expected<int> run_review(const ReviewCommandOptions& o, std::FILE* out, std::FILE* err) {
  std::error_code ec;
  if (!fs::is_directory(o.dir, ec)) {
    return Error::config(fmt::format("{}: not a folder; give the --out folder of a fill run", o.dir.string()));
  }
  if (auto s = validate_context(o.context); !s) return s.error();
  auto templates = load_template_set(o.templates);
  if (!templates) return templates.error();
  const std::string reviewer = o.reviewer.empty() ? review::default_reviewer() : o.reviewer;
  if (!o.apply_file.empty()) return run_apply(o, *templates, reviewer, out, err);

  if (!review::on_terminal()) {
    return Error::config("invox review is interactive and needs a terminal; for scripts and other front-ends use "
                         "'invox review DIR --apply FILE' with {\"<stem>\": {\"<field>\": value}} (docs/REVIEW.md)");
  }
  review::SessionResult result;
  {
    review::TtyTerminal terminal(review::colour_wanted(true));
    review::SessionOptions s{o.dir, &*templates, o.context, reviewer, [] { return util::utc_now_iso8601(); }};
    result = review::run_review_session(terminal, s);
  }  // the terminal is back in its normal mode before anything else is printed
  const int learned = learn(o, result.completed, out, err);
  return result.errors.empty() && learned == 0 ? 0 : 1;
}

}  // namespace invox::review
