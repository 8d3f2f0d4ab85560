#pragma once
// `invox review DIR`: the interactive walk on a terminal, or `--apply FILE` for scripts; then
// `--learn` adds the forms review made complete to the history store. See docs/REVIEW.md.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/history.hpp"
#include "invox/models.hpp"
#include "invox/normalize.hpp"

namespace invox::review {

struct ReviewCommandOptions {
  std::filesystem::path dir;
  std::vector<std::filesystem::path> templates;  // files or folders; none = ./templates
  std::filesystem::path apply_file;              // empty = interactive
  NormalizeContext context;                      // how typed dates ("yesterday") are read
  std::string reviewer;                          // empty = $INVOX_REVIEWER or the login name
  std::optional<HistoryOptions> learn;           // --learn: the history store to add to
  ModelServices services;                        // endpoints and keys for --learn's embeddings
};

// The exit code: 0 done; 1 a value was rejected, a form could not be read or written, or
// learning failed. Usage errors (no such folder, no terminal without --apply, a malformed
// --apply file, bad context flags) come back as errors (exit 2).
[[nodiscard]] Expected<int> run_review(const ReviewCommandOptions& options, std::FILE* out, std::FILE* err);

}  // namespace invox::review
