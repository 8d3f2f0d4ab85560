#pragma once
// The interactive walk of `invox review DIR`, in the spirit of `git add -p`: the
// `needs_review` forms one issue at a time, a single key per decision, every decision written
// at once (so quitting keeps it and a rerun continues with what is still open).
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "invox/template_set.hpp"
#include "invox/normalize.hpp"
#include "review/commit.hpp"
#include "review/terminal.hpp"

namespace invox::review {

struct SessionOptions {
  std::filesystem::path dir;
  const TemplateSet* templates = nullptr;
  NormalizeContext context;
  std::string reviewer;
  std::function<std::string()> now;  // ISO 8601 UTC time of a decision
};

struct SessionResult {
  size_t forms = 0;      // forms that needed review when the walk started
  size_t decisions = 0;  // written
  std::vector<std::string> completed;  // stems this walk made `complete`
  std::vector<std::string> errors;     // forms that could not be read or written
  bool quit = false;
};

[[nodiscard]] SessionResult run_review_session(Terminal& terminal, const SessionOptions& options);

}  // namespace invox::review
