#pragma once
// `invox review DIR --apply FILE`: decisions from a file instead of a terminal, for scripts and
// other front-ends. FILE is {"<stem>": {"<field or path>": value}}; a value is validated like a
// typed edit (null clears the field, the value already there accepts it). Valid values are
// applied and logged; each rejected one is reported and leaves its field as it was.
#include <filesystem>
#include <string>
#include <vector>

#include "invox/template_set.hpp"
#include "invox/normalize.hpp"
#include "review/commit.hpp"

namespace invox::review {

struct ApplyOptions {
  std::filesystem::path dir;
  const TemplateSet* templates = nullptr;
  NormalizeContext context;
  Reviewer who;
  int max_attempts = 3;  // re-reads of a form another writer changed meanwhile
};

struct FormApplied {
  std::string stem;
  size_t changes = 0;
  FormStatus status = FormStatus::NeedsReview;
  bool completed = false;  // review made it `complete`
};

struct ApplyResult {
  std::vector<FormApplied> forms;
  std::vector<std::string> rejected;  // "<stem>: <path>: <why>"
};

// Errors: FILE unreadable or not of the documented shape (a usage error). Per-value problems
// are in `rejected`.
[[nodiscard]] Expected<ApplyResult> apply_decisions(const Json& decisions, const ApplyOptions& options);

}  // namespace invox::review
