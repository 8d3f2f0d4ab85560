#pragma once
// `invox readback FILLED [--wav FILE]`: the spoken confirmation of a filled form on stdout,
// and optionally as speech. The report beside the filled form (`<stem>.report.json`) turns
// flagged fields into questions. See docs/REVIEW.md.
#include <cstdio>
#include <filesystem>
#include <vector>

#include "invox/expected.hpp"

namespace invox::readback {

struct ReadbackCommandOptions {
  std::filesystem::path filled;                  // <stem>.filled.json
  std::vector<std::filesystem::path> templates;  // files or folders; none = ./templates
  std::filesystem::path wav;                     // empty = text only
};

// 0 on success; usage errors (unreadable or malformed FILLED) and synthesis failures come back
// as errors.
[[nodiscard]] Expected<int> run_readback(const ReadbackCommandOptions& options, std::FILE* out, std::FILE* err);

}  // namespace invox::readback
