#include "review/apply.hpp"

#include <fmt/format.h>

namespace invox::review {

namespace {

struct FormChanges {
  std::vector<Change> changes;
  std::vector<std::string> rejected;
};

FormChanges apply_all(ReviewForm& form, const Json& values, const NormalizeContext& context) {
  FormChanges out;
  for (const auto& [path_text, value] : values.items()) {
    auto path = parse_value_path(path_text);
    if (!path) {
      out.rejected.push_back(fmt::format("{}: {}", form.stem, path.error().message));
      continue;
    }
    ReviewDecision d{*path, value.is_null() ? Action::Clear : Action::Edit, value};
    auto change = apply_decision(form, d, context);
    if (!change) out.rejected.push_back(fmt::format("{}: {}", form.stem, change.error().message));
    else out.changes.push_back(std::move(*change));
  }
  return out;
}

}  // namespace

Expected<ApplyResult> apply_decisions(const Json& decisions, const ApplyOptions& o) {
  if (!decisions.is_object()) {
    return Error::config("the --apply file must be an object: {\"<stem>\": {\"<field>\": value}}");
  }
  for (const auto& [stem, values] : decisions.items()) {
    if (!values.is_object()) {
      return Error::config(fmt::format("--apply: '{}' must map field ids to values: {{\"<field>\": value}}", stem));
    }
  }
  ApplyResult result;
  for (const auto& [stem, values] : decisions.items()) {
    for (int attempt = 1;; ++attempt) {
      auto form = load_review_form(o.dir, stem, *o.templates);
      if (!form) {
        result.rejected.push_back(fmt::format("{}: {}", stem, form.error().message));
        break;
      }
      const FormStatus before = form->report.status;
      FormChanges out = apply_all(*form, values, o.context);
      if (out.changes.empty()) {
        for (auto& r : out.rejected) result.rejected.push_back(std::move(r));
        break;
      }
      auto written = commit_form(o.dir, *form, out.changes, o.who);
      if (!written) {
        result.rejected.push_back(fmt::format("{}: {}", stem, written.error().message));
        break;
      }
      if (*written == CommitResult::ChangedOnDisk && attempt < o.max_attempts) continue;  // read again, redo
      if (*written == CommitResult::ChangedOnDisk) {
        result.rejected.push_back(fmt::format("{}: the outputs kept changing on disk while applying; try again", stem));
        break;
      }
      for (auto& r : out.rejected) result.rejected.push_back(std::move(r));
      const FormStatus after = form->report.status;
      result.forms.push_back({stem, out.changes.size(), after,
                              before != FormStatus::Complete && after == FormStatus::Complete});
      break;
    }
  }
  return result;
}

}  // namespace invox::review
