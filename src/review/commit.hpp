#pragma once
// Writing a reviewed form back: under a lock on DIR/review-log.jsonl (so two reviewers on one
// folder take turns), only when neither output changed on disk since the form was read (no
// lost update), each output atomically, and one line per change appended to the log.
#include <filesystem>
#include <string>
#include <vector>

#include "review/decision.hpp"
#include "review/review_form.hpp"

namespace invox::review {

// Who decided and when, for the report's `review` record and the log.
struct Reviewer {
  std::string by;
  std::string at;  // ISO 8601 UTC
};

enum class CommitResult {
  Written,
  ChangedOnDisk,  // another writer changed the outputs since they were read: nothing written
};

// DIR/review-log.jsonl
[[nodiscard]] std::filesystem::path review_log_path(const std::filesystem::path& dir);

// One log line: {"by", "at", "stem", "field", "from", "to", "action"}.
[[nodiscard]] Json log_entry(const Reviewer& who, const std::string& stem, const Change& change);

// Records `changes` in the report's review record and writes `form` (already changed in
// memory). On success the form remembers the bytes written, so later decisions in the same
// session are checked against them.
[[nodiscard]] Expected<CommitResult> commit_form(const std::filesystem::path& dir, ReviewForm& form,
                                                 const std::vector<Change>& changes, const Reviewer& who);

// The reviewer's name: $INVOX_REVIEWER, else the login name, else "unknown".
[[nodiscard]] std::string default_reviewer();

}  // namespace invox::review
