// VER, rule-based: runs every check over an assembled form and decides the status.
#include "invox/verify.hpp"

#include <set>

#include <fmt/format.h>

#include "invox/spoken.hpp"
#include "util/rounding.hpp"
#include "verify/grounding.hpp"
#include "verify/group_checks.hpp"
#include "verify/kept_signals.hpp"
#include "verify/mentions.hpp"

namespace invox::verify {

namespace {


// An optional field left empty. With kept maps its probability of being rightly empty decides;
// without, it is flagged only when the transcript names it (spoken about yet empty: the value
// was probably missed).
std::optional<Issue> review_empty_field(const Field& field, const FilledField* ff, const util::FoldedText& folded,
                                        const VerifyParams& params) {
  if (ff && ff->locked) return std::nullopt;
  const auto said = field_mention(field, folded);
  if (ff && ff->kept_confidence) {
    const double shown = util::shown_confidence(*ff->kept_confidence);
    if (shown >= params.review_threshold) return std::nullopt;
    return Issue{field.id, IssueType::Missing,
                 fmt::format("'{}' was left empty, but a field left empty like it is rightly empty with probability "
                             "{}, below the review threshold {}{}",
                             field.display_label(), shown, params.review_threshold,
                             said ? fmt::format(" (the transcript mentions it: \"{}\")", *said) : std::string()),
                 IssueAction::ManualReview};
  }
  if (!said) return std::nullopt;
  return Issue{
      field.id, IssueType::Missing,
      fmt::format("'{}' is mentioned in the transcript (\"{}\") but no value was read for it", field.display_label(), *said),
      IssueAction::ManualReview};
}

// A value carried from the current values that the new transcript puts in doubt.
std::optional<Issue> review_kept_value(const Field& field, const FilledField& ff, const VerifyParams& params) {
  if (ff.locked || !ff.kept_confidence) return std::nullopt;
  const double shown = util::shown_confidence(*ff.kept_confidence);
  if (shown >= params.review_threshold) return std::nullopt;
  return Issue{field.id, IssueType::LowConf,
               fmt::format("'{}' kept its current value, which is still right with probability {}, below the "
                           "review threshold {}: the new transcript talks about it but no new value was read",
                           field.display_label(), shown, params.review_threshold),
               IssueAction::ManualReview};
}

}  // namespace

std::map<std::string, double> kept_raw_scores(const VerifyInput& in) {
  std::map<std::string, double> out;
  if (!in.tmpl || !in.form) return out;
  const std::string_view text = in.transcript ? std::string_view(in.transcript->text) : std::string_view();
  const util::FoldedText folded = util::fold_text(text);
  KeptForm form;
  form.transcript = text;
  form.folded = &folded;
  form.context = in.context;
  form.claimed = claimed_spans(*in.form);
  form.conversation = has_speaker_turns(text);
  form.unread_words = unread_words(text, *in.tmpl, form.claimed);
  for (const Field& field : in.tmpl->fields) {
    const FilledField* ff = in.form->find(field.id);
    if (!ff || ff->locked || ff->changed) continue;
    if (ff->value.is_null() && field.required) continue;  // always asked for (missing, clarify)
    out[field.id] = combine_kept_signals(kept_signals({&field, ff, &form}));
  }
  return out;
}

std::vector<Issue> verify_form(const VerifyInput& in, const VerifyParams& params) {
  std::vector<Issue> issues;
  if (!in.tmpl || !in.form) return issues;
  static const Transcript kEmpty;
  VerifyInput input = in;
  if (!input.transcript) input.transcript = &kEmpty;
  const util::FoldedText folded = util::fold_text(input.transcript->text);

  for (const Field& field : in.tmpl->fields) {
    const FilledField* ff = in.form->find(field.id);
    const bool empty = !ff || ff->value.is_null();
    if (empty) {
      if (field.required) {
        Issue missing{field.id, IssueType::Missing,
                      fmt::format("required field '{}' is empty: the transcript does not give it", field.display_label()),
                      IssueAction::Clarify};
        missing.question = spoken::clarify_question(field, missing);
        issues.push_back(std::move(missing));
      } else if (auto issue = review_empty_field(field, ff, folded, params)) {
        issues.push_back(std::move(*issue));
      }
      continue;
    }
    if (!ff->changed) {
      // Carried unchanged: exempt from grounding and confidence, but doubtful when the new
      // transcript talks about it and the run read nothing new (its kept probability).
      if (auto issue = review_kept_value(field, *ff, params)) issues.push_back(std::move(*issue));
    }
    if (field.is_group()) {
      // Checked item by item, each issue naming its sub-value ("vehicles[1].colour").
      for (auto& issue : group_issues(field, *ff, input, folded, params)) issues.push_back(std::move(issue));
      continue;
    }
    if (auto problem = type_problem(field, ff->value)) {
      // A value this run produced may be fixed by asking the model again with the problem as
      // a hint; a carried value came from a person or an earlier run and needs a person.
      issues.push_back({field.id, IssueType::Invalid, *problem,
                        ff->changed ? IssueAction::Requery : IssueAction::ManualReview});
      continue;
    }
    if (ff->changed) {
      if (auto issue = review_fresh_value(field.id, field, ff->value, ff->evidence, ff->confidence, input, folded, params)) issues.push_back(std::move(*issue));
    }
  }

  for (const Constraint& c : in.tmpl->constraints) {
    if (auto problem = constraint_problem(*in.tmpl, c, *in.form)) {
      issues.push_back({c.left, IssueType::Conflict, *problem, IssueAction::ManualReview});
    }
  }
  return issues;
}

bool needs_person(const Issue&) {
  // Issues are only reported when something is wrong with the final form: a required value is
  // missing, a value is invalid, ambiguous, doubtful or contradicts another. Even a `requery`
  // issue left after the clarification rounds means the form is not trustworthy as is.
  return true;
}

FormStatus status_for(const std::vector<Issue>& issues) {
  for (const auto& i : issues) {
    if (needs_person(i)) return FormStatus::NeedsReview;
  }
  return FormStatus::Complete;
}

std::vector<Issue> dedupe_issues(std::vector<Issue> issues) {
  // A field CF read as invalid or ambiguous is empty because of that: it is not also missing.
  std::set<std::string> explained;
  for (const auto& i : issues)
    if (i.type == IssueType::Invalid || i.type == IssueType::Ambiguous) explained.insert(i.field);
  std::set<std::pair<std::string, IssueType>> seen;
  std::vector<Issue> out;
  for (auto& i : issues) {
    if (i.type == IssueType::Missing && explained.contains(i.field)) continue;
    if (seen.insert({i.field, i.type}).second) out.push_back(std::move(i));
  }
  return out;
}

}  // namespace invox::verify
