#pragma once
// `invox review --learn`: every form this review made `complete` goes into the history store
// (the same store `fill --history/--learn` uses), values and evidence snippets alike; reviewed
// values are the best few-shots and cue sources there are.
#include <filesystem>
#include <string>
#include <vector>

#include "invox/history.hpp"

namespace invox::review {

struct LearnResult {
  size_t added = 0;
  std::vector<std::string> failed;  // "<stem>: <why>"
};

[[nodiscard]] LearnResult learn_reviewed(HistoryStore& store, const std::filesystem::path& dir,
                                         const std::vector<std::string>& stems);

}  // namespace invox::review
