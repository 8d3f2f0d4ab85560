#pragma once
// Writing outputs atomically (temp file in the same directory, then rename).
#include <filesystem>
#include <string>
#include <string_view>

#include "invox/expected.hpp"
#include "invox/form.hpp"

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
struct WriteOptions {
  bool force = false;  // replace an existing file even when it is not an invox output
};

// True when `path` holds an invox filled form or report (so replacing it is safe).
[[nodiscard]] bool is_invox_output(const std::filesystem::path& path);
// OK when `path` does not exist or may be replaced: an invox output, or anything regular with
// `force`. A directory (or other non-file) in the way is always an error.
[[nodiscard]] Status check_replaceable(const std::filesystem::path& path, const WriteOptions& options);
// Writes both outputs after checking both can be replaced, so a refusal leaves nothing half
// written. Refuses to replace a file that is not an invox output unless `options.force`.
[[nodiscard]] Status write_outputs(const OutputPaths& paths, const FillOutcome& outcome,
                                   const WriteOptions& options = {});

}  // namespace invox
