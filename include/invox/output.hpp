#pragma once
// Writing outputs atomically (temp file in the same directory, then rename).
#include <filesystem>
#include <string>
#include <string_view>

#include "invox/expected.hpp"
#include "invox/orchestrator.hpp"

namespace invox {

struct OutputPaths {
  std::filesystem::path filled;  // <stem>.filled.json
  std::filesystem::path report;  // <stem>.report.json
};

[[nodiscard]] OutputPaths output_paths_for(const std::filesystem::path& out_dir, const std::string& stem);
// The output stem of an input: file name without its extension(s) (.transcript.json counts as one).
[[nodiscard]] std::string output_stem(const std::filesystem::path& input);

// Writes `content` to `path` atomically: a reader sees the old file or the new one, never a part.
[[nodiscard]] Status write_file_atomically(const std::filesystem::path& path, std::string_view content);
// Writes both outputs. Refuses to replace a file that is not an invox output.
[[nodiscard]] Status write_outputs(const OutputPaths& paths, const FillOutcome& outcome);

}  // namespace invox
